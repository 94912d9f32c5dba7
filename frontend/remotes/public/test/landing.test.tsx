import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANDING_STATS_REFRESH_MS, LandingPage, PLATFORMS } from '../src/LandingPage.js';
import { renderPage, testHost } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('landing page (part 1 §1, §2)', () => {
  it('shows Register and Login, the two fixed figures, the live metrics (polled every 60 s) and every platform', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stats = [
      { total_organizations: 1200, total_posts: 34567 },
      { total_organizations: 1201, total_posts: 34600 },
    ];
    const { host, calls } = testHost((call) => (call.path === '/statistics' ? stats.shift() : { posts: [], pagination: { total_pages: 1 } }));
    renderPage(LandingPage, host, '/');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('98.2%')).toBeTruthy();
    expect(screen.getByText('99.7%')).toBeTruthy();
    expect(await screen.findByText('34,567')).toBeTruthy();
    for (const platform of PLATFORMS) expect(screen.getByText(platform)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(LANDING_STATS_REFRESH_MS));
    expect(await screen.findByText('34,600')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/statistics')).toHaveLength(2);
  });

  it('keeps the page when the statistics cannot be had', async () => {
    const { host } = testHost(() => {
      throw new Error('down');
    });
    renderPage(LandingPage, host, '/');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByText('—')).toHaveLength(2);
  });
});
