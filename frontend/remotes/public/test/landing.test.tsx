import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Host } from '@planner/frontend-host';
import { LANDING_STATS_REFRESH_MS, LandingPage, PLATFORMS } from '../src/LandingPage.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function hostAnswering(answers: unknown[]): { host: Host; paths: string[] } {
  const paths: string[] = [];
  const host = {
    api: {
      request: async (_method: string, path: string) => {
        paths.push(path);
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next;
      },
    },
  } as unknown as Host;
  return { host, paths };
}

function show(host: Host) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LandingPage host={host} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('landing page (part 1 §1, §2)', () => {
  it('shows Register and Login, the two fixed figures, the live metrics (polled every 60 s) and every platform', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { host, paths } = hostAnswering([
      { total_organizations: 1200, total_posts: 34567 },
      { total_organizations: 1201, total_posts: 34600 },
    ]);
    show(host);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('98.2%')).toBeTruthy();
    expect(screen.getByText('99.7%')).toBeTruthy();
    expect(await screen.findByText('34,567')).toBeTruthy();
    for (const platform of PLATFORMS) expect(screen.getByText(platform)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(LANDING_STATS_REFRESH_MS));
    expect(await screen.findByText('34,600')).toBeTruthy();
    expect(paths).toEqual(['/statistics', '/statistics']);
  });

  it('keeps the page when the statistics cannot be had', async () => {
    const { host } = hostAnswering([new Error('down')]);
    show(host);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByText('—')).toHaveLength(2);
  });
});
