import { describe, expect, it } from 'vitest';
import { ContentMessages, logSearchPattern } from '@planner/contracts';
import { highlightParts } from '../src/logs/highlight.js';
import { filterLogFiles } from '../src/logs/LogFileList.js';
import { LINE_HEIGHT, MAX_SCROLL_HEIGHT, renderedLines, scrollGeometry, scrollTopFor, scrollTopToShow, topLineAt } from '../src/logs/virtual-lines.js';
import { formatPercent } from '../src/newsletter/format.js';
import { newsletterInputErrors } from '../src/newsletter/NewsletterForm.js';

describe('newsletter rules', () => {
  it('shows rates as percents with one decimal', () => {
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(0.12345)).toBe('12.3%');
    expect(formatPercent(0.9996)).toBe('100.0%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(0.0004)).toBe('0.0%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
  });

  it('needs a subject and content that are not blank', () => {
    expect(newsletterInputErrors({ subject: 'News', content: '<p>Hi</p>' })).toBeNull();
    expect(newsletterInputErrors({ subject: '  ', content: '<p>Hi</p>' })).toBe(ContentMessages.subjectAndContentRequired);
    expect(newsletterInputErrors({ subject: 'News', content: '\n' })).toBe(ContentMessages.subjectAndContentRequired);
  });
});

describe('log viewer rules', () => {
  it('highlights every match, ignoring case, and keeps the rest of the line as it is', () => {
    const pattern = logSearchPattern('err');
    expect(highlightParts('ERR: an error, Err.', pattern)).toEqual([
      { text: 'ERR', match: true },
      { text: ': an ', match: false },
      { text: 'err', match: true },
      { text: 'or, ', match: false },
      { text: 'Err', match: true },
      { text: '.', match: false },
    ]);
    expect(highlightParts('nothing here', pattern)).toEqual([{ text: 'nothing here', match: false }]);
    expect(highlightParts('', pattern)).toEqual([{ text: '', match: false }]);
    expect(highlightParts('a.b a-b', logSearchPattern('.'))).toEqual([
      { text: 'a', match: false },
      { text: '.', match: true },
      { text: 'b a-b', match: false },
    ]);
    expect(highlightParts('as is', null)).toEqual([{ text: 'as is', match: false }]);
  });

  it('filters the files by name, ignoring case and surrounding spaces', () => {
    const files = ['auth.log', 'AUTH-worker.log', 'gateway.log'].map((name) => ({ name, size: 1, modified: '' }));
    expect(filterLogFiles(files, ' Auth ').map((f) => f.name)).toEqual(['auth.log', 'AUTH-worker.log']);
    expect(filterLogFiles(files, '')).toHaveLength(3);
  });

  it('scrolls a short file line by line and renders only the lines in view', () => {
    const geometry = scrollGeometry(1000, 600);
    expect(geometry.height).toBe(1000 * LINE_HEIGHT);
    expect(topLineAt(200, geometry)).toBe(10);
    expect(scrollTopFor(10, geometry)).toBe(200);
    const window = renderedLines(200, geometry);
    expect(window.first).toBe(0);
    expect(window.last).toBe(10 + 30 + 20);
    expect(window.top).toBe(0);
    expect(renderedLines(10_000, geometry)).toEqual({ first: 480, last: 550, top: 480 * LINE_HEIGHT });
    expect(renderedLines(0, scrollGeometry(0, 600)).last).toBe(-1);
    expect(renderedLines(0, scrollGeometry(5, 600))).toEqual({ first: 0, last: 4, top: 0 });
  });

  it('spreads a file taller than a browser can scroll over the largest scroll area, reaching its first and last line', () => {
    const geometry = scrollGeometry(5_000_000, 600);
    expect(geometry.height).toBe(MAX_SCROLL_HEIGHT);
    expect(renderedLines(0, geometry).first).toBe(0);
    const end = renderedLines(geometry.scrollRange, geometry);
    expect(end.last).toBe(4_999_999);
    expect(end.top + (end.last - end.first + 1) * LINE_HEIGHT, 'the last line ends at the bottom of the area').toBeCloseTo(MAX_SCROLL_HEIGHT, 3);
    expect(topLineAt(scrollTopFor(2_345_678, geometry), geometry)).toBeCloseTo(2_345_678, 3);
    // A line shown in the middle of the view.
    const middle = topLineAt(scrollTopToShow(2_345_678, geometry), geometry);
    expect(middle).toBeCloseTo(2_345_678 - 15 + 0.5, 3);
    const shown = renderedLines(scrollTopToShow(2_345_678, geometry), geometry);
    expect(shown.first).toBeLessThanOrEqual(2_345_678);
    expect(shown.last).toBeGreaterThanOrEqual(2_345_678);
  });
});
