import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '@planner/contracts';
import { App } from '../src/App.js';
import type { RemoteLoader } from '../src/remotes/loader.js';
import { THEME_KEY } from '../src/theme/theme.js';
import { Providers, startApi, testShell, user } from './support.js';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
  api.handle((call) => (call.path === '/organizations' ? { status: 200, body: [{ id: 'o1', name: 'First', is_active: true }] } : { status: 404 }));
});
afterEach(cleanup);

const loader: RemoteLoader = { load: async () => ({ pages: { ProfilePage: async () => () => <h1>Profile</h1>, TermsPage: async () => () => <h1>Terms</h1> }, config: {} }) };

function renderAt(path: string, role?: PublicUser['role']) {
  const shell = testShell(api.url, { remotes: loader });
  if (role) shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role }) });
  render(<Providers services={shell.services} path={path}><App /></Providers>);
}

const namesIn = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.textContent);

describe('sidebar (issue 30)', () => {
  it("groups an admin's items under Organization and Admin, the account's at its foot, beside the page", async () => {
    renderAt('/profile', 'admin');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const organization = await within(nav).findByRole('list', { name: 'Organization' });
    expect(namesIn(organization)).toEqual(['Design', 'Results', 'Examples', 'Calendar', 'Post Review', 'Auto-Post', 'Account Statistics', 'Config']);
    expect(within(organization).getByRole('link', { name: 'Config' }).getAttribute('href')).toBe('/organization/config');
    expect(namesIn(within(nav).getByRole('list', { name: 'Admin' }))).toEqual(['Panel', 'Statistics', 'Newsletter', 'Logs']);
    const foot = within(nav).getByRole('button', { name: 'Logout' }).closest('ul')!;
    expect(namesIn(foot)).toEqual(['Profile']);
    // The organization switcher comes before the groups.
    const switcher = within(nav).getByRole('button', { name: /▾$/ });
    expect(switcher.compareDocumentPosition(organization) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(nav.closest('.layout')?.classList.contains('layout-sidebar')).toBe(true);
  });

  it("shows a basic user no Admin group and Upgrade at the foot; a visitor the top bar", async () => {
    renderAt('/profile', 'basic');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('list', { name: 'Organization' });
    expect(within(nav).queryByRole('list', { name: 'Admin' })).toBeNull();
    expect(namesIn(within(nav).getByRole('button', { name: 'Logout' }).closest('ul')!)).toEqual(['Upgrade', 'Profile']);
    cleanup();
    window.localStorage.clear();
    renderAt('/terms');
    await screen.findByRole('heading', { name: 'Terms' });
    const visitorNav = screen.getByRole('navigation', { name: 'Main' });
    expect(namesIn(visitorNav)).toEqual(['Login', 'Register', 'Blog', 'Newsletter']);
    expect(visitorNav.closest('.layout')?.classList.contains('layout-sidebar')).toBe(false);
  });

  it('opens and closes on phones from its Menu button', async () => {
    renderAt('/profile', 'pro');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.classList.contains('open')).toBe(false);
    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('open')).toBe(true);
    await userEvent.click(await within(nav).findByRole('link', { name: 'Config' }));
    await waitFor(() => expect(nav.classList.contains('open')).toBe(false));
  });
});

describe('theme (issue 30)', () => {
  /** The script index.html runs before the first paint, as the browser runs it (a blocking classic script in <head>). */
  function runPrePaintScript() {
    const html = readFileSync(path.resolve(import.meta.dirname, '..', 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/theme-init\.js"><\/script>/);
    new Function(readFileSync(path.resolve(import.meta.dirname, '..', 'public', 'theme-init.js'), 'utf8'))();
  }

  it.each(['light', 'dark'] as const)('applies a stored %s before the first paint', (choice) => {
    window.localStorage.setItem(THEME_KEY, choice);
    runPrePaintScript();
    expect(document.documentElement.dataset.theme).toBe(choice);
  });

  it("follows the system without a stored choice (no data-theme; the stylesheet's color-scheme: light dark)", () => {
    window.localStorage.setItem(THEME_KEY, 'sepia');
    runPrePaintScript();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    const css = readFileSync(path.resolve(import.meta.dirname, '..', 'src', 'styles.css'), 'utf8');
    expect(css).toMatch(/:root \{[^}]*color-scheme: light dark;/);
    expect(css).toMatch(/:root\[data-theme='dark'\] \{\s*color-scheme: dark;/);
    expect(css).toMatch(/:root\[data-theme='light'\] \{\s*color-scheme: light;/);
  });

  it('switches with the theme switch, remembers the choice, and forgets it for System', async () => {
    renderAt('/terms');
    const theme = await screen.findByRole('group', { name: 'Theme' });
    expect(within(theme).getByRole('button', { name: 'System' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(theme).getByRole('button', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(within(theme).getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(theme).getByRole('button', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(window.localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('shows the stored choice, and follows a choice made in another tab', async () => {
    window.localStorage.setItem(THEME_KEY, 'light');
    renderAt('/terms');
    const theme = await screen.findByRole('group', { name: 'Theme' });
    expect(within(theme).getByRole('button', { name: 'Light' }).getAttribute('aria-pressed')).toBe('true');
    act(() => {
      window.localStorage.setItem(THEME_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }));
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(within(theme).getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('loading and not found (issue 30)', () => {
  it('shows a page loading as skeletons, announced as Loading… to screen readers', async () => {
    const never: RemoteLoader = { load: () => new Promise(() => undefined) };
    const shell = testShell(api.url, { remotes: never });
    render(<Providers services={shell.services} path="/terms"><App /></Providers>);
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
    expect(status.querySelectorAll('.skeleton').length).toBeGreaterThan(0);
  });

  it('shows Page Not Found in the layout, with what to do next and Return to Home', async () => {
    renderAt('/no-such-page', 'pro');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText(/Start again from the home page, or use the menu/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
