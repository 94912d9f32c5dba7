import { StatisticsMessages } from '@planner/contracts';
import { describe, expect, it } from 'vitest';
import {
  canReloadAutomatically,
  failureMessage,
  hasStatistics,
  platformChart,
  publicationsChart,
  STATISTICS_RETRY_BACKOFF_MS,
  statusChart,
  topPlatforms,
} from '../src/statistics/data.js';
import { emptyStatistics, organizationStatistics } from './fixtures.js';

describe('statistics → chart series', () => {
  it('posts by status: a bar per status in the review’s order, each its own colour', () => {
    const chart = statusChart(organizationStatistics());
    expect(chart.categories).toEqual(['Pending review', 'Approved', 'Rejected', 'Published', 'Failed']);
    expect(chart.series).toHaveLength(1);
    expect(chart.series[0]!.values).toEqual([4, 3, 1, 3, 1]);
    expect(new Set(chart.series[0]!.color).size).toBe(5);
  });

  it('posts by platform: posts and publications per platform, most posts first, ties by publications then name', () => {
    const chart = platformChart({
      platforms_usage: { LinkedIn: 6, X: 8, Telegram: 1, Threads: 1, Facebook: 1 },
      successful_publications_by_platform: { X: 2, Threads: 1, YouTube: 1 },
    });
    // YouTube: published posts since deleted, so named by no live post.
    expect(chart.categories).toEqual(['X', 'LinkedIn', 'Threads', 'Facebook', 'Telegram', 'YouTube']);
    expect(chart.series.map((s) => [s.label, s.values])).toEqual([
      ['Posts', [8, 6, 1, 1, 1, 0]],
      ['Published', [2, 0, 1, 0, 0, 1]],
    ]);
  });

  it('top 5 platforms: the five most named, with their icon’s platform', () => {
    expect(topPlatforms(organizationStatistics().platforms_usage)).toEqual([
      { name: 'X', platform: 'x', posts: 8 },
      { name: 'LinkedIn', platform: 'linkedin', posts: 6 },
      { name: 'Facebook', platform: 'facebook', posts: 3 },
      { name: 'Instagram', platform: 'instagram', posts: 2 },
      { name: 'Telegram', platform: 'telegram', posts: 1 },
    ]);
    expect(topPlatforms({ Mastodon: 2, X: 0 })).toEqual([{ name: 'Mastodon', platform: null, posts: 2 }]);
  });

  it('publications over time: a point per day, labelled dd/Mon', () => {
    const chart = publicationsChart(organizationStatistics());
    expect(chart.categories).toHaveLength(30);
    expect(chart.categories[0]).toBe('01/Feb');
    expect(chart.categories.at(-1)).toBe('02/Mar');
    expect(chart.series[0]!.values.slice(-3)).toEqual([0, 1, 2]);
  });

  it('has statistics with a post, a deleted post, a publication or an auto-schedule; not with none', () => {
    expect(hasStatistics(emptyStatistics())).toBe(false);
    for (const over of [{ total_posts: 1 }, { deleted_posts: 1 }, { successful_publications: 1 }, { total_schedules: 1 }]) {
      expect(hasStatistics({ ...emptyStatistics(), ...over }), JSON.stringify(over)).toBe(true);
    }
  });
});

describe('load failures (part 2 §8)', () => {
  const apiError = (message: string) => Object.assign(new Error(message), { status: 503, body: null });

  it('says the API’s message, else Failed to load statistics; anything else is unexpected or unknown', () => {
    expect(failureMessage(apiError('Service temporarily unavailable. Please try again later.'))).toBe('Service temporarily unavailable. Please try again later.');
    expect(failureMessage(apiError(''))).toBe(StatisticsMessages.loadFailed);
    expect(failureMessage(new TypeError('x is undefined'))).toBe(StatisticsMessages.unexpected);
    expect(failureMessage('boom')).toBe(StatisticsMessages.unknown);
  });

  it('no automatic reload within 10 s of a failure; after it, or without one, yes', () => {
    const failed = { status: 'error', errorUpdatedAt: 1_000_000 };
    expect(STATISTICS_RETRY_BACKOFF_MS).toBe(10_000);
    expect(canReloadAutomatically(failed, 1_000_000 + 9_999)).toBe(false);
    expect(canReloadAutomatically(failed, 1_000_000 + 10_000)).toBe(true);
    expect(canReloadAutomatically({ status: 'success', errorUpdatedAt: 1_000_000 }, 1_000_001)).toBe(true);
    expect(canReloadAutomatically(undefined, 0)).toBe(true);
  });
});
