import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { SELECTED_ORGANIZATION_KEY } from '@planner/remote-contract';
import { RequireAdmin, RequireAuth, RequireFeature, RequireOrganization } from '../src/guards.js';
import { useSelectedOrganizationOrNull } from '../src/selected-organization.js';
import { Providers, startApi, testShell, user } from './support.js';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

function Selected() {
  return <p>Selected {useSelectedOrganizationOrNull()?.name}</p>;
}

function routes() {
  return (
    <Routes>
      <Route path="/login" element={<p>Login screen</p>} />
      <Route path="/plan-selection" element={<p>Plan selection</p>} />
      <Route path="/accounts" element={<p>Accounts screen</p>} />
      <Route path="/profile" element={<RequireAuth><p>Profile screen</p></RequireAuth>} />
      <Route path="/logs" element={<RequireAdmin><p>Logs screen</p></RequireAdmin>} />
      <Route path="/admin" element={<RequireAdmin denial={SharedMessages.accessDenied}><p>Admin panel</p></RequireAdmin>} />
      <Route path="/organization/generator" element={<RequireFeature feature="generator"><p>Generator screen</p></RequireFeature>} />
      <Route path="/organization/calendar" element={<RequireFeature feature="calendar"><p>Calendar screen</p></RequireFeature>} />
      <Route path="/organization/config" element={<RequireAuth><RequireOrganization><Selected /></RequireOrganization></RequireAuth>} />
      <Route path="/organization/:id/generator" element={<RequireAuth><RequireOrganization selectParam="id"><Selected /></RequireOrganization></RequireAuth>} />
    </Routes>
  );
}

function at(path: string, role?: Parameters<typeof user>[0]) {
  const shell = testShell(api.url);
  if (role) shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user(role) });
  render(<Providers services={shell.services} path={path}>{routes()}</Providers>);
  return shell;
}

describe('authenticated-only guard', () => {
  it('sends a visitor to /login and lets a user in', () => {
    at('/profile');
    expect(screen.getByText('Login screen')).toBeTruthy();
    cleanup();
    at('/profile', {});
    expect(screen.getByText('Profile screen')).toBeTruthy();
  });
});

describe('admin guard (part 1 §6)', () => {
  it('sends a visitor to /login, tells other users admin access is required, and lets admins in', () => {
    at('/logs');
    expect(screen.getByText('Login screen')).toBeTruthy();
    for (const role of ['basic', 'advanced', 'test'] as const) {
      cleanup();
      at('/logs', { role });
      expect(screen.getByRole('alert').textContent).toBe(SharedMessages.adminRequired);
      expect(screen.queryByText('Logs screen')).toBeNull();
    }
    for (const role of ['admin', 'superadmin'] as const) {
      cleanup();
      at('/logs', { role });
      expect(screen.getByText('Logs screen')).toBeTruthy();
    }
  });

  it('gives an admin page its own denial: the panel’s words on /admin', () => {
    at('/admin');
    expect(screen.getByText('Login screen')).toBeTruthy();
    for (const role of ['basic', 'advanced', 'test'] as const) {
      cleanup();
      at('/admin', { role });
      expect(screen.getByRole('alert').textContent).toBe(SharedMessages.accessDenied);
      expect(screen.queryByText('Admin panel')).toBeNull();
    }
    for (const role of ['admin', 'superadmin'] as const) {
      cleanup();
      at('/admin', { role });
      expect(screen.getByText('Admin panel')).toBeTruthy();
    }
  });
});

describe('feature guard (part 1 §6)', () => {
  it.each([
    ['basic', '/organization/calendar', 'Plan selection'],
    ['test', '/organization/calendar', 'Plan selection'],
    ['starter', '/organization/calendar', 'Calendar screen'],
    ['pro', '/organization/generator', 'Generator screen'],
    ['admin', '/organization/generator', 'Generator screen'],
  ] as const)('%s at %s sees %s', (role, path, text) => {
    at(path, { role });
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('follows the capability flag for a role without the feature', () => {
    at('/organization/calendar', {
      role: 'basic',
      capabilities: { can_use_generator: false, can_use_calendar: true, can_use_auto_post: false, can_use_post_review: false },
    });
    expect(screen.getByText('Calendar screen')).toBeTruthy();
  });
});

describe('organization selection guard', () => {
  const orgs = [
    { id: 'o1', name: 'First', is_active: true },
    { id: 'o2', name: 'Second', is_active: true },
  ];

  it('sends a user without organizations to /accounts', async () => {
    api.handle(() => ({ status: 200, body: [] }));
    at('/organization/config', {});
    expect(await screen.findByText('Accounts screen')).toBeTruthy();
  });

  it('picks the first organization when none is selected, and keeps a valid selection', async () => {
    api.handle(() => ({ status: 200, body: orgs }));
    at('/organization/config', {});
    expect(await screen.findByText('Selected First')).toBeTruthy();
    expect(window.localStorage.getItem(SELECTED_ORGANIZATION_KEY)).toBe('o1');
    cleanup();
    window.localStorage.setItem(SELECTED_ORGANIZATION_KEY, 'o2');
    at('/organization/config', {});
    expect(await screen.findByText('Selected Second')).toBeTruthy();
  });

  it('selects the organization a path names when it is one of the user\'s (/organization/{id}/generator), else keeps the selection', async () => {
    api.handle(() => ({ status: 200, body: orgs }));
    window.localStorage.setItem(SELECTED_ORGANIZATION_KEY, 'o1');
    at('/organization/o2/generator', {});
    expect(await screen.findByText('Selected Second')).toBeTruthy();
    expect(window.localStorage.getItem(SELECTED_ORGANIZATION_KEY)).toBe('o2');
    cleanup();
    at('/organization/someone-else/generator', {});
    expect(await screen.findByText('Selected Second')).toBeTruthy();
  });

  it('shows an error with Try Again (which reloads) and Return to Home', async () => {
    api.handle(() => ({ status: 500, body: { error: 'Internal Server Error', message: 'Database is down.' } }));
    at('/organization/config', {});
    expect(await screen.findByText('Database is down.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    api.handle(() => ({ status: 200, body: orgs }));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Selected First')).toBeTruthy();
  });
});

describe('organization list cache (part 1 §9, part 2 §8)', () => {
  const orgs = [{ id: 'o1', name: 'Cached Co', is_active: true }];

  it('keeps the list for 24 h and shows it with a notice when the server cannot be reached', async () => {
    const { loadOrganizations, OrganizationLoadMessages, ORGANIZATION_CACHE_MS } = await import('../src/organizations.js');
    api.handle(() => ({ status: 200, body: orgs }));
    const online = testShell(api.url);
    expect(await loadOrganizations(online.services, 'user-1', () => 1_000)).toEqual(orgs);

    const offline = testShell('http://127.0.0.1:9');
    expect(await loadOrganizations(offline.services, 'user-1', () => 1_000 + ORGANIZATION_CACHE_MS - 1)).toEqual(orgs);
    expect(offline.services.toasts.getSnapshot().map((t) => t.message)).toContain(OrganizationLoadMessages.showingCached);

    await expect(loadOrganizations(testShell('http://127.0.0.1:9').services, 'user-1', () => 1_000 + ORGANIZATION_CACHE_MS)).rejects.toThrow();
    await expect(loadOrganizations(testShell('http://127.0.0.1:9').services, 'another-user', () => 2_000), "another user's list is never shown").rejects.toThrow();
  });

  it('says the list could not be loaded, or that the rate limit was reached', async () => {
    const { loadOrganizations, OrganizationLoadMessages } = await import('../src/organizations.js');
    api.handle(() => ({ status: 500, body: { message: 'boom' } }));
    const failing = testShell(api.url);
    await expect(loadOrganizations(failing.services, 'user-1')).rejects.toThrow();
    expect(failing.services.toasts.getSnapshot().map((t) => t.message)).toEqual([OrganizationLoadMessages.failed]);
    api.handle(() => ({ status: 429, body: { message: 'busy' } }));
    const limited = testShell(api.url);
    await expect(loadOrganizations(limited.services, 'user-1')).rejects.toThrow();
    expect(limited.services.toasts.getSnapshot().map((t) => t.message)).toEqual(['Rate limit reached. Please try again later.']);
  });
});
