import { describe, expect, it } from 'vitest';
import { BillingMessages } from '@planner/contracts';
import { APP_URL, page, useBilling } from './harness.js';

// No STRIPE_SECRET_KEY: the labelled sandbox checkout.
const h = useBilling({ sandbox: true });

/** The gateway path of an address on the app's origin. */
const pathOf = (url: string) => url.slice(`${APP_URL}/api`.length);
const subscriptionOf = async (token: string) => (await h.call('GET', '/payments/subscriptions', token)).json();

async function checkout(token: string, plan: 'starter' | 'pro' | 'advanced') {
  const started = await h.call('POST', '/payments/create-checkout-session', token, { planType: plan, successUrl: page('/plan-selection'), cancelUrl: page('/plan-selection?canceled=1') });
  expect(started.statusCode).toBe(200);
  return started.json() as { checkoutUrl: string; sessionId: string };
}

describe('sandbox payments (no Stripe key)', () => {
  it('shows a labelled checkout page whose Pay drives the same changes as Stripe’s webhooks', async () => {
    const user = await h.user();
    const { checkoutUrl, sessionId } = await checkout(user.token, 'starter');
    expect(checkoutUrl).toBe(`${APP_URL}/api/payments/sandbox/checkout/${sessionId}`);
    const shown = await h.api.fetch(pathOf(checkoutUrl));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('SANDBOX — no real payment.');
    expect(html).toContain('Starter plan');
    expect(html).toContain(`action="${sessionId}/complete"`);

    const paid = await h.api.fetch(`${pathOf(checkoutUrl)}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${page('/plan-selection')}?session_id=${sessionId}&plan=starter`);
    const verified = await h.call('POST', '/payments/verify-payment', user.token, { sessionId, planType: 'starter' });
    expect(verified.json()).toEqual({ success: true, message: BillingMessages.paymentVerified('starter') });
    expect(await subscriptionOf(user.token)).toMatchObject({ has_subscription: true, sandbox: true, portal_url: null, subscription: { plan_type: 'starter', status: 'active', amount: 9.99 } });
    expect(await h.announced(user.id)).toEqual([{ userId: user.id, planType: 'starter', status: 'active', changedAt: expect.any(String) }]);

    // Paid once: the page and its buttons are gone.
    const again = await h.api.fetch(`${pathOf(checkoutUrl)}/complete`, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(BillingMessages.sandboxCheckoutGone);
  });

  it('cancels back to the cancel page without a subscription', async () => {
    const user = await h.user();
    const { checkoutUrl, sessionId } = await checkout(user.token, 'pro');
    const canceled = await h.api.fetch(`${pathOf(checkoutUrl)}/cancel`, { method: 'POST' });
    expect([canceled.status, canceled.headers.get('location')]).toEqual([303, page('/plan-selection?canceled=1')]);
    const verified = await h.call('POST', '/payments/verify-payment', user.token, { sessionId, planType: 'pro' });
    expect([verified.statusCode, verified.json().message]).toEqual([400, BillingMessages.verificationFailed]);
    expect(await subscriptionOf(user.token)).toMatchObject({ has_subscription: false, subscription: null });
  });

  it('changes plan, cancels at the period end and resumes on the sandbox subscription', async () => {
    const user = await h.user();
    const { checkoutUrl } = await checkout(user.token, 'starter');
    await h.api.fetch(`${pathOf(checkoutUrl)}/complete`, { method: 'POST' });
    const up = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'advanced', successUrl: page(), cancelUrl: page() });
    expect(up.json()).toMatchObject({ changedInPlace: true, message: BillingMessages.planChanged('advanced') });
    const canceled = await h.call('POST', '/payments/cancel-subscription', user.token);
    expect(canceled.json().success).toBe(true);
    expect((await subscriptionOf(user.token)).subscription).toMatchObject({ plan_type: 'advanced', cancel_at_period_end: true });
    const resumed = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'advanced', successUrl: page(), cancelUrl: page() });
    expect(resumed.json().message).toBe(BillingMessages.resubscribed('advanced'));
    expect((await h.announced(user.id)).map((e) => e.planType)).toEqual(['starter', 'advanced']);
  });

  it('has no webhook', async () => {
    const answer = await h.api.send({ method: 'POST', url: '/payments/webhook', body: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect([answer.statusCode, answer.json().message]).toEqual([400, BillingMessages.webhooksOff]);
  });
});
