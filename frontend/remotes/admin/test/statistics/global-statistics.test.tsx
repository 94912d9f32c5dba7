import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedMessages, StatisticsMessages, type GlobalStatistics, type Role } from '@planner/contracts';
import { GlobalStatisticsPage } from '../../src/statistics/GlobalStatisticsPage.js';
import { apiError, renderPage, testHost, user, type Call } from '../../../account/test/support.js';
import { globalStatistics } from '../../../../ui/test/fixtures.js';

afterEach(cleanup);

const PATH = '/statistics';

/** A host for a user of `role` whose API answers the global statistics from `answer`, the refresh from `refresh`. */
function adminHost(role: Role, options: { answer?: () => GlobalStatistics; refresh?: () => GlobalStatistics } = {}) {
  return testHost((call: Call) => {
    if (call.method === 'GET' && call.path === '/statistics/admin') return (options.answer ?? (() => globalStatistics()))();
    if (call.method === 'POST' && call.path === '/statistics/refresh') return { statistics: (options.refresh ?? (() => globalStatistics()))() };
    throw apiError(404);
  }, user({ role }));
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('global system statistics page', () => {
  it.each(['pro', 'basic', 'test'] as const)('denies a %s user in the spec’s words and calls nothing', (role) => {
    const { host, calls } = adminHost(role);
    renderPage(GlobalStatisticsPage, host, PATH);
    expect(screen.getByRole('alert').textContent).toBe(SharedMessages.adminRequired);
    expect(calls).toHaveLength(0);
  });

  it.each(['admin', 'superadmin'] as const)('shows a %s every organization’s figures with the admin averages, and the same charts', async (role) => {
    const { host, calls } = adminHost(role, { answer: () => globalStatistics({ avg_posts_per_organization: 2.33 }) });
    renderPage(GlobalStatisticsPage, host, PATH);
    expect(await screen.findByRole('region', { name: 'Overview' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Global System Statistics');
    expect(figure('Organizations')).toBe('4');
    expect(figure('Average posts per organization')).toBe('2.33');
    expect(figure('Average auto-schedules per organization')).toBe('0.5');
    expect(figure('Total posts')).toBe('12');
    for (const name of ['Posts by status', 'Publications over time (last 30 days)', 'Posts by platform', 'Top 5 platforms']) {
      expect(screen.getByRole('figure', { name })).toBeTruthy();
    }
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /statistics/admin']);
  });

  it('Refresh recomputes them: the new figures and Statistics refreshed successfully; a failure says Failed to refresh statistics', async () => {
    let refreshes = 0;
    const { host, toasts } = adminHost('admin', {
      refresh: () => {
        refreshes += 1;
        if (refreshes === 2) throw apiError(503, null, SharedMessages.serviceUnavailable);
        return globalStatistics({ total_organizations: 5 });
      },
    });
    renderPage(GlobalStatisticsPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(figure('Organizations')).toBe('5'));
    expect(toasts).toEqual([{ kind: 'success', message: StatisticsMessages.refreshed }]);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ kind: 'error', message: StatisticsMessages.refreshFailed }));
    expect(figure('Organizations')).toBe('5');
  });

  it('a failed load shows Error Loading Statistics with Try Again', async () => {
    let fail = true;
    const { host } = adminHost('admin', {
      answer: () => {
        if (fail) throw apiError(500, null, SharedMessages.serverError);
        return globalStatistics();
      },
    });
    renderPage(GlobalStatisticsPage, host, PATH);
    const error = within(await screen.findByRole('region', { name: StatisticsMessages.errorTitle }));
    expect(error.getByRole('alert').textContent).toBe(SharedMessages.serverError);
    fail = false;
    await userEvent.click(error.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Overview' })).toBeTruthy();
  });
});
