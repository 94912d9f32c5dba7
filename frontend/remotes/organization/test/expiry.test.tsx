import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformConnection } from '@planner/remote-contract';
import { ConfigPage } from '../src/ConfigPage.js';
import { reconnectBeforeExpiry } from '../src/Platforms.js';
import { config, configHost, ORG_ID, renderPage } from './support.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const connected = (platform: string, expiresAt: string, refreshable: boolean): PlatformConnection => ({
  is_connected: true,
  url: null,
  platform,
  status: 'connected',
  sandbox: false,
  label: null,
  specific_data: { user_name: 'Member' },
  expires_at: expiresAt,
  refreshable,
  notice: null,
});

/** The configuration page with these connections, in the organization's time zone (or none: the browser's). */
function page(platforms: Record<string, PlatformConnection>, timezone?: string) {
  const answer = config({ platforms });
  if (timezone) answer.organization.timezone = timezone;
  else delete (answer.organization as { timezone?: string }).timezone;
  const test = configHost({
    answer: () => answer,
    change: (call) => (call.path.startsWith('/oauth/linkedin/pages') ? { pages: [] } : { redirect_url: 'https://linkedin.example/authorize' }),
  });
  renderPage(ConfigPage, test.host, '/organization/config');
  return test;
}

describe('when a connection that cannot be refreshed expires (issue 29 §9)', () => {
  it('shows the date in the organization’s time zone, and within 7 days highlights it with a call to connect again', async () => {
    // Only the clock is fixed: the page's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
    vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    const { calls } = page(
      {
        LINKEDIN: connected('linkedin', '2026-06-04T05:30:00.000Z', false),
        X: connected('x', '2026-07-15T05:30:00.000Z', false),
        YOUTUBE: connected('youtube', '2026-06-02T05:30:00.000Z', true),
      },
      'Asia/Tokyo',
    );
    const linkedin = await screen.findByRole('button', { name: /^LinkedIn/ });
    const soon = within(linkedin).getByText('Expires on Jun 4, 2026, 2:30 PM', { exact: false });
    expect(soon.className).toContain('badge-yellow');
    const later = within(screen.getByRole('button', { name: /^X / })).getByText('Expires on Jul 15, 2026, 2:30 PM', { exact: false });
    expect(later.className).not.toContain('badge-yellow');
    // A token renewed without the user shows no expiry.
    expect(within(screen.getByRole('button', { name: /^YouTube/ })).queryByText(/Expires on/)).toBeNull();

    await userEvent.click(linkedin);
    const panel = screen.getByRole('region', { name: 'LinkedIn settings' });
    expect(within(panel).getByText(`Expires on Jun 4, 2026, 2:30 PM. ${reconnectBeforeExpiry('LinkedIn')}`)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Connect again' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/oauth/linkedin/authorize')?.body).toEqual({ organization_id: ORG_ID }));
    expect(window.open).toHaveBeenCalledWith('https://linkedin.example/authorize', 'oauth', 'width=800,height=700');
    // Nothing to refresh it with: no Refresh offered, only connecting again.
    expect(within(panel).queryByRole('button', { name: 'Refresh' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^YouTube/ }));
    expect(within(screen.getByRole('region', { name: 'YouTube settings' })).getByRole('button', { name: 'Refresh' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^X / }));
    const xPanel = screen.getByRole('region', { name: 'X settings' });
    expect(within(xPanel).getByText('Expires on Jul 15, 2026, 2:30 PM')).toBeTruthy();
    expect(within(xPanel).queryByRole('button', { name: 'Connect again' })).toBeNull();
  });

  it('tells the time in the browser’s zone when the page has none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
    const expiresAt = '2026-06-20T05:30:00.000Z';
    page({ LINKEDIN: connected('linkedin', expiresAt, false) });
    const browser = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt));
    expect(within(await screen.findByRole('button', { name: /^LinkedIn/ })).getByText(`Expires on ${browser}`, { exact: false })).toBeTruthy();
  });
});
