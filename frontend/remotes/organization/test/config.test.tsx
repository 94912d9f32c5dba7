import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionMessages, LANGUAGE_GROUPS, OrganizationMessages, PostMessages } from '@planner/contracts';
import { ConfigPage } from '../src/ConfigPage.js';
import { NO_TEMPLATES, UPDATED } from '../src/messages.js';
import { NO_PLATFORM_MATCH } from '../src/platforms.js';
import { apiError, config, configHost, ORG_ID, renderPage, template, type Call } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PATH = '/organization/config';

describe('account configuration page', () => {
  it('without a selected organization goes to /', async () => {
    const { host, calls } = configHost({ selected: false });
    renderPage(ConfigPage, host, PATH);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls).toHaveLength(0);
  });

  it('shows the load failure with Retry', async () => {
    let fail = true;
    const { host } = configHost({
      answer: () => {
        if (fail) throw apiError(503, { message: 'Part of this page could not be loaded.' });
        return config();
      },
    });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText('Part of this page could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Account Configuration: Acme Bakery' })).toBeTruthy();
  });

  it('role gates: settings hidden for basic, settings, templates and linked accounts hidden for test', async () => {
    renderPage(ConfigPage, configHost().host, PATH);
    expect(await screen.findByRole('button', { name: /Account Settings/ })).toBeTruthy();
    cleanup();
    renderPage(ConfigPage, configHost({ user: { role: 'basic' } }).host, PATH);
    expect(await screen.findByRole('button', { name: /Templates/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Account Settings/ })).toBeNull();
    expect(screen.getByText('0/1')).toBeTruthy();
    cleanup();
    renderPage(ConfigPage, configHost({ user: { role: 'test' } }).host, PATH);
    expect(await screen.findByRole('heading', { name: 'Platforms Configuration' })).toBeTruthy();
    for (const section of [/Account Settings/, /Templates/, /Linked Accounts Overview/]) expect(screen.queryByRole('button', { name: section })).toBeNull();
  });
});

describe('templates', () => {
  it('shows count/max and the empty text; refuses a blank or taken name and a target over the limit, then creates', async () => {
    const templates = [template('t1', 'Weekly', { is_default: true })];
    const { host, calls } = configHost({ answer: () => config({ templates }), change: () => template('t2', 'Monthly') });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText('1/5')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = screen.getByRole('form', { name: 'New template' });
    const create = within(form).getByRole('button', { name: 'Create template' });
    await userEvent.click(create);
    expect(within(form).getByText(OrganizationMessages.templateNameRequired)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Template name'), 'WEEKLY');
    await userEvent.click(create);
    expect(within(form).getByText(OrganizationMessages.templateExists('WEEKLY'))).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Template name'));
    await userEvent.type(within(form).getByLabelText('Template name'), 'Monthly');
    await userEvent.type(within(form).getByLabelText('Character limit'), '100');
    await userEvent.type(within(form).getByLabelText('Target character count'), '150');
    await userEvent.click(create);
    expect(within(form).getByText(PostMessages.targetExceedsLimit)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Target character count'));
    await userEvent.type(within(form).getByLabelText('Target character count'), '80');
    await userEvent.click(create);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/organizations/${ORG_ID}/templates`);
    expect(post.body).toMatchObject({ template_name: 'Monthly', character_limit: 100, target_character_count: 80 });
  });

  it('shows the server refusal (limit reached) and disables creation at the limit', async () => {
    const { host } = configHost({
      change: () => {
        throw apiError(403, { message: OrganizationMessages.templateLimit(5) });
      },
    });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText(NO_TEMPLATES)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    await userEvent.type(screen.getByLabelText('Template name'), 'Weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText(OrganizationMessages.templateLimit(5))).toBeTruthy();
    cleanup();
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => template(id, `T ${id}`));
    renderPage(ConfigPage, configHost({ answer: () => config({ templates: five }) }).host, PATH);
    expect(await screen.findByText('5/5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New template' })).toHaveProperty('disabled', true);
    expect(screen.getByText(OrganizationMessages.templateLimit(5))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/plan-selection');
  });

  it('says "Cannot delete the default template" only while the template is the default (issue 30)', async () => {
    let defaultId = 't1';
    const answer = () => config({ templates: [template('t1', 'Weekly', { is_default: defaultId === 't1' }), template('t2', 'Monthly', { is_default: defaultId === 't2' })] });
    const { host } = configHost({
      answer,
      change: (call: Call) => {
        if (call.path.endsWith('/t2/set-default')) defaultId = 't2';
        return { success: true, message: 'ok' };
      },
    });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText(OrganizationMessages.cannotDeleteDefaultTemplate)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(screen.getAllByText('Default', { selector: '.badge' }).map((badge) => badge.closest('li')!.textContent)).toEqual([expect.stringContaining('Monthly')]));
    expect(screen.queryByText(OrganizationMessages.cannotDeleteDefaultTemplate)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('group', { name: 'Delete Weekly' })).toBeTruthy();
  });

  it('never deletes the default; deletes another after confirmation; makes another the default', async () => {
    const templates = [template('t1', 'Weekly', { is_default: true }), template('t2', 'Monthly')];
    const { host, calls, toasts } = configHost({ answer: () => config({ templates }), change: () => ({ success: true, message: 'ok' }) });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText(OrganizationMessages.cannotDeleteDefaultTemplate)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getAllByRole('button', { name: 'Delete' }), 'one template open at a time').toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/organizations/${ORG_ID}/templates/t2/set-default`)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE'), 'asks first').toBe(false);
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete Monthly' })).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/organizations/${ORG_ID}/templates/t2`));
    expect(toasts).toContainEqual({ kind: 'success', message: OrganizationMessages.templateDeleted });
  });
});

describe('settings', () => {
  it('saves one field at a time; refuses a review time out of range; says Updated successfully!', async () => {
    const { host, calls } = configHost({ change: () => config().organization });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText('90 (1 hour 30 minutes)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Review time before posting (minutes)' }));
    const minutes = screen.getByLabelText('Review time before posting (minutes)');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '43201');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(OrganizationMessages.reviewTimeTooLong)).toBeTruthy();
    // The limit is said once, by the error the field names (no '30 days 1 minute' beside it).
    expect(screen.getAllByText(/30 days/)).toHaveLength(1);
    expect(document.getElementById(minutes.getAttribute('aria-describedby')!)!.textContent).toBe(OrganizationMessages.reviewTimeTooLong);
    // Changing the value drops the message about the previous one.
    await userEvent.type(minutes, '{Backspace}');
    expect(screen.queryByText(OrganizationMessages.reviewTimeTooLong)).toBeNull();
    expect(minutes.getAttribute('aria-invalid')).toBeNull();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(OrganizationMessages.reviewTimePositive)).toBeTruthy();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '1500');
    expect(screen.getByText('1 day 1 hour')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/organizations/${ORG_ID}`, body: { default_before_post_review_time: 1500 } });
  });

  const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

  it("refuses a blank name with the spec's message and sends nothing, then sends the trimmed name alone", async () => {
    const { host, calls } = configHost({ change: () => config().organization });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Name' }));
    const name = screen.getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Acme Bakery');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(OrganizationMessages.nameRequired);
    expect(puts(calls)).toEqual([]);
    await userEvent.clear(name);
    await userEvent.type(name, ' Acme Rolls ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ name: 'Acme Rolls' }]));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
  });

  it('offers the languages in the spec’s groups and sends the one chosen alone', async () => {
    const { host, calls } = configHost({ change: () => config().organization });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Language' }));
    const language = screen.getByLabelText('Language') as HTMLSelectElement;
    expect(language.value).toBe('en-US');
    const groups = [...language.querySelectorAll('optgroup')];
    expect(groups.map((group) => group.label)).toEqual(LANGUAGE_GROUPS.map(([group]) => group));
    expect(groups.map((group) => [...group.querySelectorAll('option')].map((option) => option.value))).toEqual(LANGUAGE_GROUPS.map(([, codes]) => [...codes]));
    await userEvent.selectOptions(language, 'pt-BR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ language: 'pt-BR' }]));
  });

  it('shows the zone by its label, offers the common zones first, and sends the one chosen alone', async () => {
    const timezones = [
      { value: 'UTC', label: 'UTC (Coordinated Universal Time)', common: true },
      { value: 'Europe/Berlin', label: 'Berlin (Central European Time)', common: true },
      { value: 'Pacific/Chatham', label: 'Chatham Islands', common: false },
    ];
    const { host, calls } = configHost({ change: () => config().organization, timezones });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText('UTC (Coordinated Universal Time)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Time zone' }));
    const zone = screen.getByLabelText('Time zone') as HTMLSelectElement;
    expect(zone.value).toBe('UTC');
    expect([...zone.querySelectorAll('optgroup')].map((group) => [group.label, [...group.querySelectorAll('option')].map((option) => option.value)])).toEqual([
      ['Common', ['UTC', 'Europe/Berlin']],
      ['All time zones', ['Pacific/Chatham']],
    ]);
    await userEvent.selectOptions(zone, 'Pacific/Chatham');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ timezone: 'Pacific/Chatham' }]));
  });

  it("says 'Updated successfully!' for 3 s", async () => {
    const { host } = configHost({ change: () => config().organization });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Name' }));
    await userEvent.type(screen.getByLabelText('Name'), ' Rolls');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByText(UPDATED)).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText(UPDATED)).toBeNull();
  });
});

describe('platforms', () => {
  it('filters the tiles by name and says when none match', async () => {
    renderPage(ConfigPage, configHost().host, PATH);
    const search = await screen.findByLabelText('Search platforms');
    await userEvent.type(search, 'in');
    const tiles = within(screen.getByRole('list', { name: 'Platforms' })).getAllByRole('button').map((b) => b.textContent?.trim().split(' ')[0]);
    expect(tiles).toEqual(['Instagram', 'LinkedIn']);
    await userEvent.clear(search);
    await userEvent.type(search, 'myspace');
    expect(screen.getByText(NO_PLATFORM_MATCH)).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, '  TELEGRAM ');
    expect(within(screen.getByRole('list', { name: 'Platforms' })).getAllByRole('button')).toHaveLength(1);
  });

  it('offers the labelled Sandbox connection when the server has no credentials, and connects it', async () => {
    let connected = false;
    const sandbox = { is_connected: true, url: null, specific_data: { username: 'sandbox', name: 'X Sandbox' }, sandbox: true, label: 'Sandbox', platform: 'x', status: 'connected' as const };
    const { host, calls, toasts } = configHost({
      answer: () => config(connected ? { platforms: { X: sandbox } } : {}),
      change: (call: Call) => {
        if (call.path === '/oauth/x/authorize') throw apiError(400, { message: ConnectionMessages.notConfigured('X'), sandbox_available: true });
        connected = true;
        return sandbox;
      },
    });
    renderPage(ConfigPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: /^X Not connected/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(ConnectionMessages.notConfigured('X'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Connect a Sandbox X account' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ConnectionMessages.connected('X') }));
    expect(calls.find((c) => c.path === '/oauth/x/sandbox')?.body).toEqual({ organization_id: ORG_ID });
    const panel = await screen.findByRole('region', { name: 'X settings' });
    expect(await within(panel).findByText('Sandbox')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Linked accounts' })).getByText('X')).toBeTruthy();
  });

  it('an unverified e-mail: the banner, tiles disabled, a warning for X', async () => {
    const { host, toasts } = configHost({ user: { email_verified: false } });
    renderPage(ConfigPage, host, PATH);
    expect(await screen.findByText(OrganizationMessages.verifyEmailBeforePlatforms)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^X Not connected/ }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: /^X Not connected/ }));
    expect(toasts).toContainEqual({ kind: 'warning', message: OrganizationMessages.verifyEmailBeforePlatforms });
    expect(screen.queryByRole('region', { name: 'X settings' })).toBeNull();
  });
});
