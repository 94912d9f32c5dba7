import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationMessages, SharedMessages, type OrganizationLimits } from '@planner/contracts';
import type { Organization } from '@planner/remote-contract';
import { AccountsPage, TIPS } from '../src/AccountsPage.js';
import { apiError, renderPage, testHost, user, type Call } from './support.js';

afterEach(cleanup);

const org = (id: string, name: string, active = true): Organization => ({
  id,
  name,
  created_at: '2026-03-01T10:00:00.000Z',
  is_active: active,
  deactivated_at: active ? null : '2026-03-02T10:00:00.000Z',
  deactivation_reason: active ? null : 'User initiated deactivation',
  language: 'en',
  default_before_post_review_time: 60,
  timezone: 'UTC',
  platforms: {},
});
const limits = (over: Partial<OrganizationLimits> = {}): OrganizationLimits => ({
  active_count: 1,
  inactive_count: 1,
  total_count: 2,
  limit: 3,
  can_create_more: true,
  remaining: 2,
  ...over,
});

/** A host whose API answers list, limits and changes like the organizations service. */
function accountsHost(options: { orgs?: Organization[]; limits?: OrganizationLimits; change?: (call: Call) => unknown; role?: 'basic' | 'test'; verified?: boolean } = {}) {
  const orgs = options.orgs ?? [org('o1', 'Acme'), org('o2', 'Beta', false)];
  return testHost(
    (call) => {
      if (call.method === 'GET' && call.path === '/organizations') return orgs;
      if (call.method === 'GET' && call.path === '/organizations/limits') return options.limits ?? limits();
      return options.change?.(call) ?? {};
    },
    user({ role: options.role ?? 'basic', email_verified: options.verified ?? true }),
  );
}

describe('accounts page', () => {
  it('shows the limit counters, the list with status, and the tips', async () => {
    renderPage(AccountsPage, accountsHost().host, '/accounts');
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    const beta = screen.getByText('Beta').closest('li')!;
    expect(within(beta).getByText('Inactive')).toBeTruthy();
    expect(within(beta).getByText('Reason: User initiated deactivation')).toBeTruthy();
    for (const tip of TIPS) expect(screen.getByText(tip)).toBeTruthy();
  });

  it('refuses a blank name, creates one and reloads list and limits', async () => {
    const { host, calls } = accountsHost({ change: () => org('o3', 'Gamma') });
    renderPage(AccountsPage, host, '/accounts');
    const create = await screen.findByRole('button', { name: 'Create account' });
    await userEvent.click(create);
    expect(screen.getByText(OrganizationMessages.nameRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Account name'), '  Gamma ');
    await userEvent.click(create);
    await waitFor(() => expect(calls.filter((c) => c.path === '/organizations/limits')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/organizations', body: { name: 'Gamma' }, auth: true });
  });

  it('shows the server message when creating fails, and the rate-limit words on 429', async () => {
    let error = apiError(403, { message: OrganizationMessages.planLimitReached(3) });
    const { host } = accountsHost({
      change: () => {
        throw error;
      },
    });
    renderPage(AccountsPage, host, '/accounts');
    await userEvent.type(await screen.findByLabelText('Account name'), 'Gamma');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(OrganizationMessages.planLimitReached(3))).toBeTruthy();
    error = apiError(500, null);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Failed to create account.')).toBeTruthy();
    error = apiError(429, { code: 3015 });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(SharedMessages.rateLimitedShort)).toBeTruthy();
  });

  it('at the plan limit: the limit text, no create, the upgrade banner (not for test users)', async () => {
    const full = limits({ active_count: 3, remaining: 0, can_create_more: false, total_count: 4 });
    renderPage(AccountsPage, accountsHost({ limits: full }).host, '/accounts');
    expect(await screen.findByText(OrganizationMessages.planLimitReached(3))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/plan-selection');
    expect(screen.getByRole('button', { name: 'Activate' }), 'no free slot to activate into').toHaveProperty('disabled', true);
    cleanup();
    renderPage(AccountsPage, accountsHost({ limits: full, role: 'test' }).host, '/accounts');
    expect(await screen.findByText(OrganizationMessages.planLimitReached(3))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade plan' })).toBeNull();
  });

  it('an unlimited plan (limit 0 or null): the active count alone, Unlimited remaining, no upgrade banner', async () => {
    for (const limit of [null, 0]) {
      renderPage(AccountsPage, accountsHost({ limits: limits({ active_count: 7, limit, remaining: null }) }).host, '/accounts');
      const counters = await screen.findByLabelText('Plan limits');
      expect(within(counters).getByText('Active accounts').nextElementSibling?.textContent).toBe('7');
      expect(within(counters).getByText('Remaining').nextElementSibling?.textContent).toBe('Unlimited');
      expect(screen.queryByRole('link', { name: 'Upgrade plan' })).toBeNull();
      cleanup();
    }
  });

  it('an unverified user is told to verify and cannot change accounts', async () => {
    renderPage(AccountsPage, accountsHost({ verified: false }).host, '/accounts');
    expect(await screen.findByText(OrganizationMessages.verifyEmailBefore('creating an account.'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', true);
    for (const button of screen.getAllByRole('button', { name: /Deactivate|Activate|Delete/ })) expect(button).toHaveProperty('disabled', true);
  });

  it('renames an active account (not to a blank name) and shows the server refusal', async () => {
    let refuse = false;
    const { host, calls } = accountsHost({
      change: () => {
        if (refuse) throw apiError(403, { message: OrganizationMessages.verifyEmailBefore('updating an account.') });
        return {};
      },
    });
    renderPage(AccountsPage, host, '/accounts');
    const acme = (await screen.findByText('Acme')).closest('li')!;
    expect(within(screen.getByText('Beta').closest('li')!).queryByRole('button', { name: 'Rename' }), 'inactive accounts are not configured').toBeNull();
    await userEvent.click(within(acme).getByRole('button', { name: 'Rename' }));
    const input = within(acme).getByLabelText('New name for Acme');
    await userEvent.clear(input);
    await userEvent.click(within(acme).getByRole('button', { name: 'Save name' }));
    expect(within(acme).getByText(OrganizationMessages.nameRequired)).toBeTruthy();
    await userEvent.type(input, 'Acme Global');
    await userEvent.click(within(acme).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/organizations/o1', body: { name: 'Acme Global' }, auth: true }));
    refuse = true;
    await userEvent.click(within(acme).getByRole('button', { name: 'Rename' }));
    await userEvent.click(within(acme).getByRole('button', { name: 'Save name' }));
    expect(await within(acme).findByText(OrganizationMessages.verifyEmailBefore('updating an account.'))).toBeTruthy();
  });

  it('deactivates with an optional reason, activates, and deletes after confirming', async () => {
    const { host, calls } = accountsHost();
    renderPage(AccountsPage, host, '/accounts');
    const acme = (await screen.findByText('Acme')).closest('li')!;
    await userEvent.click(within(acme).getByRole('button', { name: 'Deactivate' }));
    await userEvent.type(within(acme).getByLabelText('Reason for deactivating Acme (optional)'), 'Paused');
    await userEvent.click(within(acme).getByRole('button', { name: 'Confirm deactivation' }));
    const beta = screen.getByText('Beta').closest('li')!;
    await userEvent.click(within(beta).getByRole('button', { name: 'Activate' }));
    await userEvent.click(within(beta).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(beta).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(3));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PUT', path: '/organizations/o1/deactivate', body: { reason: 'Paused' }, auth: true },
      { method: 'PUT', path: '/organizations/o2/activate', body: undefined, auth: true },
      { method: 'DELETE', path: '/organizations/o2', body: undefined, auth: true },
    ]);
  });
});
