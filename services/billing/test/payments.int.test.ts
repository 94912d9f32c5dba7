import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publishCopy, publishEvent, untilConsumerIdle, waitFor } from '@planner/service-kit/testing';
import { BillingMessages, SharedMessages } from '@planner/contracts';
import { signed } from '../src/testing.js';
import { page, useBilling } from './harness.js';

// The expiry sweep runs every half second here: a period's end is seen at once.
const h = useBilling({ env: { SUBSCRIPTION_EXPIRY_SWEEP_MS: '500' } });

/** A user who paid for `plan` through Checkout, the stand-in's events delivered: their Stripe subscription id. */
async function paying(plan: 'starter' | 'pro' | 'advanced') {
  const user = await h.user();
  const started = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: plan, successUrl: page(), cancelUrl: page() });
  expect(started.statusCode).toBe(200);
  const subscription = h.stripe.completeCheckout(started.json().sessionId);
  await h.deliver(...h.stripe.takeEvents());
  return { ...user, subscriptionId: subscription.id, sessionId: started.json().sessionId as string };
}

/** Events as Stripe would stamp them had they happened at `second` (time passing between a failure, a payment, a period's end). */
const happenedAt = <E extends { created: number }>(events: E[], second: number): E[] => events.map((event) => ({ ...event, created: second }));

const subscriptionOf = async (token: string) => (await h.call('GET', '/payments/subscriptions', token)).json();

describe('POST /payments/create-checkout-session', () => {
  it('opens a Stripe Checkout for a user without a plan', async () => {
    const user = await h.user();
    const answer = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'pro', successUrl: page('/plan-selection?x=1'), cancelUrl: page() });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ changedInPlace: false, sessionId: expect.stringMatching(/^cs_test_/) });
    expect(body.checkoutUrl).toBe(h.stripe.sessions.get(body.sessionId)!.url);
    expect(h.stripe.sessions.get(body.sessionId)).toMatchObject({ mode: 'subscription', client_reference_id: user.id });
  });

  it('refuses success or cancel pages off our origin (no open redirect), bad plans, and anonymous callers', async () => {
    const user = await h.user();
    for (const urls of [
      { successUrl: 'https://evil.example/plan-selection', cancelUrl: page() },
      { successUrl: page(), cancelUrl: 'https://planner.example.evil.example/' },
      { successUrl: 'javascript:alert(1)', cancelUrl: page() },
    ]) {
      const answer = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'pro', ...urls });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(BillingMessages.redirectNotAllowed);
    }
    const badPlan = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'gold', successUrl: page(), cancelUrl: page() });
    expect([badPlan.statusCode, badPlan.json().message]).toEqual([400, BillingMessages.planRequired]);
    const anonymous = await h.call('POST', '/payments/create-checkout-session', null, { planType: 'pro', successUrl: page(), cancelUrl: page() });
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, SharedMessages.authenticationRequired]);
    const basic = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'basic', successUrl: page(), cancelUrl: page() });
    expect([basic.statusCode, basic.json().message]).toEqual([409, BillingMessages.noSubscription]);
  });
});

describe('checkout → completed webhook', () => {
  it('makes the user’s plan the one paid for, announced once with when it took effect', async () => {
    const user = await paying('pro');
    const view = await subscriptionOf(user.token);
    expect(view).toMatchObject({ has_subscription: true, sandbox: false, subscription: { plan_type: 'pro', status: 'active', cancel_at_period_end: false, amount: 19.99 } });
    expect(view.portal_url).toMatch(/\/portal\/bps_/);
    const announced = await h.announced(user.id);
    expect(announced).toEqual([{ userId: user.id, planType: 'pro', status: 'active', changedAt: expect.any(String) }]);
  });

  it('verifies the caller’s own paid session, for its plan', async () => {
    const owner = await h.user();
    const started = (await h.call('POST', '/payments/create-checkout-session', owner.token, { planType: 'starter', successUrl: page(), cancelUrl: page() })).json();
    const unpaid = await h.call('POST', '/payments/verify-payment', owner.token, { sessionId: started.sessionId, planType: 'starter' });
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([400, BillingMessages.verificationFailed]);
    h.stripe.completeCheckout(started.sessionId);
    const stranger = await h.user();
    const theirs = await h.call('POST', '/payments/verify-payment', stranger.token, { sessionId: started.sessionId, planType: 'starter' });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, BillingMessages.verificationFailed]);
    const otherPlan = await h.call('POST', '/payments/verify-payment', owner.token, { sessionId: started.sessionId, planType: 'pro' });
    expect([otherPlan.statusCode, otherPlan.json().message]).toEqual([400, BillingMessages.verificationFailed]);
    // Verified before any webhook arrives: the subscription is read from Stripe.
    const verified = await h.call('POST', '/payments/verify-payment', owner.token, { sessionId: started.sessionId, planType: 'starter' });
    expect(verified.json()).toEqual({ success: true, message: BillingMessages.paymentVerified('starter') });
    expect((await subscriptionOf(owner.token)).subscription).toMatchObject({ plan_type: 'starter', status: 'active' });
    // The webhooks that follow change nothing more.
    await h.deliver(...h.stripe.takeEvents());
    expect(await h.announced(owner.id)).toHaveLength(1);
  });

  it('refuses a session id holding text Postgres cannot store with a 400 naming it, not a 500 (issue 28)', async () => {
    const owner = await h.user();
    for (const [sessionId, message] of [
      ['cs_\u0000', SharedMessages.nulCharacter],
      ['cs_\ud800', SharedMessages.loneSurrogate],
    ]) {
      const res = await h.call('POST', '/payments/verify-payment', owner.token, { sessionId, planType: 'starter' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error: 'Bad Request', message, field: 'sessionId' } });
    }
  });
});

describe('plan changes of a paying user', () => {
  it('upgrades and downgrades on the same subscription with proration', async () => {
    const user = await paying('starter');
    const up = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'advanced', successUrl: page(), cancelUrl: page() });
    expect(up.json()).toEqual({ checkoutUrl: `${page()}?plan=advanced`, sessionId: null, changedInPlace: true, message: BillingMessages.planChanged('advanced') });
    const down = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'pro', successUrl: page(), cancelUrl: page() });
    expect(down.json().message).toBe(BillingMessages.planChanged('pro'));
    const prorations = h.stripe.prorations.filter((p) => p.subscription === user.subscriptionId);
    expect(prorations.map((p) => Math.sign(p.amount))).toEqual([1, -1]);
    expect(h.stripe.subscriptions.size).toBeGreaterThan(0);
    expect([...h.stripe.subscriptions.values()].filter((s) => (s.metadata as { user_id?: string }).user_id === user.id)).toHaveLength(1);
    await h.deliver(...h.stripe.takeEvents());
    expect((await subscriptionOf(user.token)).subscription).toMatchObject({ plan_type: 'pro', amount: 19.99 });
    expect((await h.announced(user.id)).map((e) => e.planType)).toEqual(['starter', 'advanced', 'pro']);
    const same = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'pro', successUrl: page(), cancelUrl: page() });
    expect([same.statusCode, same.json().message]).toEqual([409, BillingMessages.alreadyOnPlan('pro')]);
  });

  it('downgrades to basic at the period end (Active Until End of Period), resubscribes before it, then cancels and expires', async () => {
    const user = await paying('pro');
    const down = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'basic', successUrl: page(), cancelUrl: page() });
    expect(down.json().message).toMatch(/^Active until the end of the period \(\d\d\/\w{3}\/\d{4}\), then Basic\.$/);
    expect((await subscriptionOf(user.token)).subscription).toMatchObject({ plan_type: 'pro', status: 'active', cancel_at_period_end: true });
    const again = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'basic', successUrl: page(), cancelUrl: page() });
    expect([again.statusCode, again.json().message]).toEqual([409, BillingMessages.alreadyDowngraded]);
    const resumed = await h.call('POST', '/payments/create-checkout-session', user.token, { planType: 'pro', successUrl: page(), cancelUrl: page() });
    expect(resumed.json().message).toBe(BillingMessages.resubscribed('pro'));
    expect(h.stripe.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(false);

    const canceled = await h.call('POST', '/payments/cancel-subscription', user.token);
    expect(canceled.json()).toEqual({ success: true, message: expect.stringMatching(/^Active until the end of the period/) });
    await h.deliver(...h.stripe.takeEvents());
    // Still pro until the period ends.
    expect((await h.announced(user.id)).map((e) => [e.planType, e.status])).toEqual([['pro', 'active']]);
    h.stripe.endPeriod(user.subscriptionId);
    await h.deliver(...h.stripe.takeEvents());
    const ended = await subscriptionOf(user.token);
    expect(ended).toMatchObject({ has_subscription: false, subscription: { plan_type: 'pro', status: 'canceled' } });
    expect((await h.announced(user.id)).map((e) => [e.planType, e.status])).toEqual([['pro', 'active'], ['basic', 'canceled']]);
    const nothing = await h.call('POST', '/payments/cancel-subscription', user.token);
    expect([nothing.statusCode, nothing.json().message]).toEqual([400, BillingMessages.noSubscription]);
  });

  it('returns a canceling user to basic when the period ends, before Stripe’s deletion arrives', async () => {
    const user = await paying('advanced');
    await h.call('POST', '/payments/cancel-subscription', user.token);
    const ended = new Date(Date.now() - 1000);
    // The period ran out (Stripe's customer.subscription.deleted has not come yet).
    await h.ctx.dataSource.query(`UPDATE subscriptions SET current_period_end = $2 WHERE user_id = $1`, [user.id, ended]);
    const view = await waitFor(() => subscriptionOf(user.token), (v) => v.subscription.status === 'canceled');
    expect(view.has_subscription).toBe(false);
    expect((await h.announced(user.id)).at(-1)).toEqual({ userId: user.id, planType: 'basic', status: 'canceled', changedAt: expect.any(String) });
    // The deletion that follows changes nothing more.
    h.stripe.endPeriod(user.subscriptionId);
    await h.deliver(...h.stripe.takeEvents());
    expect(await h.announced(user.id)).toHaveLength(2);
  });

  it('payment failed → past_due → paid again', async () => {
    const user = await paying('starter');
    h.stripe.failPayment(user.subscriptionId);
    await h.deliver(...h.stripe.takeEvents());
    expect((await subscriptionOf(user.token)).subscription.status).toBe('past_due');
    h.stripe.payInvoice(user.subscriptionId);
    await h.deliver(...h.stripe.takeEvents());
    expect((await subscriptionOf(user.token)).subscription.status).toBe('active');
    expect((await h.announced(user.id)).map((e) => e.status)).toEqual(['active', 'past_due', 'active']);
  });
});

describe('a deleted account', () => {
  it('ends its paid subscription at Stripe now and records it canceled, once however often the deletion arrives', async () => {
    const user = await paying('pro');
    const deletion = await publishEvent(h.ctx, 'auth.user.deleted', { userId: user.id, email: 'gone@example.com' });
    await waitFor(() => subscriptionOf(user.token), (view) => view.subscription?.status === 'canceled');
    expect(h.stripe.subscriptions.get(user.subscriptionId)).toMatchObject({ status: 'canceled' });
    expect((await h.announced(user.id)).map((e) => [e.planType, e.status])).toEqual([
      ['pro', 'active'],
      ['basic', 'canceled'],
    ]);

    await publishCopy(h.ctx, deletion);
    await untilConsumerIdle(h.ctx, { durable: 'billing', subject: 'auth.user.deleted' });
    expect(await h.announced(user.id)).toHaveLength(2);
  });
});

describe('webhooks', () => {
  it('applies each event id once', async () => {
    const user = await paying('starter');
    h.stripe.failPayment(user.subscriptionId);
    const events = h.stripe.takeEvents();
    const first = await h.deliver(...events);
    const again = await h.deliver(...events);
    expect(first.map((a) => a.json())).toEqual(events.map(() => ({ received: true, duplicate: false })));
    expect(again.map((a) => a.json())).toEqual(events.map(() => ({ received: true, duplicate: true })));
    expect((await h.announced(user.id)).map((e) => e.status)).toEqual(['active', 'past_due']);
  });

  it('orders events by Stripe’s time and the subscription’s state, not by arrival', async () => {
    const user = await paying('pro');
    const now = Math.floor(Date.now() / 1000);
    h.stripe.failPayment(user.subscriptionId);
    const failed = happenedAt(h.stripe.takeEvents(), now + 3600);
    h.stripe.payInvoice(user.subscriptionId);
    const paid = happenedAt(h.stripe.takeEvents(), now + 7200);
    // The recovery arrives before the failure it follows: the failure is stale.
    await h.deliver(...paid, ...failed);
    expect((await subscriptionOf(user.token)).subscription.status).toBe('active');
    // The deletion at the period's end arrives before the update that set the cancellation: the ended subscription stays ended.
    await h.call('POST', '/payments/cancel-subscription', user.token);
    const flagged = happenedAt(h.stripe.takeEvents(), now + 10_800);
    h.stripe.endPeriod(user.subscriptionId);
    await h.deliver(...happenedAt(h.stripe.takeEvents(), now + 14_400), ...flagged);
    expect((await subscriptionOf(user.token)).subscription).toMatchObject({ status: 'canceled' });
    expect((await h.announced(user.id)).map((e) => [e.planType, e.status])).toEqual([['pro', 'active'], ['basic', 'canceled']]);
  });

  it('settles two different reports of the same second by asking Stripe', async () => {
    const user = await paying('pro');
    const subscription = h.stripe.subscriptions.get(user.subscriptionId)!;
    const sameSecond = Math.floor(Date.now() / 1000) + 5;
    const flagged = { ...h.stripe.event('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }), created: sameSecond };
    const plain = { ...h.stripe.event('customer.subscription.updated', { ...subscription, status: 'past_due' }), created: sameSecond };
    await h.deliver(flagged, plain);
    // Stripe holds it active and not canceling: that is what billing keeps.
    expect((await subscriptionOf(user.token)).subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
  });

  it('refuses forged, stale and unsigned events with 400 and changes nothing', async () => {
    const user = await paying('pro');
    const deleted = h.stripe.event('customer.subscription.deleted', h.stripe.subscriptions.get(user.subscriptionId)!);
    const body = JSON.stringify(deleted);
    const signatureFor = (options: { secret?: string; timestamp?: number }) => signed(deleted, options).signature;
    for (const signature of [signatureFor({ secret: 'whsec_forger' }), signatureFor({ timestamp: Math.floor(Date.now() / 1000) - 3600 }), '']) {
      const answer = await h.api.send({ method: 'POST', url: '/payments/webhook', body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });
      expect([answer.statusCode, answer.json().message]).toEqual([400, BillingMessages.invalidSignature]);
    }
    const [handled] = await h.ctx.dataSource.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM stripe_events WHERE id = $1`, [deleted.id]);
    expect(handled!.n).toBe(0);
    expect((await subscriptionOf(user.token)).subscription.status).toBe('active');
  });
});

describe('POST /subscriptions/admin/update', () => {
  it('is for admins only', async () => {
    const user = await h.user('pro');
    const answer = await h.call('POST', '/subscriptions/admin/update', user.token, { user_id: user.id, plan_type: 'advanced', status: 'active' });
    expect([answer.statusCode, answer.json().message]).toEqual([403, SharedMessages.adminRequired]);
  });

  it('refuses a status outside the spec before anything else', async () => {
    const admin = await h.user('admin');
    const bad = await h.call('POST', '/subscriptions/admin/update', admin.token, { user_id: randomUUID(), plan_type: 'advanced', status: 'paused' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, BillingMessages.statusRequired]);
  });
});
