import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthMessages, BillingMessages, ROLE_LABELS, ROLES, type PublicUser } from '@planner/contracts';
import type { Organization } from '@planner/remote-contract';
import { AdminMessages } from '../src/messages.js';
import { UserManagePage } from '../src/user-manage/UserManagePage.js';
import { ROLE_FOLLOW_POLL_MS } from '../src/user-manage/UserSubscription.js';
import { adminHost, apiError, callsTo, member, organization, renderPage, USER_ID, type Answer } from './support.js';

afterEach(cleanup);

const FROM_PANEL = `/user-manage?userId=${USER_ID}&returnTo=%2Fadmin&tab=users&searchQuery=sam&searchType=email`;
const userAnswer = (user: PublicUser) => ({ success: true, data: { user, subscription: user.subscription } });
const ORGS = [organization('00000000-0000-4000-8000-0000000000f1', 'Bakery'), organization('00000000-0000-4000-8000-0000000000f2', 'Florist', { is_active: false, deactivated_at: '2026-03-02T10:00:00.000Z', deactivation_reason: 'Spam' })];

/** The page for `user` (and their organizations), other calls answered by `routes`. */
function openUser(user: PublicUser = member(), routes: Record<string, Answer> = {}, organizations: Organization[] = ORGS, path = FROM_PANEL) {
  const test = adminHost({
    [`GET /auth/users/${USER_ID}`]: () => userAnswer(user),
    [`GET /auth/users/${USER_ID}/organizations`]: () => ({ success: true, data: { organizations } }),
    ...routes,
  });
  renderPage(UserManagePage, test.host, path);
  return test;
}

const changedUser = (over: Partial<PublicUser>) => () => ({ success: true, data: { user: member(over) } });

describe('single-user page', () => {
  it('without userId says No user ID provided and loads nothing', () => {
    const { calls } = openUser(member(), {}, ORGS, '/user-manage?returnTo=%2Fadmin');
    expect(screen.getByText(AuthMessages.noUserId)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a failed load says Failed to load user data and goes back to the origin with its tab and search', async () => {
    const { toasts } = openUser(member(), {
      [`GET /auth/users/${USER_ID}`]: () => {
        throw apiError(500);
      },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin?tab=users&searchQuery=sam&searchType=email'));
    expect(toasts).toEqual([{ kind: 'error', message: AdminMessages.loadUserFailed }]);
  });

  it('an unknown user says User not found; a returnTo off this site goes back to /admin instead', async () => {
    const { toasts } = openUser(member(), { [`GET /auth/users/${USER_ID}`]: () => Promise.reject(apiError(404, { message: AuthMessages.userNotFound })) }, ORGS, `/user-manage?userId=${USER_ID}&returnTo=%2F%2Fevil.example`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin'));
    expect(toasts).toEqual([{ kind: 'error', message: AuthMessages.userNotFound }]);
  });

  it('has the three tabs, Organizations with its count, and a way back', async () => {
    openUser();
    expect(await screen.findByRole('heading', { name: 'Manage User: sam' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['User Information', 'Organizations (2)', 'Subscription']));
    expect(screen.getByRole('link', { name: '← Back' }).getAttribute('href')).toBe('/admin?tab=users&searchQuery=sam&searchType=email');
  });
});

describe('user information', () => {
  it('offers the 7 roles, changes the role and resets it', async () => {
    const { calls, toasts } = openUser(member(), {
      [`PUT /auth/users/${USER_ID}/role`]: changedUser({ role: 'superadmin' }),
      [`POST /auth/users/${USER_ID}/role/reset`]: changedUser({ role: 'basic' }),
    });
    const role = await screen.findByLabelText('Role');
    expect(within(role).getAllByRole('option').map((option) => (option as HTMLOptionElement).value)).toEqual([...ROLES]);
    expect(screen.getByRole('button', { name: 'Change role' })).toHaveProperty('disabled', true);
    await userEvent.selectOptions(role, 'superadmin');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', `/auth/users/${USER_ID}/role`)[0]?.body).toEqual({ role: 'superadmin' }));
    expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.roleUpdated(ROLE_LABELS.superadmin) });
    expect(screen.getByText('Superadmin', { selector: 'dd' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset role' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.roleReset('Basic') }));
  });

  it('a refused role change says Failed to update user role', async () => {
    const { toasts } = openUser(member(), {
      [`PUT /auth/users/${USER_ID}/role`]: () => {
        throw apiError(500);
      },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Role'), 'pro');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: AdminMessages.roleUpdateFailed }));
  });

  it('bans with a reason and whole hours (at least 1), or for good without hours', async () => {
    const { calls } = openUser(member(), { 'POST /auth/admin/ban-user': changedUser({ is_banned: true, ban_reason: 'spam', banned_at: '2026-03-01T10:00:00.000Z', ban_expires_at: null }) });
    const form = await screen.findByRole('form', { name: 'Ban user' });
    const ban = within(form).getByRole('button', { name: 'Ban user' });
    await userEvent.type(within(form).getByLabelText('Reason'), '   ');
    await userEvent.click(ban);
    expect(within(form).getByText(AuthMessages.banReasonRequired)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Reason'), 'spam');
    for (const hours of ['0', '1.5', '-2']) {
      await userEvent.clear(within(form).getByLabelText('Duration (hours)'));
      await userEvent.type(within(form).getByLabelText('Duration (hours)'), hours);
      await userEvent.click(ban);
      expect(within(form).getByText(AuthMessages.banDurationInvalid), hours).toBeTruthy();
    }
    expect(callsTo(calls, 'POST', '/auth/admin/ban-user')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Duration (hours)'));
    await userEvent.click(ban);
    await waitFor(() => expect(callsTo(calls, 'POST', '/auth/admin/ban-user')[0]?.body).toEqual({ user_id: USER_ID, reason: 'spam', duration_hours: null }));
    expect(await screen.findByText('Never (permanent)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unban user' })).toBeTruthy();
  });

  it('sends whole hours as a number', async () => {
    const { calls } = openUser(member(), { 'POST /auth/admin/ban-user': changedUser({ is_banned: true, ban_reason: 'spam', ban_expires_at: '2099-01-01T00:00:00.000Z' }) });
    const form = await screen.findByRole('form', { name: 'Ban user' });
    await userEvent.type(within(form).getByLabelText('Reason'), ' spam ');
    await userEvent.type(within(form).getByLabelText('Duration (hours)'), '24');
    await userEvent.click(within(form).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/auth/admin/ban-user')[0]?.body).toEqual({ user_id: USER_ID, reason: 'spam', duration_hours: 24 }));
  });

  it('unbans a banned user; a failure says Failed to unban user', async () => {
    let fail = true;
    const { calls, toasts } = openUser(member({ is_banned: true, ban_reason: 'spam', ban_expires_at: null }), {
      'POST /auth/admin/unban-user': () => {
        if (fail) throw apiError(500);
        return changedUser({})();
      },
    });
    expect(await screen.findByText('spam')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unban user' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: AdminMessages.unbanFailed }));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Unban user' }));
    expect(await screen.findByRole('form', { name: 'Ban user' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/auth/admin/unban-user').at(-1)!.body).toEqual({ user_id: USER_ID });
  });
});

describe('organizations', () => {
  it('filters by name and status (kept in the address); deactivating needs a reason; activates', async () => {
    const { calls } = openUser(member(), { 'POST /auth/admin/organization-status': () => ({ success: true, data: ORGS[0] }) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Organizations (2)' }));
    expect(screen.getByText('1 active, 1 inactive')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'inactive');
    expect(within(screen.getByRole('list', { name: 'Organizations of the user' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toContain('orgSearchType=inactive');
    expect(screen.getByText(/Spam/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await userEvent.type(screen.getByLabelText('Filter by name'), 'bak');
    expect(within(screen.getByRole('list', { name: 'Organizations of the user' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toContain('orgSearchQuery=bak');
    await userEvent.clear(screen.getByLabelText('Filter by name'));

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bakery' }));
    const form = screen.getByRole('form', { name: 'Deactivate Bakery' });
    await userEvent.click(within(form).getByRole('button', { name: 'Deactivate' }));
    expect(within(form).getByText(AuthMessages.deactivateReasonRequired)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Reason for deactivating'), 'Fraud');
    await userEvent.click(within(form).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/auth/admin/organization-status')[0]?.body).toEqual({ organization_id: ORGS[0]!.id, activate: false, reason: 'Fraud' }));

    await userEvent.click(screen.getByRole('button', { name: 'Activate Florist' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/auth/admin/organization-status')[1]?.body).toEqual({ organization_id: ORGS[1]!.id, activate: true }));
  });

  it('a refused activation shows the server’s reason, else the spec’s words', async () => {
    let refusal: Error = apiError(400, { message: 'You have reached your plan limit of 1 active accounts. Please deactivate an account or upgrade your plan.' });
    const { toasts } = openUser(member(), {
      'POST /auth/admin/organization-status': () => {
        throw refusal;
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Organizations (2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Activate Florist' }));
    await waitFor(() => expect(toasts.at(-1)?.message).toMatch(/plan limit of 1/));
    refusal = apiError(502);
    await userEvent.click(screen.getByRole('button', { name: 'Activate Florist' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ kind: 'error', message: AdminMessages.activateFailed }));
  });
});

describe('subscription', () => {
  it('shows the plan and status and sets another (plans basic to advanced; active, canceled, past_due)', async () => {
    const subscription = { plan_type: 'pro' as const, status: 'past_due' as const, current_period_start: null, current_period_end: '2026-04-01T00:00:00.000Z', cancel_at_period_end: false, amount: 19.99, created_at: '', updated_at: '' };
    const { calls, toasts } = openUser(member({ subscription: { plan_type: 'starter', status: 'active' } }), {
      'POST /subscriptions/admin/update': () => ({ success: true, message: BillingMessages.adminUpdated, subscription }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(screen.getByText('Starter', { selector: '.badge' })).toBeTruthy();
    expect(within(screen.getByLabelText('Plan')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['basic', 'starter', 'pro', 'advanced']);
    expect(within(screen.getByLabelText('Status')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['active', 'canceled', 'past_due']);
    await userEvent.selectOptions(screen.getByLabelText('Plan'), 'pro');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'past_due');
    await userEvent.click(screen.getByRole('button', { name: 'Update subscription' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: BillingMessages.adminUpdated }));
    expect(callsTo(calls, 'POST', '/subscriptions/admin/update')[0]!.body).toEqual({ user_id: USER_ID, plan_type: 'pro', status: 'past_due' });
    expect(screen.getByText('Professional', { selector: '.badge' })).toBeTruthy();
  });

  it('shows the role the new plan gives once auth has applied the change, which comes after the update answers', async () => {
    const subscription = { plan_type: 'pro' as const, status: 'active' as const, current_period_start: null, current_period_end: null, cancel_at_period_end: false, amount: 19.99, created_at: '', updated_at: '' };
    const before = member({ role: 'starter', subscription: { plan_type: 'starter', status: 'active' } });
    const after = member({ role: 'pro', subscription: { plan_type: 'pro', status: 'active' } });
    let reads = 0;
    const { calls } = openUser(before, {
      // Auth applies billing's event after the first read that follows the update.
      [`GET /auth/users/${USER_ID}`]: () => userAnswer((reads += 1) <= 2 ? before : after),
      'POST /subscriptions/admin/update': () => ({ success: true, message: BillingMessages.adminUpdated, subscription }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    await userEvent.selectOptions(screen.getByLabelText('Plan'), 'pro');
    await userEvent.click(screen.getByRole('button', { name: 'Update subscription' }));
    await userEvent.click(screen.getByRole('tab', { name: 'User Information' }));
    await waitFor(() => expect(screen.getByText(ROLE_LABELS.pro)).toBeTruthy(), { timeout: 3 * ROLE_FOLLOW_POLL_MS });
    await new Promise((resolve) => setTimeout(resolve, 2 * ROLE_FOLLOW_POLL_MS));
    expect(callsTo(calls, 'GET', `/auth/users/${USER_ID}`).filter((call) => call.path === `/auth/users/${USER_ID}`), 'no read once applied').toHaveLength(3);
  });

  it('a user without one is told; a failure says Failed to update subscription', async () => {
    const { toasts } = openUser(member(), {
      'POST /subscriptions/admin/update': () => {
        throw apiError(500);
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(screen.getByText(/no subscription/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update subscription' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: AdminMessages.subscriptionFailed }));
  });
});

describe('failures without a reason from the server', () => {
  const failing = () => {
    throw apiError(500);
  };
  it.each([
    {
      message: AdminMessages.roleResetFailed,
      route: `POST /auth/users/${USER_ID}/role/reset`,
      act: async () => userEvent.click(await screen.findByRole('button', { name: 'Reset role' })),
    },
    {
      message: AdminMessages.banFailed,
      route: 'POST /auth/admin/ban-user',
      act: async () => {
        const form = await screen.findByRole('form', { name: 'Ban user' });
        await userEvent.type(within(form).getByLabelText('Reason'), 'spam');
        await userEvent.click(within(form).getByRole('button', { name: 'Ban user' }));
      },
    },
    {
      message: AdminMessages.deactivateFailed,
      route: 'POST /auth/admin/organization-status',
      act: async () => {
        await userEvent.click(await screen.findByRole('tab', { name: 'Organizations (2)' }));
        await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bakery' }));
        const form = screen.getByRole('form', { name: 'Deactivate Bakery' });
        await userEvent.type(within(form).getByLabelText('Reason for deactivating'), 'Fraud');
        await userEvent.click(within(form).getByRole('button', { name: 'Deactivate' }));
      },
    },
  ])('say $message', async ({ message, route, act }) => {
    const { toasts } = openUser(member(), { [route]: failing });
    await act();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
  });
});
