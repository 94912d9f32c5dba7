import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedMessages, StatisticsMessages, type OrganizationStatistics } from '@planner/contracts';
import { StatisticsPage } from '../src/StatisticsPage.js';
import { emptyStatistics, organizationStatistics } from '../../../ui/test/fixtures.js';
import { testHost } from '../../account/test/support.js';
import { apiError, ORG_ID, renderPage, user, type Call } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PATH = '/organization/statistics';
const STATISTICS = `/organizations/${ORG_ID}/statistics`;

/** A host with Acme Bakery selected whose API answers its statistics from `answer`, the refresh from `refresh`. */
function statisticsHost(options: { answer?: () => OrganizationStatistics; refresh?: () => OrganizationStatistics; selected?: boolean } = {}) {
  const test = testHost((call: Call) => {
    if (call.method === 'GET' && call.path === STATISTICS) return { statistics: (options.answer ?? (() => organizationStatistics()))() };
    if (call.method === 'POST' && call.path === `${STATISTICS}/refresh`) return { statistics: (options.refresh ?? (() => organizationStatistics()))() };
    throw apiError(404);
  }, user({ role: 'basic' }));
  test.host.organization = options.selected === false ? null : { id: ORG_ID, name: 'Acme Bakery', is_active: true };
  return test;
}

/** Statistics answers that fail with `error` until `recover()`. */
function failingUntilRecovered(error: Error) {
  let failing = true;
  return {
    answer: () => {
      if (failing) throw error;
      return organizationStatistics();
    },
    recover: () => {
      failing = false;
    },
  };
}

const loads = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === STATISTICS).length;

/** What react-query hears when the window gets the focus back (an automatic reload). */
const focusWindow = () =>
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });

describe('organization statistics page', () => {
  it('without a selected organization says so and calls nothing', () => {
    const { host, calls } = statisticsHost({ selected: false });
    renderPage(StatisticsPage, host, PATH);
    expect(screen.getByRole('alert').textContent).toBe(StatisticsMessages.noOrganization);
    expect(calls).toHaveLength(0);
  });

  it('shows the organization’s figures and charts: by status, over time, by platform, the top 5 platforms with their icons', async () => {
    const { host } = statisticsHost();
    renderPage(StatisticsPage, host, PATH);
    expect(await screen.findByRole('heading', { name: 'Organization Statistics: Acme Bakery' })).toBeTruthy();
    const figures = within(await screen.findByRole('region', { name: 'Overview' }));
    expect(figures.getByText('Total posts').nextElementSibling?.textContent).toBe('12');
    expect(figures.getByText('Successful publications').nextElementSibling?.textContent).toBe('3');
    expect(figures.getByText('Active auto-schedules').nextElementSibling?.textContent).toBe('1');
    // The admin's figures are the global page's.
    expect(figures.queryByText('Organizations')).toBeNull();
    for (const name of ['Posts by status', 'Publications over time (last 30 days)', 'Posts by platform', 'Top 5 platforms']) {
      expect(screen.getByRole('figure', { name })).toBeTruthy();
    }
    const byStatus = within(screen.getByRole('figure', { name: 'Posts by status' })).getByRole('table');
    expect(within(byStatus).getByRole('rowheader', { name: 'Pending review' }).nextElementSibling?.textContent).toBe('4');
    const top = within(screen.getByRole('figure', { name: 'Top 5 platforms' })).getAllByRole('listitem');
    expect(top.map((item) => item.textContent?.trim())).toEqual(['X8 posts', 'LinkedIn6 posts', 'Facebook3 posts', 'Instagram2 posts', 'Telegram1 post']);
    // Each name has its platform's icon beside it, hidden from screen readers (the name is written).
    expect(top.every((item) => item.querySelector('svg[aria-hidden="true"] path'))).toBe(true);
    expect(screen.getByText(/^Last updated: \d{2}\/Mar\/2026 \d{2}:\d{2}$/)).toBeTruthy();
  });

  it('says No Statistics Available for an organization with nothing yet', async () => {
    renderPage(StatisticsPage, statisticsHost({ answer: emptyStatistics }).host, PATH);
    expect(await screen.findByText(StatisticsMessages.empty)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('a failed load: Error Loading Statistics with the API’s message (the circuit’s while open) and Try Again', async () => {
    const api = failingUntilRecovered(apiError(503, null, SharedMessages.serviceUnavailable));
    const { host } = statisticsHost({ answer: api.answer });
    renderPage(StatisticsPage, host, PATH);
    expect(await screen.findByRole('heading', { name: StatisticsMessages.errorTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SharedMessages.serviceUnavailable);
    api.recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('figure', { name: 'Posts by status' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: StatisticsMessages.errorTitle })).toBeNull();
  });

  it('after a failure no automatic reload for 10 s (back-off), then the next one loads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
    const api = failingUntilRecovered(apiError(0, null, SharedMessages.noResponse));
    const { host, calls } = statisticsHost({ answer: api.answer });
    renderPage(StatisticsPage, host, PATH);
    expect(await screen.findByRole('heading', { name: StatisticsMessages.errorTitle })).toBeTruthy();
    expect(loads(calls)).toBe(1);
    api.recover();

    vi.setSystemTime(new Date('2026-03-02T10:00:09.999Z'));
    await focusWindow();
    expect(loads(calls), 'within 10 s of the failure the focus reloads nothing').toBe(1);

    vi.setSystemTime(new Date('2026-03-02T10:00:10.000Z'));
    await focusWindow();
    await waitFor(() => expect(loads(calls)).toBe(2));
    expect(await screen.findByRole('figure', { name: 'Posts by status' })).toBeTruthy();
  });

  it('when the connection is restored after a failure, prompts to click Try Again; the next attempt clears the prompt', async () => {
    const api = failingUntilRecovered(apiError(0, null, SharedMessages.noResponse));
    const { host, restoreConnection } = statisticsHost({ answer: api.answer });
    renderPage(StatisticsPage, host, PATH);
    expect(await screen.findByRole('heading', { name: StatisticsMessages.errorTitle })).toBeTruthy();
    expect(screen.queryByText(StatisticsMessages.connectionRestored)).toBeNull();
    act(restoreConnection);
    expect(screen.getByText('Connection restored. Click "Try Again" to load statistics.').getAttribute('role')).toBe('status');

    // Still failing: the prompt waits for the connection to come back again.
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByText(StatisticsMessages.connectionRestored)).toBeNull());
    api.recover();
    act(restoreConnection);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('figure', { name: 'Posts by status' })).toBeTruthy();
    expect(screen.queryByText(StatisticsMessages.connectionRestored)).toBeNull();
  });

  it('Refresh reloads the organization’s statistics (no admin message); a failed refresh says so', async () => {
    let refreshes = 0;
    const { host, calls, toasts } = statisticsHost({
      refresh: () => {
        refreshes += 1;
        if (refreshes === 2) throw apiError(500);
        return organizationStatistics({ total_posts: 13 });
      },
    });
    renderPage(StatisticsPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByText('Total posts').nextElementSibling?.textContent).toBe('13'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${STATISTICS}/refresh`]);
    expect(toasts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: StatisticsMessages.refreshFailed }]));
    expect(screen.getByText('Total posts').nextElementSibling?.textContent).toBe('13');
  });
});
