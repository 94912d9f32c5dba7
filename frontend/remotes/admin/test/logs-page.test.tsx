import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_LIMITS, SharedMessages, type LogFile } from '@planner/contracts';
import { LogsPage } from '../src/logs/LogsPage.js';
import { BLOCK_LINES } from '../src/logs/useLogLines.js';
import { MAX_SCROLL_HEIGHT, renderedLines, scrollGeometry } from '../src/logs/virtual-lines.js';
import { adminHost, apiError, renderPage, type Call } from './support.js';

afterEach(cleanup);

const FILES: LogFile[] = [
  { name: 'gateway.log', size: 52_428_800, modified: '2026-11-24T10:00:00.000Z' },
  { name: 'auth.log', size: 1536, modified: '2026-11-24T09:00:00.000Z' },
  { name: 'Posts-Worker.log', size: 512, modified: '2026-11-23T09:00:00.000Z' },
];

/** Line i of a log of `total` lines: every 100 000th line from 3 on says ERROR, in changing case. */
const lineOf = (i: number) => (i % 100_000 === 3 ? `${i} Error: upstream ${i % 200_000 === 3 ? 'ERROR' : 'error'} timeout` : `${i} request served`);

/** The gateway's /logs routes over a file of `total` lines, computed, not stored. */
function logsHost(total: number, files: LogFile[] = FILES) {
  return adminHost({}, (call: Call) => {
    const url = new URL(call.path, 'http://x');
    if (url.pathname === '/logs/') return files;
    const from = Number(url.searchParams.get('from') ?? 0);
    if (url.pathname.endsWith('/lines')) {
      const count = Number(url.searchParams.get('count'));
      // As the gateway: a bounded range a request.
      if (!(count >= 1 && count <= LOG_LIMITS.linesPerRequest)) throw apiError(400, { message: 'count must be a whole number from 1 to 1000.' });
      const lines = Array.from({ length: Math.max(0, Math.min(count, total - from)) }, (_, k) => lineOf(from + k));
      return { filename: 'gateway.log', size: 52_428_800, total_lines: total, from, lines };
    }
    const q = url.searchParams.get('q')!.toLowerCase();
    const all: number[] = [];
    for (let i = 3; i < total; i += 100_000) if (lineOf(i).toLowerCase().includes(q)) all.push(i);
    const after = all.filter((i) => i >= from);
    return { filename: 'gateway.log', query: q, total_lines: total, from, match_count: all.length, matches: after.slice(0, 2) };
  });
}

const linesCalls = (calls: Call[]) => calls.filter((c) => c.path.includes('/lines')).map((c) => new URL(c.path, 'http://x').searchParams.get('from'));

async function open(name: string, total = 1000) {
  const test = logsHost(total);
  renderPage(LogsPage, test.host, '/logs');
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  const viewer = await screen.findByRole('region', { name: `Contents of ${name}` });
  await within(viewer).findByText('0 request served');
  return { ...test, viewer };
}

describe('system logs: the file list', () => {
  it('lists the files with their sizes in B, KB and MB, and filters them by name, ignoring case', async () => {
    renderPage(LogsPage, logsHost(10).host, '/logs');
    const list = await screen.findByRole('list', { name: 'Log files' });
    const rows = within(list).getAllByRole('button').map((b) => b.textContent);
    expect(rows[0]).toMatch(/^gateway\.log50 MB · /);
    expect(rows[1]).toMatch(/^auth\.log1\.5 KB · /);
    expect(rows[2]).toMatch(/^Posts-Worker\.log512 B · /);
    await userEvent.type(screen.getByLabelText('Filter files'), 'WORKER');
    expect(within(list).getAllByRole('button').map((b) => b.textContent?.split('.log')[0])).toEqual(['Posts-Worker']);
    await userEvent.clear(screen.getByLabelText('Filter files'));
    await userEvent.type(screen.getByLabelText('Filter files'), 'nginx');
    expect(screen.getByText('No log files match “nginx”.')).toBeTruthy();
  });

  it("says 'No log files found' when there are none", async () => {
    renderPage(LogsPage, logsHost(0, []).host, '/logs');
    expect(await screen.findByText(SharedMessages.noLogFiles)).toBeTruthy();
  });
});

describe('system logs: the viewer', () => {
  it('renders only the lines in view of a file of a million lines, fetching them a block at a time', async () => {
    const { viewer, calls } = await open('gateway.log', 1_000_000);
    expect(screen.getByText('1,000,000 lines')).toBeTruthy();
    expect(linesCalls(calls)).toEqual(['0']);
    expect(calls.find((c) => c.path.includes('/lines'))!.path).toBe(`/logs/gateway.log/lines?from=0&count=${BLOCK_LINES}`);
    const rendered = viewer.querySelectorAll('.log-line');
    expect(rendered.length).toBeGreaterThan(20);
    expect(rendered.length).toBeLessThan(100);
    expect((viewer.firstElementChild as HTMLElement).style.height, 'the scroll area is capped').toBe(`${MAX_SCROLL_HEIGHT}px`);

    // Scrolled to the middle: the lines there are fetched once the scrolling pauses.
    await act(async () => {
      viewer.scrollTop = MAX_SCROLL_HEIGHT / 2;
      fireEvent.scroll(viewer);
    });
    const { first, last } = renderedLines(MAX_SCROLL_HEIGHT / 2, scrollGeometry(1_000_000, 600));
    expect(first).toBeGreaterThan(499_000);
    await waitFor(() => expect(within(viewer).getByText(`${first} request served`)).toBeTruthy());
    expect(within(viewer).getByText(`${last} request served`)).toBeTruthy();
    expect(linesCalls(calls)).toEqual(['0', String(Math.floor(first / BLOCK_LINES) * BLOCK_LINES)]);
    expect(viewer.querySelectorAll('.log-line').length).toBeLessThan(100);

    await userEvent.click(screen.getByRole('button', { name: 'Bottom' }));
    expect(await within(viewer).findByText('999999 request served')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Top' }));
    expect(await within(viewer).findByText('0 request served')).toBeTruthy();
  });

  it('searches on the server, marks every match ignoring case, and goes from match to match', async () => {
    const { viewer, calls } = await open('gateway.log', 1_000_000);
    await userEvent.type(screen.getByLabelText('Search in file'), 'error');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('10 matching lines · 1 of 10 (line 4)')).toBeTruthy();
    expect(calls.some((c) => c.path === '/logs/gateway.log/search?q=error&from=0')).toBe(true);
    const current = viewer.querySelector('.current-match')!;
    expect(current.textContent).toBe('43 Error: upstream ERROR timeout');
    expect([...current.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Error', 'ERROR']);

    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('10 matching lines · 2 of 10 (line 100,004)')).toBeTruthy();
    await waitFor(() => expect(viewer.querySelector('.current-match')?.textContent).toBe('100004100003 Error: upstream error timeout'));
    expect([...viewer.querySelectorAll('.current-match mark')].map((m) => m.textContent)).toEqual(['Error', 'error']);

    // Past the matches the server answered: the next ones are asked for.
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('10 matching lines · 3 of 10 (line 200,004)')).toBeTruthy();
    expect(calls.some((c) => c.path === '/logs/gateway.log/search?q=error&from=100004')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(await screen.findByText('10 matching lines · 2 of 10 (line 100,004)')).toBeTruthy();
    // Searching again for the same text goes on to the next match, as a browser's find does.
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('10 matching lines · 3 of 10 (line 200,004)')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Search in file'));
    await userEvent.type(screen.getByLabelText('Search in file'), 'no such thing{Enter}');
    expect(await screen.findByText('No lines match “no such thing”.')).toBeTruthy();
    expect(viewer.querySelectorAll('mark')).toHaveLength(0);
  });

  it('searching again after the last match starts over at the first; Next stops at the last', async () => {
    const { viewer } = await open('gateway.log', 150_000);
    await userEvent.type(screen.getByLabelText('Search in file'), 'ERROR{Enter}');
    expect(await screen.findByText('2 matching lines · 1 of 2 (line 4)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('2 matching lines · 2 of 2 (line 100,004)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next match' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Top' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('2 matching lines · 1 of 2 (line 4)')).toBeTruthy();
    await waitFor(() => expect(viewer.querySelector('.current-match')?.textContent).toBe('43 Error: upstream ERROR timeout'));
  });

  it('limits the search text as the server does', async () => {
    await open('gateway.log');
    expect(screen.getByLabelText('Search in file').getAttribute('maxlength')).toBe(String(LOG_LIMITS.queryChars));
  });

  it('goes fullscreen and back (button or Escape), and Refresh fetches the list and the file again', async () => {
    const { calls } = await open('auth.log', 30);
    const panel = screen.getByRole('region', { name: 'Contents of auth.log' }).closest('section')!;
    const toggle = screen.getByRole('button', { name: 'Fullscreen' });
    await userEvent.click(toggle);
    expect(panel.classList.contains('log-viewer-fullscreen')).toBe(true);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Exit fullscreen');
    await userEvent.keyboard('{Escape}');
    expect(panel.classList.contains('log-viewer-fullscreen')).toBe(false);

    const lists = calls.filter((c) => c.path === '/logs/').length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/logs/').length).toBe(lists + 1));
    await waitFor(() => expect(linesCalls(calls)).toEqual(['0', '0']));
  });
});
