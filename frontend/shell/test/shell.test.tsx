import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { App } from '../src/App.js';
import { REMOTE_FAILED } from '../src/remotes/RemotePage.js';
import type { RemoteLoader } from '../src/remotes/loader.js';
import { SESSION_KEYS } from '../src/session/store.js';
import { Providers, startApi, testShell, user } from './support.js';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

function LoginPage({ host }: HostProps) {
  return <h1>Remote login for {host.session.user?.username ?? 'a visitor'}</h1>;
}

/** Fails `failures` times, then serves the account pages. */
function flakyLoader(failures: number): RemoteLoader & { attempts: number } {
  const loader = {
    attempts: 0,
    load: async () => {
      loader.attempts += 1;
      if (loader.attempts <= failures) throw new Error('remoteEntry.js could not be fetched');
      return { pages: { LoginPage: async () => LoginPage }, config: {} };
    },
  };
  return loader;
}

describe('remote pages', () => {
  it('show an error state with Retry when a remote fails to load, and the page after a successful retry', async () => {
    const loader = flakyLoader(1);
    const shell = testShell(api.url, { remotes: loader });
    render(<Providers services={shell.services} path="/login"><App /></Providers>);
    expect(await screen.findByText(REMOTE_FAILED)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Remote login for a visitor' })).toBeTruthy();
    expect(loader.attempts).toBe(2);
  });

  it('show the same error state when the page chunk fails to load, and the page after a retry', async () => {
    let chunkAttempts = 0;
    const loadLogin = async () => {
      chunkAttempts += 1;
      if (chunkAttempts === 1) throw new Error('LoginPage chunk could not be fetched');
      return LoginPage;
    };
    const shell = testShell(api.url, { remotes: { load: async () => ({ pages: { LoginPage: loadLogin }, config: {} }) } });
    render(<Providers services={shell.services} path="/login"><App /></Providers>);
    expect(await screen.findByText(REMOTE_FAILED)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Remote login for a visitor' })).toBeTruthy();
    expect(chunkAttempts).toBe(2);
  });
});

describe('auth state across tabs (part 1 §4)', () => {
  it('follows a login and a logout made in another tab', async () => {
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    render(<Providers services={shell.services} path="/login"><App /></Providers>);
    expect(await screen.findByRole('link', { name: 'Register' })).toBeTruthy();

    // Another tab writes the session and the browser fires `storage` here.
    act(() => {
      window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user({ username: 'other-tab' })));
      window.localStorage.setItem(SESSION_KEYS.loggedIn, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.loggedIn, newValue: 'true' }));
    });
    expect(await screen.findByRole('heading', { name: 'Remote login for other-tab' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

    act(() => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(await screen.findByRole('link', { name: 'Register' })).toBeTruthy();
  });
});

/** The navigation once a user's items (the signed-in chunk's) are in it. */
async function userItems(): Promise<HTMLElement> {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  await within(nav).findByRole('button', { name: 'Logout' });
  return nav;
}

describe('navigation bar (part 1 §2)', () => {
  it.each([
    ['basic', ['Upgrade', 'Design', 'Config', 'Profile'], ['Panel', 'Login', 'Calendar']],
    ['pro', ['Design', 'Config', 'Profile', 'Account Statistics', 'Calendar'], ['Upgrade', 'Panel']],
    ['admin', ['Panel', 'Statistics', 'Newsletter', 'Logs', 'Design', 'Config', 'Profile', 'Account Statistics', 'Calendar'], ['Upgrade', 'Register']],
  ] as const)('%s sees %j and not %j', async (role, shown, hidden) => {
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role }) });
    render(<Providers services={shell.services} path="/profile"><App /></Providers>);
    const nav = await userItems();
    for (const name of shown) expect(nav.textContent).toContain(name);
    for (const name of hidden) expect(nav.textContent).not.toContain(name);
  });
});

describe('navigation bar: Post Review and Auto-Post (part 2 §2, §6)', () => {
  it.each([
    ['test', {}, [], ['Post Review', 'Auto-Post']],
    ['basic', {}, ['Auto-Post'], ['Post Review']],
    ['basic', { can_use_post_review: true }, ['Auto-Post', 'Post Review'], []],
    ['starter', {}, ['Post Review', 'Auto-Post'], []],
    ['admin', {}, ['Post Review', 'Auto-Post'], []],
  ] as const)('%s %j sees %j and not %j', async (role, grants, shown, hidden) => {
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    const capabilities = { can_use_generator: false, can_use_calendar: false, can_use_auto_post: false, can_use_post_review: false, ...grants };
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role, capabilities }) });
    render(<Providers services={shell.services} path="/profile"><App /></Providers>);
    const nav = await userItems();
    for (const name of shown) expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(name === 'Auto-Post' ? '/organization/autopost' : '/organization/posts');
    for (const name of hidden) expect(within(nav).queryByRole('link', { name })).toBeNull();
  });
});

describe('connection banner', () => {
  it('appears when the server is unreachable and goes with Retry Connection once it answers', async () => {
    const target = { url: 'http://127.0.0.1:9' };
    const shell = testShell(target, { remotes: flakyLoader(0) });
    render(<Providers services={shell.services} path="/login"><App /></Providers>);
    await act(async () => {
      await shell.services.client.request('GET', '/version').catch(() => undefined);
    });
    expect(screen.getByText(SharedMessages.serverUnreachable)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(screen.getByText(SharedMessages.serverUnreachable), 'still down').toBeTruthy();

    target.url = api.url;
    api.handle(() => ({ status: 200, body: { status: 'ok' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(screen.getByText(SharedMessages.serverUnreachable), 'the button acts at most once per 5 s').toBeTruthy();
    await act(async () => {
      await shell.services.client.checkConnection();
    });
    expect(screen.queryByText(SharedMessages.serverUnreachable)).toBeNull();
    expect(api.calls.at(-1)?.path).toBe('/health');
  });
});

describe('rate-limit notice (part 1 §2, §8)', () => {
  it('counts down in the words of the toast that announced the block, from the same remaining time', async () => {
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    api.handle(() => ({ status: 429, headers: { 'retry-after': '88' }, body: { code: 3015, reset: 88 } }));
    render(<Providers services={shell.services} path="/login"><App /></Providers>);
    await act(() => shell.services.client.request('GET', '/statistics').catch(() => undefined));
    const said = SharedMessages.rateLimited('1 minute 28 seconds');
    expect(shell.services.toasts.getSnapshot().map((toast) => toast.message)).toEqual([said]);
    expect(screen.getByRole('timer').textContent).toBe(said);

    shell.clock.now += 3000;
    expect(await screen.findByText(SharedMessages.rateLimited('1 minute 25 seconds'), {}, { timeout: 2000 })).toBeTruthy();
    shell.clock.now += 85_000;
    await waitFor(() => expect(screen.queryByRole('timer')).toBeNull(), { timeout: 2000 });
  });
});

describe('system messages: the banner area (part 1 §3, docs/decisions/notices.md)', () => {
  const messages = Array.from({ length: 11 }, (_, i) => ({
    id: `00000000-0000-4000-8000-0000000000${String(i + 10)}`,
    type: i === 0 ? 'warning' : 'info',
    message: `Message ${i + 1}`,
    duration: 0,
    is_active: true,
    created_by: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  const jane = user();
  const john = user({ id: '00000000-0000-4000-8000-000000000002', username: 'john' });

  async function showMessages(signedIn: typeof jane, shown = messages) {
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: signedIn });
    api.handle((call) => (call.path === '/system-messages/' ? { status: 200, body: { messages: shown } } : { status: 404 }));
    const view = render(<Providers services={shell.services} path="/login"><App /></Providers>);
    await act(() => shell.services.systemMessages.fetchOnce());
    return { shell, view, area: screen.getByRole('region', { name: 'System messages' }) };
  }

  beforeEach(() => window.sessionStorage.clear());

  it('shows at most three at once, in the page below the header rather than as toasts, with how many more wait', async () => {
    const { area } = await showMessages(jane);
    expect(within(area).getAllByRole('button', { name: 'Dismiss message' })).toHaveLength(3);
    expect(within(area).getByRole('alert').textContent).toContain('Message 1');
    expect(within(area).getByText('Message 3')).toBeTruthy();
    expect(within(area).queryByText('Message 4')).toBeNull();
    expect(within(area).getByText('and 8 more')).toBeTruthy();
    expect(screen.getAllByText(/^Message \d+$/).every((shown) => area.contains(shown)), 'none as a toast').toBe(true);
    expect(area.compareDocumentPosition(screen.getByRole('navigation')) & Node.DOCUMENT_POSITION_PRECEDING, 'below the header').toBeTruthy();
  });

  it('remembers a dismissal for that user after a reload, and not for another user', async () => {
    const first = await showMessages(jane);
    await userEvent.click(within(first.area).getAllByRole('button', { name: 'Dismiss message' })[0]!);
    expect(within(first.area).queryByText('Message 1')).toBeNull();
    expect(within(first.area).getByText('Message 4'), 'the next moves up').toBeTruthy();
    expect(within(first.area).getByText('and 7 more')).toBeTruthy();
    first.view.unmount();

    const reloaded = await showMessages(jane);
    expect(within(reloaded.area).queryByText('Message 1')).toBeNull();
    expect(within(reloaded.area).getByText('Message 4')).toBeTruthy();
    reloaded.view.unmount();

    const other = await showMessages(john);
    expect(within(other.area).getByText('Message 1')).toBeTruthy();
  });

  it('lets a timed message run out after its duration, for the rest of the browser session', async () => {
    const timed = messages.map((message, i) => (i === 1 ? { ...message, duration: 50 } : message));
    const { area, view } = await showMessages(jane, timed);
    expect(within(area).getByText('Message 2')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(within(area).queryByText('Message 2')).toBeNull();
    view.unmount();
    const reloaded = await showMessages(jane, timed);
    expect(within(reloaded.area).queryByText('Message 2')).toBeNull();
  });
});

describe('organization switcher (part 2 §2)', () => {
  const orgs = ['One', 'Two', 'Three', 'Four', 'Five'].map((name, i) => ({ id: `o${i}`, name, is_active: true }));

  function openSwitcher(list: typeof orgs) {
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: list } : { status: 404 }));
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user() });
    render(<Providers services={shell.services} path="/login"><App /></Providers>);
    return shell;
  }

  it("lists 3 organizations, then '+N more accounts', and an Accounts link; choosing one selects it", async () => {
    openSwitcher(orgs);
    const toggle = await screen.findByRole('button', { name: 'One ▾' });
    await userEvent.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect([...menu.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['One', 'Two', 'Three', '+2 more accounts']);
    expect(within(menu).getByRole('link', { name: 'Accounts' }).getAttribute('href')).toBe('/accounts');
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    await userEvent.click(toggle);
    await userEvent.click(within(menu).getByRole('button', { name: 'Three' }));
    expect(await screen.findByRole('button', { name: 'Three ▾' })).toBeTruthy();
    expect(window.localStorage.getItem('selected_organization_id')).toBe('o2');
  });

  it("reads 'No accounts available' without organizations", async () => {
    openSwitcher([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Accounts ▾' }));
    expect(await screen.findByText('No accounts available')).toBeTruthy();
  });
});

describe('routes', () => {
  it('shows the OAuth result pages without the navigation bar, and the public pages with it', async () => {
    const pages = {
      OAuthSuccessPage: async () => () => <h1>OAuth done</h1>,
      TermsPage: async () => () => <h1>Terms</h1>,
    };
    const loader: RemoteLoader = { load: async () => ({ pages, config: {} }) };
    const shell = testShell(api.url, { remotes: loader });
    render(<Providers services={shell.services} path="/oauth/success?platform=x"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'OAuth done' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();
    render(<Providers services={shell.services} path="/terms"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('shows /plan-selection from the billing remote to a user, and sends a visitor to /login', async () => {
    const loaded: string[] = [];
    const loader: RemoteLoader = {
      load: async (name) => {
        loaded.push(name);
        return { pages: { PlanSelectionPage: async () => () => <h1>Plans</h1>, LoginPage: async () => LoginPage }, config: {} };
      },
    };
    const shell = testShell(api.url, { remotes: loader });
    render(<Providers services={shell.services} path="/plan-selection"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Remote login for a visitor' })).toBeTruthy();
    cleanup();
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user() });
    render(<Providers services={shell.services} path="/plan-selection"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(loaded).toContain('billing');
  });

  it('hands /organization/config the organization selected in the switcher as host.organization', async () => {
    const orgs = [
      { id: 'o1', name: 'First', is_active: true },
      { id: 'o2', name: 'Second', is_active: true },
    ];
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: orgs } : { status: 404 }));
    window.localStorage.setItem('selected_organization_id', 'o2');
    const ConfigPage = ({ host }: HostProps) => <h1>Config of {host.organization?.name ?? 'none'}</h1>;
    const shell = testShell(api.url, { remotes: { load: async () => ({ pages: { ConfigPage: async () => ConfigPage }, config: {} }) } });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user() });
    render(<Providers services={shell.services} path="/organization/config"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Config of Second' })).toBeTruthy();
  });

  it('routes the designer and both generator paths to the designer remote for any role, with a Design link; {id} selects the organization', async () => {
    const orgs = [
      { id: 'o1', name: 'First', is_active: true },
      { id: 'o2', name: 'Second', is_active: true },
    ];
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: orgs } : { status: 404 }));
    const loaded: string[] = [];
    const DesignerPage = ({ host }: HostProps) => <h1>Designer of {host.organization?.name}</h1>;
    const GeneratorPage = ({ host }: HostProps) => <h1>Generator of {host.organization?.name}</h1>;
    const loader: RemoteLoader = {
      load: async (name) => {
        loaded.push(name);
        return { pages: { DesignerPage: async () => DesignerPage, GeneratorPage: async () => GeneratorPage }, config: {} };
      },
    };
    const shell = testShell(api.url, { remotes: loader });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'basic' }) });
    render(<Providers services={shell.services} path="/organization/designer"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Designer of First' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/organization/designer"]')?.textContent).toBe('Design');
    cleanup();
    render(<Providers services={shell.services} path="/organization/generator"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Generator of First' })).toBeTruthy();
    cleanup();
    render(<Providers services={shell.services} path="/organization/o2/generator"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Generator of Second' })).toBeTruthy();
    expect(new Set(loaded)).toEqual(new Set(['designer']));
  });

  it('routes /organization/results (selected organization) and /examples (any user) to the designer remote, both in the menu (issue 36)', async () => {
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: [{ id: 'o1', name: 'First', is_active: true }] } : { status: 404 }));
    const loaded: string[] = [];
    const pages = {
      ResultsPage: async () => ({ host }: HostProps) => <h1>Results of {host.organization?.name}</h1>,
      ExamplesPage: async () => () => <h1>Examples</h1>,
      LoginPage: async () => () => <h1>Login page</h1>,
    };
    const shell = testShell(api.url, { remotes: { load: async (name) => (loaded.push(name), { pages, config: {} }) } });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'test' }) });
    render(<Providers services={shell.services} path="/organization/results"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Results of First' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(menu.querySelector('a[href="/organization/results"]')?.textContent).toBe('Results');
    expect(menu.querySelector('a[href="/examples"]')?.textContent).toBe('Examples');
    cleanup();
    render(<Providers services={shell.services} path="/examples"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Examples' })).toBeTruthy();
    expect(new Set(loaded)).toEqual(new Set(['designer']));
    cleanup();
    // A visitor is sent to log in.
    shell.services.session.clear();
    render(<Providers services={shell.services} path="/examples"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it('shows /newsletter and /logs from the admin remote to an admin only', async () => {
    const pages = { NewsletterDashboardPage: async () => () => <h1>Newsletters</h1>, LogsPage: async () => () => <h1>Logs</h1> };
    const loaded: string[] = [];
    const shell = testShell(api.url, { remotes: { load: async (name) => (loaded.push(name), { pages, config: {} }) } });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'admin' }) });
    render(<Providers services={shell.services} path="/newsletter"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Newsletters' })).toBeTruthy();
    cleanup();
    render(<Providers services={shell.services} path="/logs"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Logs' })).toBeTruthy();
    expect(loaded.every((name) => name === 'admin')).toBe(true);
    cleanup();
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'pro' }) });
    render(<Providers services={shell.services} path="/logs"><App /></Providers>);
    expect(await screen.findByText(SharedMessages.adminRequired)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Logs' })).toBeNull();
  });

  it.each([
    ['/organization/posts', 'Post Review of Second'],
    ['/organization/autopost', 'Auto Scheduler of Second'],
  ])('shows %s from the review remote to a starter user with the selected organization, and sends a basic user to /plan-selection', async (path, heading) => {
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: [{ id: 'o1', name: 'First', is_active: true }, { id: 'o2', name: 'Second', is_active: true }] } : { status: 404 }));
    window.localStorage.setItem('selected_organization_id', 'o2');
    const loaded: string[] = [];
    const pages = {
      PostReviewPage: async () => ({ host }: HostProps) => <h1>Post Review of {host.organization?.name}</h1>,
      AutoSchedulerPage: async () => ({ host }: HostProps) => <h1>Auto Scheduler of {host.organization?.name}</h1>,
      PlanSelectionPage: async () => () => <h1>Plans</h1>,
    };
    const loader: RemoteLoader = { load: async (name) => (loaded.push(name), { pages, config: {} }) };
    const shell = testShell(api.url, { remotes: loader });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'starter' }) });
    render(<Providers services={shell.services} path={path}><App /></Providers>);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(loaded).toContain('review');
    cleanup();
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'basic' }) });
    render(<Providers services={shell.services} path={path}><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
  });

  it('routes /organization/statistics (selected organization) and /statistics to their remotes’ pages, which hear a restored connection', async () => {
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: [{ id: 'o1', name: 'First', is_active: true }] } : { status: 200, body: {} }));
    const loaded: string[] = [];
    function StatisticsPage({ host }: HostProps) {
      const [restored, setRestored] = useState(false);
      useEffect(() => host.onConnectionRestored(() => setRestored(true)), [host]);
      return <h1>Statistics of {host.organization?.name}{restored ? ', connection restored' : ''}</h1>;
    }
    const GlobalStatisticsPage = ({ host }: HostProps) => <h1>Global statistics for {host.session.user?.role}</h1>;
    const remotes: RemoteLoader = {
      load: async (remote) => {
        loaded.push(remote);
        return { pages: remote === 'organization' ? { StatisticsPage: async () => StatisticsPage } : { GlobalStatisticsPage: async () => GlobalStatisticsPage }, config: {} };
      },
    };
    const target = { url: api.url };
    const shell = testShell(target, { remotes });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'admin' }) });
    render(<Providers services={shell.services} path="/organization/statistics"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Statistics of First' })).toBeTruthy();
    target.url = 'http://127.0.0.1:9';
    await act(async () => {
      await shell.services.client.request('GET', '/version').catch(() => undefined);
    });
    target.url = api.url;
    await act(async () => {
      await shell.services.client.request('GET', '/version');
    });
    expect(screen.getByRole('heading', { name: 'Statistics of First, connection restored' })).toBeTruthy();
    cleanup();

    render(<Providers services={shell.services} path="/statistics"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Global statistics for admin' })).toBeTruthy();
    expect(loaded).toEqual(['organization', 'admin']);
  });

  it('shows /organization/calendar from the calendar remote to a paying user, and sends a basic user to /plan-selection', async () => {
    api.handle((call) => (call.path === '/organizations' ? { status: 200, body: [{ id: 'o1', name: 'First', is_active: true }] } : { status: 404 }));
    const loaded: string[] = [];
    const loader: RemoteLoader = {
      load: async (name) => {
        loaded.push(name);
        return { pages: { CalendarPage: async () => ({ host }: HostProps) => <h1>Calendar of {host.organization?.name}</h1>, PlanSelectionPage: async () => () => <h1>Plans</h1> }, config: {} };
      },
    };
    const shell = testShell(api.url, { remotes: loader });
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'basic' }) });
    render(<Providers services={shell.services} path="/organization/calendar"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(loaded).not.toContain('calendar');
    cleanup();
    shell.services.session.set({ access_token: 'a', refresh_token: 'r', user: user({ role: 'starter' }) });
    render(<Providers services={shell.services} path="/organization/calendar"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Calendar of First' })).toBeTruthy();
    expect(loaded).toContain('calendar');
  });

  it('sends a visitor from /profile and /accounts to /login', async () => {
    const shell = testShell(api.url, { remotes: flakyLoader(0) });
    render(<Providers services={shell.services} path="/accounts"><App /></Providers>);
    expect(await screen.findByRole('heading', { name: 'Remote login for a visitor' })).toBeTruthy();
  });
});
