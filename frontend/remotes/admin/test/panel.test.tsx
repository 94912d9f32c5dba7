import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationMessages, OrganizationMessages, type SystemMessage } from '@planner/contracts';
import type { Newsletter, SupportedPlatform } from '@planner/remote-contract';
import { AdminMessages } from '../src/messages.js';
import { NewsletterTexts } from '../src/newsletter/messages.js';
import { AdminPanelPage } from '../src/panel/AdminPanelPage.js';
import { USERS_LOAD_FAILED } from '../src/panel/UsersTab.js';
import { adminHost, apiError, callsTo, member, page, renderPage, type Answer } from './support.js';

afterEach(cleanup);

const TAB_NAMES = ['User Management', 'Accounts', 'Platforms', 'System Messages', 'Newsletters', 'Blog', 'Advanced Statistics'];

const usersAnswer = (users = [member()], total = users.length, totalPages = 1) => ({ success: true, data: { users, pagination: page(total, totalPages) } });

describe('admin panel tabs', () => {
  it('are a tablist in the spec order, moved through with the arrow keys, Home and End', async () => {
    renderPage(AdminPanelPage, adminHost({}, () => usersAnswer()).host, '/admin');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(TAB_NAMES);
    expect(screen.getByRole('tab', { name: 'User Management' }).getAttribute('aria-selected')).toBe('true');
    // One stop in the Tab order: Tab lands on the selected tab (Radix's tablist hands it the focus), Tab again leaves the tabs.
    await userEvent.tab();
    expect(document.activeElement).toBe(tabs[0]);
    await userEvent.tab();
    expect(document.activeElement).not.toBe(tabs[1]);
    tabs[0]!.focus();
    // The tab takes the focus a task after the key (Radix) and the address changes in a transition (the router): waited for.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Accounts' }).getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Accounts' }));
    expect(screen.getByRole('tabpanel', { name: 'Accounts' }).textContent).toContain('not available yet');
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=accounts');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Advanced Statistics' })));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'User Management' }).getAttribute('aria-selected')).toBe('true'));
    await userEvent.keyboard('{End}');
    expect(await screen.findByRole('tabpanel', { name: 'Advanced Statistics' })).toBeTruthy();
  });

  it('opens the tab the address names', async () => {
    renderPage(AdminPanelPage, adminHost({}, () => ({ posts: [], pagination: page(0, 0), categories: [] })).host, '/admin?tab=blog');
    expect(screen.getByRole('tab', { name: 'Blog' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('form', { name: 'New blog post' })).toBeTruthy();
  });
});

describe('user management', () => {
  it('searches by the chosen field, pages, and links Manage with userId, returnTo, tab=users and the search', async () => {
    const { host, calls } = adminHost({}, () => usersAnswer([member()], 25, 2));
    renderPage(AdminPanelPage, host, '/admin?tab=users');
    const row = (await screen.findByRole('row', { name: /sam/ })) as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Basic')).toBeTruthy();
    expect(calls.at(-1)!.path).toBe('/auth/users?search_by=all&page=1&per_page=20');
    await userEvent.type(screen.getByLabelText('Search users'), 'sam');
    await userEvent.selectOptions(screen.getByLabelText('Search in'), 'Email');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/auth/users?search=sam&search_by=email&page=1&per_page=20'));
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=users&searchQuery=sam&searchType=email');
    const manage = screen.getByRole('link', { name: 'Manage sam' });
    const target = new URL(manage.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/user-manage');
    expect(Object.fromEntries(target.searchParams)).toEqual({ userId: member().id, returnTo: '/admin', tab: 'users', searchQuery: 'sam', searchType: 'email' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)!.path).toContain('page=2'));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('shows Banned for a running ban, Active once it has ended', async () => {
    const users = [
      member({ id: '00000000-0000-4000-8000-000000000011', username: 'banned_now', is_banned: true, ban_expires_at: null }),
      member({ id: '00000000-0000-4000-8000-000000000012', username: 'ban_over', is_banned: true, ban_expires_at: '2020-01-01T00:00:00.000Z' }),
    ];
    renderPage(AdminPanelPage, adminHost({}, () => usersAnswer(users)).host, '/admin');
    expect(within(await screen.findByRole('row', { name: /banned_now/ })).getByText('Banned')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /ban_over/ })).getByText('Active')).toBeTruthy();
  });

  it('says when the users cannot be loaded, and tries again', async () => {
    let fail = true;
    renderPage(
      AdminPanelPage,
      adminHost({}, () => {
        if (fail) throw apiError(500);
        return usersAnswer();
      }).host,
      '/admin',
    );
    expect(await screen.findByText(USERS_LOAD_FAILED)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('row', { name: /sam/ })).toBeTruthy();
  });
});

const platform = (over: Partial<SupportedPlatform> = {}): SupportedPlatform => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'X',
  media_types: 'text,image',
  default_daily_limit: 10,
  is_active: true,
  other_credentials: { client_secret: '********' },
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('platforms', () => {
  const open = (routes: Record<string, Answer> = {}, other?: Answer) => {
    const test = adminHost({ 'GET /platforms': () => [platform()], ...routes }, other);
    renderPage(AdminPanelPage, test.host, '/admin?tab=platforms');
    return test;
  };

  it('keeps Create disabled while the name is empty or has other than letters, digits and underscores, with the spec’s words', async () => {
    open();
    const form = await screen.findByRole('form', { name: 'Add platform' });
    const create = within(form).getByRole('button', { name: 'Create platform' });
    expect(create).toHaveProperty('disabled', true);
    const name = within(form).getByLabelText('Platform name');
    await userEvent.type(name, 'my platform');
    expect(within(form).getByText(OrganizationMessages.platformNameCharacters)).toBeTruthy();
    expect(create).toHaveProperty('disabled', true);
    await userEvent.clear(name);
    expect(within(form).getByText(OrganizationMessages.platformNameRequired)).toBeTruthy();
    expect(create).toHaveProperty('disabled', true);
    await userEvent.type(name, 'Mastodon_2');
    expect(within(form).queryByText(OrganizationMessages.platformNameCharacters)).toBeNull();
    expect(create).toHaveProperty('disabled', false);
  });

  it('checks media types, daily limit and credentials, then creates with the types in the spec’s order', async () => {
    const { calls, toasts } = open({ 'POST /platforms': () => platform({ name: 'Mastodon' }) });
    const form = await screen.findByRole('form', { name: 'Add platform' });
    expect(within(form).getByLabelText('Default daily limit')).toHaveProperty('value', '10');
    await userEvent.type(within(form).getByLabelText('Platform name'), 'Mastodon');
    await userEvent.click(within(form).getByLabelText('text'));
    await userEvent.clear(within(form).getByLabelText('Default daily limit'));
    await userEvent.type(within(form).getByLabelText('Default daily limit'), '0');
    await userEvent.type(within(form).getByLabelText('Other credentials (JSON, optional)'), '[[1]');
    await userEvent.click(within(form).getByRole('button', { name: 'Create platform' }));
    expect(within(form).getByText(AdminMessages.mediaTypesRequired)).toBeTruthy();
    expect(within(form).getByText(OrganizationMessages.dailyLimitInvalid)).toBeTruthy();
    expect(within(form).getByText(AdminMessages.credentialsNotJson)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/platforms')).toHaveLength(0);
    await userEvent.click(within(form).getByLabelText('video'));
    await userEvent.click(within(form).getByLabelText('image'));
    await userEvent.clear(within(form).getByLabelText('Default daily limit'));
    await userEvent.type(within(form).getByLabelText('Default daily limit'), '25');
    await userEvent.clear(within(form).getByLabelText('Other credentials (JSON, optional)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create platform' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/platforms')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/platforms')[0]!.body).toEqual({ name: 'Mastodon', media_types: 'image,video', default_daily_limit: 25, is_active: true });
    expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.platformCreated });
  });

  it('shows the server’s refusal (a taken name)', async () => {
    const { toasts } = open({
      'POST /platforms': () => {
        throw apiError(409, { message: OrganizationMessages.platformExists('X') });
      },
    });
    await userEvent.type(await screen.findByLabelText('Platform name'), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Create platform' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: OrganizationMessages.platformExists('X') }));
  });

  it('edits a platform from its row (stored credentials kept unless new ones are typed) and deletes one after confirmation', async () => {
    const id = platform().id;
    const { calls, toasts } = open({ [`PUT /platforms/${id}`]: () => platform({ default_daily_limit: 5 }), [`DELETE /platforms/${id}`]: () => ({ success: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit X' }));
    const form = screen.getByRole('form', { name: 'Edit X' });
    expect(within(form).getByText(/Stored: client_secret \(values hidden\)/)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Default daily limit'));
    await userEvent.type(within(form).getByLabelText('Default daily limit'), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Update platform' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/platforms/')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/platforms/')[0]!.body).toEqual({ name: 'X', media_types: 'text,image', default_daily_limit: 5, is_active: true });
    expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.platformUpdated });

    await userEvent.click(screen.getByRole('button', { name: 'Delete X' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete X?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(calls, 'DELETE', '/platforms/')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete X' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', `/platforms/${id}`)).toHaveLength(1));
    expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.platformDeleted });
  });
});

const systemMessage = (over: Partial<SystemMessage> = {}): SystemMessage => ({
  id: '00000000-0000-4000-8000-00000000005a',
  type: 'warning',
  message: 'Maintenance tonight',
  duration: 0,
  is_active: true,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('system messages', () => {
  it('needs the text and a duration of whole seconds from 0, then creates (type, duration, active)', async () => {
    const { host, calls, toasts } = adminHost({ 'GET /system-messages/all': () => ({ messages: [] }), 'POST /system-messages/': () => ({ system_message: systemMessage() }) });
    renderPage(AdminPanelPage, host, '/admin?tab=system-messages');
    const form = await screen.findByRole('form', { name: 'New system message' });
    const duration = within(form).getByLabelText('Duration (ms)');
    expect(duration).toHaveProperty('value', '5000');
    expect(duration.getAttribute('step')).toBe('1000');
    await userEvent.click(within(form).getByRole('button', { name: 'Create message' }));
    expect(within(form).getByText(NotificationMessages.systemMessageRequired)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Message'), 'Maintenance tonight');
    for (const wrong of ['1500', '-1000', '']) {
      await userEvent.clear(duration);
      if (wrong) await userEvent.type(duration, wrong);
      await userEvent.click(within(form).getByRole('button', { name: 'Create message' }));
      expect(within(form).getByText(NotificationMessages.systemMessageDuration), wrong).toBeTruthy();
    }
    expect(callsTo(calls, 'POST', '/system-messages/')).toHaveLength(0);
    await userEvent.clear(duration);
    await userEvent.type(duration, '0');
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'warning');
    await userEvent.click(within(form).getByRole('button', { name: 'Create message' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/system-messages/')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/system-messages/')[0]!.body).toEqual({ type: 'warning', message: 'Maintenance tonight', duration: 0, is_active: true });
    expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.systemMessageCreated });
  });

  it('toggles, edits and deletes (after confirmation); failures use the spec’s words', async () => {
    const message = systemMessage();
    const { host, calls, toasts } = adminHost({
      'GET /system-messages/all': () => ({ messages: [message] }),
      [`PUT /system-messages/${message.id}/toggle`]: () => ({ system_message: { ...message, is_active: false } }),
      [`PUT /system-messages/${message.id}`]: () => {
        throw apiError(500);
      },
      [`DELETE /system-messages/${message.id}`]: () => ({ success: true }),
    });
    renderPage(AdminPanelPage, host, '/admin?tab=system-messages');
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText(/Shown until closed/)).toBeTruthy();
    await userEvent.click(within(item).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', `/system-messages/${message.id}/toggle`)).toHaveLength(1));
    await userEvent.click(within(item).getByRole('button', { name: 'Edit Maintenance tonight' }));
    const form = screen.getByRole('form', { name: 'Edit system message' });
    expect(within(form).getByLabelText('Message')).toHaveProperty('value', 'Maintenance tonight');
    await userEvent.click(within(form).getByRole('button', { name: 'Update message' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: AdminMessages.systemMessageUpdateFailed }));
    await userEvent.click(within(item).getByRole('button', { name: 'Delete Maintenance tonight' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(AdminMessages.confirmDeleteSystemMessage)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/system-messages/')).toHaveLength(1));
  });
});

const newsletter = (over: Partial<Newsletter> = {}): Newsletter => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  subject: 'March news',
  content: '<p>Hello</p>',
  status: 'draft',
  sent_at: null,
  finished_at: null,
  created_at: '2026-03-01T00:00:00.000Z',
  recipients_count: 0,
  ...over,
});

describe('newsletters', () => {
  it('needs subject and content; sends a draft after confirmation; a sent one cannot be deleted', async () => {
    const draft = newsletter();
    const sent = newsletter({ id: '00000000-0000-4000-8000-0000000000e2', subject: 'February news', status: 'sent', sent_at: '2026-02-01T00:00:00.000Z', recipients_count: 42 });
    const { host, calls, toasts } = adminHost({
      'GET /newsletter/admin/newsletters?page=1&per_page=10': () => ({ newsletters: [draft, sent], pagination: page(2) }),
      'POST /newsletter/admin/newsletters': () => ({ newsletter: draft }),
      [`POST /newsletter/admin/newsletters/${draft.id}/send`]: () => ({ success: true, message: 'The newsletter is being sent to every active subscriber.', newsletter: draft }),
    });
    renderPage(AdminPanelPage, host, '/admin?tab=newsletters');
    const form = await screen.findByRole('form', { name: 'New newsletter' });
    await userEvent.type(within(form).getByLabelText('Subject'), 'April news');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(within(form).getByText('Subject and content are required')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Content (HTML)'), '<p>Spring</p>');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/newsletter/admin/newsletters')[0]?.body).toEqual({ subject: 'April news', content: '<p>Spring</p>' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: NewsletterTexts.draftSaved }));

    const sentRow = screen.getByRole('row', { name: /February news/ });
    expect(within(sentRow).getByText('Sent')).toBeTruthy();
    expect(within(sentRow).getByText('42')).toBeTruthy();
    expect(within(sentRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(screen.getByRole('row', { name: /March news/ })).getByText('Draft')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send March news' }));
    expect(callsTo(calls, 'POST', `/newsletter/admin/newsletters/${draft.id}/send`)).toHaveLength(0);
    const question = screen.getByRole('alertdialog', { name: 'Send newsletter' });
    expect(within(question).getByText(NewsletterTexts.confirmSend), 'the dashboard’s words').toBeTruthy();
    expect(within(question).getByText('March news')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'The newsletter is being sent to every active subscriber.' }));

    await userEvent.click(screen.getByRole('button', { name: 'Preview February news' }));
    expect(screen.getByTitle('Newsletter February news').getAttribute('sandbox')).toBe('');
  });
});

describe('newsletter drafts', () => {
  it('deletes a draft from the tab only after the dashboard’s confirmation', async () => {
    const draft = newsletter();
    let listed = [draft];
    const { host, calls, toasts } = adminHost({
      'GET /newsletter/admin/newsletters?page=1&per_page=10': () => ({ newsletters: listed, pagination: page(listed.length) }),
      [`DELETE /newsletter/admin/newsletters/${draft.id}`]: () => {
        listed = [];
        return { success: true, message: 'Newsletter deleted.' };
      },
    });
    renderPage(AdminPanelPage, host, '/admin?tab=newsletters');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete March news' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete newsletter' });
    expect(within(question).getByText(NewsletterTexts.confirmDeleteNewsletter)).toBeTruthy();
    expect(within(question).getByText('March news')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'DELETE', '/newsletter/admin/newsletters/')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete March news' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Newsletter deleted.' }));
    expect(await screen.findByText(NewsletterTexts.noNewsletters)).toBeTruthy();
  });
});

describe('failures without a reason from the server', () => {
  const failing = () => {
    throw apiError(500);
  };
  const message = systemMessage();
  const draft = newsletter();
  const listed = {
    'GET /system-messages/all': () => ({ messages: [message] }),
    'GET /newsletter/admin/newsletters?page=1&per_page=10': () => ({ newsletters: [draft], pagination: page(1) }),
  };
  const confirmDelete = async (button: string) => {
    await userEvent.click(await screen.findByRole('button', { name: button }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  };
  const fill = async (form: string, fields: Record<string, string>, submit: string) => {
    const shown = await screen.findByRole('form', { name: form });
    for (const [label, text] of Object.entries(fields)) await userEvent.type(within(shown).getByLabelText(label), text);
    await userEvent.click(within(shown).getByRole('button', { name: submit }));
  };

  it.each([
    { tab: 'system-messages', message: AdminMessages.systemMessagesLoadFailed, route: 'GET /system-messages/all' },
    { tab: 'newsletters', message: NewsletterTexts.fetchNewslettersFailed, route: 'GET /newsletter/admin/newsletters?page=1&per_page=10' },
  ])('a list that cannot load says $message', async ({ tab, message, route }) => {
    renderPage(AdminPanelPage, adminHost({ [route]: failing }).host, `/admin?tab=${tab}`);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it.each([
    {
      tab: 'system-messages',
      message: AdminMessages.systemMessageCreateFailed,
      route: 'POST /system-messages/',
      act: () => fill('New system message', { Message: 'Back soon' }, 'Create message'),
    },
    { tab: 'system-messages', message: AdminMessages.systemMessageDeleteFailed, route: `DELETE /system-messages/${message.id}`, act: () => confirmDelete('Delete Maintenance tonight') },
    {
      tab: 'newsletters',
      message: NewsletterTexts.createFailed,
      route: 'POST /newsletter/admin/newsletters',
      act: () => fill('New newsletter', { Subject: 'April news', 'Content (HTML)': '<p>Spring</p>' }, 'Save draft'),
    },
    {
      tab: 'newsletters',
      message: NewsletterTexts.updateFailed,
      route: `PUT /newsletter/admin/newsletters/${draft.id}`,
      act: async () => {
        await userEvent.click(await screen.findByRole('button', { name: 'Edit March news' }));
        await userEvent.click(screen.getByRole('button', { name: 'Update newsletter' }));
      },
    },
    { tab: 'newsletters', message: NewsletterTexts.deleteFailed, route: `DELETE /newsletter/admin/newsletters/${draft.id}`, act: () => confirmDelete('Delete March news') },
  ])('$route says $message', async ({ tab, message, route, act }) => {
    const { host, toasts } = adminHost({ ...listed, [route]: failing });
    renderPage(AdminPanelPage, host, `/admin?tab=${tab}`);
    await act();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
  });
});
