import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingMessages, type PublicUser, type SubscriptionResponse } from '@planner/contracts';
import { browser, CANCEL_CONFIRMATION, INVALID_RESPONSE, PlanSelectionPage, ROLE_SYNC_ATTEMPTS, ROLE_SYNC_DELAY_MS } from '../src/PlanSelectionPage.js';
import pages from '../src/pages.js';
import { subscriptionDetails } from './fixtures.js';
// The host stand-in the account remote's page tests use (the shell's Host interface, answering from a function).
import { apiError, renderPage, testHost, user, type Call } from '../../account/test/support.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const subscriptionAnswer = (overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse => ({
  has_subscription: false,
  portal_url: null,
  subscription: null,
  sandbox: false,
  ...overrides,
});

/** Answers GET /payments/subscriptions with `subscription()` (so a test can change it) and the other calls with `others`. */
function billingHost(subscription: () => SubscriptionResponse, others: (call: Call) => unknown = () => ({}), sessionUser: PublicUser | null = null) {
  return testHost((call) => (call.path === '/payments/subscriptions' ? subscription() : others(call)), sessionUser);
}

/** The button of each plan card, by the plan's name. */
async function planButtons(): Promise<Record<string, HTMLButtonElement>> {
  const cards = await screen.findAllByRole('listitem', { name: /Basic|Starter|Professional|Advanced/ });
  return Object.fromEntries(cards.map((card) => [within(card).getByRole('heading').textContent, within(card).getByRole('button') as HTMLButtonElement]));
}

const labels = (buttons: Record<string, HTMLButtonElement>) =>
  Object.fromEntries(Object.entries(buttons).map(([plan, button]) => [plan, `${button.textContent}${button.disabled ? ' (disabled)' : ''}`]));

/** Waits until each plan's button reads as `expected` says (its label, then ' (disabled)' when it is). */
const expectPlanButtons = (expected: Record<string, string>) => waitFor(async () => expect(labels(await planButtons())).toEqual(expected));

describe('plan selection', () => {
  it('is the billing remote’s one page', async () => {
    expect(Object.keys(pages)).toEqual(['PlanSelectionPage']);
    expect(await pages.PlanSelectionPage()).toBe(PlanSelectionPage);
  });

  it('shows the four plans with prices and features; a basic user may upgrade to any paid plan', async () => {
    const { host } = billingHost(() => subscriptionAnswer());
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await expectPlanButtons({
      Basic: 'Current Plan (disabled)',
      Starter: 'Upgrade',
      Professional: 'Upgrade',
      Advanced: 'Upgrade',
    });
    const advanced = screen.getByRole('listitem', { name: 'Advanced' });
    expect(within(advanced).getByText('$39.99')).toBeTruthy();
    expect(within(advanced).getByText('Priority Support')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Basic' })).getByText('Free')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Sandbox: no real payment')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage Plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('under a running paid plan, basic reads Downgrade but stays disabled (leaving is Cancel Subscription)', async () => {
    const { host } = billingHost(() => subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails() }));
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await expectPlanButtons({
      Basic: 'Downgrade (disabled)',
      Starter: 'Downgrade',
      Professional: 'Current Plan (disabled)',
      Advanced: 'Upgrade',
    });
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('labels a canceling plan Active Until End of Period and basic a Downgrade to come with its date; an expired plan is Resubscribe, basic Already Downgraded', async () => {
    let answer = subscriptionAnswer({ has_subscription: true, sandbox: true, subscription: subscriptionDetails({ cancel_at_period_end: true }) });
    const { host } = billingHost(() => answer);
    renderPage(PlanSelectionPage, host, '/plan-selection');
    expect(await screen.findByText('Sandbox: no real payment')).toBeTruthy();
    await expectPlanButtons({
      Basic: 'Downgrade (disabled)',
      Starter: 'Downgrade',
      Professional: 'Active Until End of Period (disabled)',
      Advanced: 'Upgrade',
    });
    expect(screen.getByText(/^Your Professional plan is canceled: it stays active until 01\/Dec\/2026/)).toBeTruthy();
    const basicFrom = within(screen.getByRole('listitem', { name: 'Basic' })).getByText(/^Your plan moves to Basic on 01\/Dec\/2026/);
    expect((await planButtons()).Basic!.getAttribute('aria-describedby')).toContain(basicFrom.id);
    cleanup();

    answer = subscriptionAnswer({ has_subscription: false, subscription: subscriptionDetails({ status: 'canceled' }) });
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await waitFor(async () => expect((await planButtons()).Professional!.textContent).toBe('Resubscribe'));
    expect((await planButtons()).Basic!.textContent).toBe('Already Downgraded');
  });

  it('goes to the checkout URL with success and cancel pages of this site', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const { host, calls } = billingHost(
      () => subscriptionAnswer(),
      () => ({ checkoutUrl: 'https://checkout.example/session', sessionId: 'cs_1', changedInPlace: false }),
    );
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click((await planButtons()).Professional!);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.example/session'));
    const page = `${window.location.origin}/plan-selection`;
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/payments/create-checkout-session',
      auth: true,
      body: { planType: 'pro', successUrl: page, cancelUrl: `${page}?checkout=canceled` },
    });
  });

  it('back from a canceled checkout says so once and drops the query', async () => {
    const { host, calls } = billingHost(() => subscriptionAnswer());
    renderPage(PlanSelectionPage, host, '/plan-selection?checkout=canceled');
    const notice = await screen.findByText(BillingMessages.checkoutCanceled);
    expect(notice.getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/plan-selection'));
    expect(screen.getByText(BillingMessages.checkoutCanceled)).toBeTruthy();
    expect(calls.some((call) => call.path === '/payments/verify-payment')).toBe(false);
  });

  it('a canceled plan is resumed with Resubscribe: the same plan again, changed in place', async () => {
    const go = vi.spyOn(browser, 'go');
    let answer = subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails({ cancel_at_period_end: true }) });
    const { host, calls } = billingHost(
      () => answer,
      () => {
        answer = subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails() });
        return { checkoutUrl: 'http://localhost/plan-selection?plan=pro', sessionId: null, changedInPlace: true, message: BillingMessages.resubscribed('pro') };
      },
    );
    renderPage(PlanSelectionPage, host, '/plan-selection');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect((await screen.findByText(BillingMessages.resubscribed('pro'))).getAttribute('role')).toBe('status');
    expect(calls.find((call) => call.path === '/payments/create-checkout-session')?.body).toMatchObject({ planType: 'pro' });
    await waitFor(async () => expect((await planButtons()).Professional!.textContent).toBe('Current Plan'));
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resubscribe' })).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('disables every plan button while the checkout is being opened', async () => {
    let open!: (answer: unknown) => void;
    const { host } = billingHost(
      () => subscriptionAnswer(),
      () => new Promise((resolve) => (open = resolve)),
    );
    vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click((await planButtons()).Starter!);
    await waitFor(async () => expect(Object.values(await planButtons()).every((button) => button.disabled)).toBe(true));
    open({ checkoutUrl: '/x', sessionId: 's', changedInPlace: false });
    await waitFor(async () => expect((await planButtons()).Starter!.disabled).toBe(false));
  });

  it('a plan changed in place shows the server’s message and reloads the user and the subscription', async () => {
    const go = vi.spyOn(browser, 'go');
    let answer = subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails() });
    const { host, session } = billingHost(
      () => answer,
      () => {
        answer = subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails({ plan_type: 'advanced' }) });
        return { checkoutUrl: 'http://localhost/plan-selection?plan=advanced', sessionId: null, changedInPlace: true, message: BillingMessages.planChanged('advanced') };
      },
    );
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click((await planButtons()).Advanced!);
    expect(await screen.findByText(BillingMessages.planChanged('advanced'))).toBeTruthy();
    await waitFor(async () => expect((await planButtons()).Advanced!.textContent).toBe('Current Plan'));
    expect(session.reloaded).toBe(1);
    expect(go).not.toHaveBeenCalled();
  });

  it('checkout failures: the server’s sentence, else the spec’s; an answer without a URL is invalid', async () => {
    let failure: () => unknown = () => {
      throw apiError(409, { message: BillingMessages.alreadyOnPlan('pro') });
    };
    const { host } = billingHost(() => subscriptionAnswer(), () => failure());
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click((await planButtons()).Professional!);
    expect((await screen.findByRole('alert')).textContent).toBe(BillingMessages.alreadyOnPlan('pro'));

    failure = () => {
      throw new TypeError('Failed to fetch');
    };
    await userEvent.click((await planButtons()).Professional!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(BillingMessages.checkoutFailed));

    failure = () => ({ sessionId: 'x' });
    await userEvent.click((await planButtons()).Professional!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INVALID_RESPONSE));
  });

  it('verifies the return from checkout once, shows the result, reloads the user and drops the query', async () => {
    let verified = false;
    let answerVerification!: () => void;
    const { host, calls, session } = billingHost(
      () => (verified ? subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails() }) : subscriptionAnswer()),
      () =>
        new Promise((resolve) => {
          answerVerification = () => {
            verified = true;
            resolve({ success: true, message: BillingMessages.paymentVerified('pro') });
          };
        }),
    );
    renderPage(PlanSelectionPage, host, '/plan-selection?session_id=cs_42&plan=pro');
    expect(await screen.findByText('Verifying your payment…')).toBeTruthy();
    await waitFor(async () => expect(labels(await planButtons()).Starter).toBe('Upgrade (disabled)'));
    expect(Object.values(await planButtons()).every((button) => button.disabled)).toBe(true);
    answerVerification();
    expect(await screen.findByText(BillingMessages.paymentVerified('pro'))).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/plan-selection'));
    await waitFor(async () => expect((await planButtons()).Professional!.textContent).toBe('Current Plan'));
    expect(calls.filter((call) => call.path === '/payments/verify-payment')).toEqual([
      { method: 'POST', path: '/payments/verify-payment', auth: true, body: { sessionId: 'cs_42', planType: 'pro' } },
    ]);
    expect(session.reloaded).toBe(1);
  });

  it('verification failures read the spec’s messages', async () => {
    const { host } = billingHost(
      () => subscriptionAnswer(),
      () => {
        throw apiError(404, { message: BillingMessages.verificationFailed });
      },
    );
    renderPage(PlanSelectionPage, host, '/plan-selection?session_id=cs_x&plan=pro');
    expect((await screen.findByRole('alert')).textContent).toBe('Payment verification failed.');
    cleanup();

    const offline = billingHost(
      () => subscriptionAnswer(),
      () => {
        throw new TypeError('Failed to fetch');
      },
    );
    renderPage(PlanSelectionPage, offline.host, '/plan-selection?session_id=cs_x&plan=pro');
    expect((await screen.findByRole('alert')).textContent).toBe('Error verifying payment: Failed to fetch');
    cleanup();

    const unknownPlan = billingHost(() => subscriptionAnswer());
    renderPage(PlanSelectionPage, unknownPlan.host, '/plan-selection?session_id=cs_x&plan=gold');
    expect((await screen.findByRole('alert')).textContent).toBe('Payment verification failed.');
    expect(unknownPlan.calls.some((call) => call.path === '/payments/verify-payment')).toBe(false);
  });

  it('cancels after confirmation, then shows Active Until End of Period; a failure reads Failed to cancel subscription.', async () => {
    let answer = subscriptionAnswer({ has_subscription: true, sandbox: true, subscription: subscriptionDetails() });
    let cancelAnswer: () => unknown = () => {
      throw apiError(503, null);
    };
    const { host, calls } = billingHost(() => answer, () => cancelAnswer());
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(screen.getByText(CANCEL_CONFIRMATION)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BillingMessages.cancelFailed);

    cancelAnswer = () => {
      answer = subscriptionAnswer({ has_subscription: true, sandbox: true, subscription: subscriptionDetails({ cancel_at_period_end: true }) });
      return { success: true, message: BillingMessages.activeUntil('01/Dec/2026') };
    };
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect((await screen.findByText(BillingMessages.activeUntil('01/Dec/2026'))).getAttribute('role')).toBe('status');
    await waitFor(async () => expect((await planButtons()).Professional!.textContent).toBe('Active Until End of Period'));
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(calls.filter((call) => call.path === '/payments/cancel-subscription')).toHaveLength(2);
  });

  it('Manage Plan opens the billing portal, or says the portal could not be opened', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    let answer = subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails(), portal_url: 'https://billing.example/p/1' });
    const { host } = billingHost(() => answer);
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Plan' }));
    expect(go).toHaveBeenCalledWith('https://billing.example/p/1');
    cleanup();

    answer = subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails(), message: BillingMessages.portalFailed });
    renderPage(PlanSelectionPage, host, '/plan-selection');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Plan' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to access subscription management portal. Please try again later.');
  });

  it('reloads the user, a few times, while their role has not caught up with the plan in effect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const behind = billingHost(() => subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails() }), undefined, user({ role: 'basic' }));
      renderPage(PlanSelectionPage, behind.host, '/plan-selection');
      await screen.findByText(/You are on the Professional plan/);
      for (let step = 0; step < ROLE_SYNC_ATTEMPTS + 2; step++) await act(() => vi.advanceTimersByTimeAsync(ROLE_SYNC_DELAY_MS));
      expect(behind.session.reloaded).toBe(ROLE_SYNC_ATTEMPTS);
      cleanup();

      const caughtUp = billingHost(() => subscriptionAnswer({ has_subscription: true, subscription: subscriptionDetails() }), undefined, user({ role: 'pro' }));
      renderPage(PlanSelectionPage, caughtUp.host, '/plan-selection');
      await screen.findByText(/You are on the Professional plan/);
      await act(() => vi.advanceTimersByTimeAsync(3 * ROLE_SYNC_DELAY_MS));
      expect(caughtUp.session.reloaded).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
