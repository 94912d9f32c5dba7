import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionMessages, OrganizationMessages } from '@planner/contracts';
import type { PlatformConnection } from '@planner/remote-contract';
import { ConfigPage } from '../src/ConfigPage.js';
import { connectionRefreshed } from '../src/Platforms.js';
import { ADD_BOT_STEP, TELEGRAM_CHANNEL_KINDS } from '../src/telegram-channel.js';
import { apiError, config, configHost, ORG_ID, renderPage, type Call } from './support.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const PATH = '/organization/config';
const facebook = (pageId?: string): PlatformConnection => ({
  is_connected: true,
  url: null,
  platform: 'facebook',
  status: 'connected',
  sandbox: false,
  label: null,
  specific_data: pageId ? { page_id: pageId, page_name: 'Bakery Page' } : {},
  notice: pageId ? null : ConnectionMessages.facebookPageRequired,
});

describe('connecting through the popup (part 2 §4)', () => {
  it('opens the redirect URL in an 800×700 popup and takes its oauth-success message', async () => {
    let connected = false;
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    const { host, toasts, calls } = configHost({
      answer: () => config(connected ? { platforms: { X: { is_connected: true, url: null, specific_data: { username: 'acme' }, platform: 'x', status: 'connected' } } } : {}),
      change: () => ({ redirect_url: 'https://x.example/authorize?state=s' }),
    });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^X Not connected/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://x.example/authorize?state=s', 'oauth', 'width=800,height=700'));
    expect(calls.find((c) => c.path === '/oauth/x/authorize')?.body).toEqual({ organization_id: ORG_ID });
    connected = true;
    // Another window's message is ignored; the popup's (same origin) is taken.
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-success', platform: 'x' }, origin: 'https://evil.example' })));
    expect(toasts).toEqual([]);
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-success', platform: 'x' }, origin: window.location.origin })));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ConnectionMessages.connected('X') }));
    expect(await within(screen.getByRole('region', { name: 'X settings' })).findByText('Connected as acme')).toBeTruthy();
  });

  it("says 'Failed to connect to {platform}: {error}' on oauth-error, and when the server sends no URL", async () => {
    vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    let url = 'https://threads.example/authorize';
    const { host, toasts } = configHost({ change: () => ({ redirect_url: url }) });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^Threads/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(window.open).toHaveBeenCalled());
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { type: 'oauth-error', platform: 'threads', error: 'access_denied' }, origin: window.location.origin })));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: ConnectionMessages.connectFailed('Threads', 'access_denied') }));
    url = '';
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: 'No redirect URL provided by the server' }));
  });
});

describe('the popup closed without a message', () => {
  it('is noticed within a second of closing (the page reads the connections again), and then nothing polls it', async () => {
    let closed = false;
    let reads = 0;
    const popup = {
      get closed() {
        reads += 1;
        return closed;
      },
    };
    let openedAt = 0;
    vi.spyOn(window, 'open').mockImplementation(() => {
      openedAt = Date.now();
      return popup as Window;
    });
    const { host, calls } = configHost({ change: () => ({ redirect_url: 'https://x.example/authorize' }) });
    const configReads = () => calls.filter((c) => c.method === 'GET' && c.path === `/organizations/${ORG_ID}/config`).length;
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^X Not connected/ }));
    vi.useFakeTimers();
    await act(async () => screen.getByRole('button', { name: 'Connect' }).click());
    await vi.waitFor(() => expect(openedAt).toBeGreaterThan(0));
    const before = configReads();
    /** Moves the clock to `ms` after the popup opened. */
    const until = (ms: number) => act(async () => vi.advanceTimersByTime(openedAt + ms - Date.now()));
    // Polled each second while open.
    await until(3999);
    expect([reads, configReads()]).toEqual([3, before]);
    closed = true;
    await until(4000);
    expect(reads).toBe(4);
    await vi.waitFor(() => expect(configReads()).toBe(before + 1));
    // Noticed once: the closed popup is not read again, nor the page reloaded again.
    await until(8000);
    expect([reads, configReads()]).toEqual([4, before + 1]);
  });
});

describe('a connected platform', () => {
  it("Facebook without a page reads 'Facebook Page Required' until one is saved, then Configured", async () => {
    let saved = false;
    const { host, calls, toasts } = configHost({
      answer: () => config({ platforms: { FACEBOOK: facebook(saved ? 'p2' : undefined) } }),
      change: (call: Call) => {
        if (call.path.startsWith('/oauth/facebook/pages')) return { pages: [{ id: 'p1', name: 'Other Page' }, { id: 'p2', name: 'Bakery Page' }] };
        saved = true;
        return { success: true, message: ConnectionMessages.facebookPageSaved, connection: facebook('p2') };
      },
    });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: `Facebook ${ConnectionMessages.facebookPageRequired}` }));
    const panel = screen.getByRole('region', { name: 'Facebook settings' });
    const save = await within(panel).findByRole('button', { name: 'Save page' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.selectOptions(within(panel).getByLabelText('Facebook page'), 'p2');
    await userEvent.click(save);
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ConnectionMessages.facebookPageSaved }));
    expect(calls.find((c) => c.path === '/oauth/facebook/page')?.body).toEqual({ organization_id: ORG_ID, page_id: 'p2' });
    expect(await screen.findByRole('button', { name: 'Facebook Configured' })).toBeTruthy();
  });

  it("says 'Failed to load Facebook pages' and 'No Facebook pages found for this account'", async () => {
    let pages: () => unknown = () => {
      throw apiError(502, null, '');
    };
    const { host } = configHost({ answer: () => config({ platforms: { FACEBOOK: facebook() } }), change: () => pages() });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^Facebook/ }));
    expect(await screen.findByText(ConnectionMessages.facebookPagesFailed)).toBeTruthy();
    cleanup();
    pages = () => ({ pages: [], message: ConnectionMessages.facebookNoPages });
    renderPage(ConfigPage, configHost({ answer: () => config({ platforms: { FACEBOOK: facebook() } }), change: () => pages() }).host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^Facebook/ }));
    expect(await screen.findByText(ConnectionMessages.facebookNoPages)).toBeTruthy();
  });

  it('refreshes and disconnects, with the spec\'s words when disconnecting fails', async () => {
    let refuse = false;
    const { host, toasts, calls } = configHost({
      answer: () => config({ platforms: { FACEBOOK: facebook('p2') } }),
      change: (call: Call) => {
        if (call.path.startsWith('/oauth/facebook/pages')) return { pages: [] };
        if (call.path.startsWith('/posts/queued-count')) return { count: 0 };
        if (refuse) throw apiError(500);
        return call.path.endsWith('/refresh') ? { success: true, connection: facebook('p2') } : { success: true, message: ConnectionMessages.disconnected('Facebook') };
      },
    });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Facebook Configured' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: connectionRefreshed('Facebook') }));
    const confirmDisconnect = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
      const dialog = await screen.findByRole('dialog', { name: 'Disconnect Facebook?' });
      await within(dialog).findByText('No scheduled post waits for Facebook.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    };
    await confirmDisconnect();
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ConnectionMessages.disconnected('Facebook') }));
    expect(calls.find((c) => c.path === '/oauth/facebook/disconnect')?.body).toEqual({ organization_id: ORG_ID });
    refuse = true;
    await confirmDisconnect();
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: ConnectionMessages.disconnectFailed('Facebook') }));
  });
});

describe('disconnecting (issue 30)', () => {
  it('asks first, naming how many scheduled posts the connection leaves waiting; Cancel keeps it', async () => {
    const { host, calls, toasts } = configHost({
      answer: () => config({ platforms: { FACEBOOK: facebook('p2') } }),
      change: (call: Call) => {
        if (call.path.startsWith('/oauth/facebook/pages')) return { pages: [] };
        if (call.path.startsWith('/posts/queued-count')) return { count: 3 };
        return { success: true, message: ConnectionMessages.disconnected('Facebook') };
      },
    });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Facebook Configured' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Facebook?' });
    expect(await within(dialog).findByText('3 scheduled posts will not be published on Facebook until you connect it again.')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/posts/queued-count'))!.path).toBe(`/posts/queued-count?organization_id=${ORG_ID}&platform=facebook`);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/oauth/facebook/disconnect')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect Facebook?' })).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ConnectionMessages.disconnected('Facebook') }));
    expect(ConnectionMessages.disconnectLeavesQueued('Facebook', 1)).toBe('1 scheduled post will not be published on Facebook until you connect it again.');
  });
});

describe('states of the page', () => {
  it("without connections: 'No Linked Accounts' and Configure Accounts", async () => {
    renderPage(ConfigPage, configHost().host, PATH);
    expect(await screen.findByText(/No Linked Accounts/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure Accounts' }).getAttribute('href')).toBe('/organization/config');
  });

  it('an inactive organization cannot be configured', async () => {
    const { host } = configHost({ answer: () => config({ is_active: false }) });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText(OrganizationMessages.inactive)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^X Not connected/ }));
    expect(screen.queryByRole('region', { name: 'X settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
  });
});

describe('the Telegram steps (part 2 §4)', () => {
  const openTelegram = async (change: (call: Call) => unknown = () => ({ status: 'success', message: ConnectionMessages.connected('Telegram') })) => {
    const test = configHost({ change });
    renderPage(ConfigPage, test.host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^Telegram/ }));
    return { ...test, panel: screen.getByRole('region', { name: 'Telegram settings' }) };
  };
  const connectCalls = (calls: Call[]) => calls.filter((c) => c.path === '/oauth/telegram/connect_channel');

  it('asks for the channel type first, then shows the bot step and the identifier with its hint', async () => {
    const { panel } = await openTelegram();
    const type = within(panel).getByRole('group', { name: 'Choose your channel type' });
    expect(within(type).getAllByRole('radio').map((radio) => radio.closest('span')?.textContent?.trim())).toEqual(['Public channel', 'Private channel']);
    expect(within(panel).queryByText(ADD_BOT_STEP)).toBeNull();
    expect(within(panel).queryByLabelText('Telegram channel identifier')).toBeNull();

    await userEvent.click(within(type).getByRole('radio', { name: 'Public channel' }));
    expect(within(panel).getByText(ADD_BOT_STEP)).toBeTruthy();
    expect(within(panel).getByText(TELEGRAM_CHANNEL_KINDS.public.identifierStep)).toBeTruthy();
    expect(within(panel).getByLabelText('Telegram channel identifier').getAttribute('aria-describedby')).toBeTruthy();
    expect(within(panel).getByRole('textbox', { description: TELEGRAM_CHANNEL_KINDS.public.hint })).toBeTruthy();

    await userEvent.click(within(type).getByRole('radio', { name: 'Private channel' }));
    expect(within(panel).getByText(TELEGRAM_CHANNEL_KINDS.private.identifierStep)).toBeTruthy();
    expect(within(panel).getByRole('textbox', { description: TELEGRAM_CHANNEL_KINDS.private.hint })).toBeTruthy();
  });

  it("says 'Please enter your Telegram channel identifier.' when blank and sends nothing", async () => {
    const { panel, calls } = await openTelegram();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Public channel' }));
    await userEvent.type(within(panel).getByLabelText('Telegram channel identifier'), '   ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify and connect' }));
    expect(within(panel).getByRole('alert').textContent).toBe(OrganizationMessages.telegramIdentifierRequired);
    expect(within(panel).getByLabelText('Telegram channel identifier').getAttribute('aria-invalid')).toBe('true');
    expect(connectCalls(calls)).toEqual([]);
  });

  it('refuses a public channel without its @username, then sends the trimmed @username', async () => {
    const { panel, calls, toasts } = await openTelegram();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Public channel' }));
    const field = within(panel).getByLabelText('Telegram channel identifier');
    await userEvent.type(field, 'acme_news');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify and connect' }));
    expect(within(panel).getByRole('alert').textContent).toBe(TELEGRAM_CHANNEL_KINDS.public.wrongFormat);
    expect(connectCalls(calls)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '  @acme_news ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify and connect' }));
    await waitFor(() => expect(connectCalls(calls).map((c) => c.body)).toEqual([{ organization_id: ORG_ID, channel_identifier: '@acme_news' }]));
    expect(within(panel).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ConnectionMessages.connected('Telegram') }));
  });

  it('refuses a private channel without its -100… id, then sends the id', async () => {
    const { panel, calls } = await openTelegram();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Private channel' }));
    const field = within(panel).getByLabelText('Telegram channel identifier');
    await userEvent.type(field, '@acme_news');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify and connect' }));
    expect(within(panel).getByRole('alert').textContent).toBe(TELEGRAM_CHANNEL_KINDS.private.wrongFormat);
    // Changing the type clears the refusal: the identifier is checked again against the new type's format.
    await userEvent.click(within(panel).getByRole('radio', { name: 'Public channel' }));
    expect(within(panel).queryByRole('alert')).toBeNull();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Private channel' }));
    await userEvent.clear(field);
    await userEvent.type(field, '-1001234567890');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify and connect' }));
    await waitFor(() => expect(connectCalls(calls).map((c) => c.body)).toEqual([{ organization_id: ORG_ID, channel_identifier: '-1001234567890' }]));
  });

  it("shows the server's refusal when the bot cannot verify the channel", async () => {
    const { panel, toasts } = await openTelegram(() => {
      throw apiError(400, null, OrganizationMessages.telegramVerificationFailed);
    });
    await userEvent.click(within(panel).getByRole('radio', { name: 'Public channel' }));
    await userEvent.type(within(panel).getByLabelText('Telegram channel identifier'), '@acme_news');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify and connect' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: OrganizationMessages.telegramVerificationFailed }));
  });
});
