import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '@planner/platform-stand-ins';
import { InvalidWebhookError, PaymentsError, type Payments } from '../src/adapters/payments.js';
import { stripePayments } from '../src/adapters/stripe.js';
import { deadUrl } from '@planner/gateway/testing';
import { addPlanPrices, configWith, signed, stripeEnv } from '../src/testing.js';

const USER = '0b8f3a52-4c55-4a41-8f63-5d6f1c0f2a11';
let stripe: StripeStandIn;
let prices: Record<string, string>;
let payments: Payments;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  prices = addPlanPrices(stripe);
  payments = stripePayments(configWith(stripeEnv(stripe, prices)));
});
afterAll(() => stripe?.close());

/** A user's checkout, paid in the stand-in: the subscription as the adapter reads it. */
async function subscribed(plan: 'starter' | 'pro' | 'advanced') {
  const { id } = await payments.createCheckout({ userId: USER, plan, customerId: null, successUrl: 'https://planner.example/plan-selection', cancelUrl: 'https://planner.example/plan-selection' });
  stripe.completeCheckout(id);
  const outcome = await payments.checkoutOutcome({ id, status: 'open' });
  stripe.takeEvents();
  return outcome.subscription!;
}

describe('the Stripe adapter against the stand-in', () => {
  it('opens a Checkout in subscription mode for the plan’s price, naming the user, coming back with the session', async () => {
    const { id, url } = await payments.createCheckout({ userId: USER, plan: 'pro', customerId: null, successUrl: 'https://planner.example/plan-selection?from=x', cancelUrl: 'https://planner.example/plan-selection' });
    expect(url).toContain(id);
    const sent = new URLSearchParams(stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.body.toString());
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe(prices.pro);
    expect(sent.get('client_reference_id')).toBe(USER);
    expect(sent.get('subscription_data[metadata][user_id]')).toBe(USER);
    expect(sent.get('success_url')).toBe('https://planner.example/plan-selection?from=x&session_id={CHECKOUT_SESSION_ID}&plan=pro');
    expect(await payments.checkoutOutcome({ id, status: 'open' })).toEqual({ paid: false, subscription: null });
  });

  it('reads a paid checkout’s subscription: plan by price, period from its item, amount', async () => {
    const subscription = await subscribed('starter');
    expect(subscription).toMatchObject({ planType: 'starter', status: 'active', cancelAtPeriodEnd: false, amountCents: 999 });
    expect(subscription.periodEnd!.getTime() - subscription.periodStart!.getTime()).toBe(30 * 86400_000);
  });

  it('changes the plan on the same subscription with proration, and cancels or resumes at the period end', async () => {
    const subscription = await subscribed('starter');
    const upgraded = await payments.changePlan(subscription, 'advanced', USER);
    expect(upgraded).toMatchObject({ subscriptionId: subscription.subscriptionId, planType: 'advanced', amountCents: 3999 });
    const proration = stripe.prorations.at(-1)!;
    expect(proration).toMatchObject({ subscription: subscription.subscriptionId, fromPrice: prices.starter, toPrice: prices.advanced });
    expect(proration.amount).toBeGreaterThan(0);
    const ending = await payments.setCancelAtPeriodEnd(upgraded, true);
    expect(ending.cancelAtPeriodEnd).toBe(true);
    expect((await payments.setCancelAtPeriodEnd(ending, false)).cancelAtPeriodEnd).toBe(false);
    expect(stripe.takeEvents().map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.updated']);
  });

  it('opens the billing portal for the customer', async () => {
    const subscription = await subscribed('pro');
    expect(await payments.portalUrl(subscription.customerId, 'https://planner.example/plan-selection')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/bps_/);
  });

  it('reads signed webhooks, and refuses forged, stale and unsigned ones', async () => {
    const subscription = await subscribed('pro');
    const event = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.subscriptionId)!);
    const { body, signature } = signed(event);
    expect(payments.readWebhook(Buffer.from(body), signature)).toMatchObject({ id: event.id, detail: { kind: 'subscription', userId: USER, subscription: { planType: 'pro' } } });
    const forged = signed(event, { secret: 'whsec_someone_else' });
    expect(() => payments.readWebhook(Buffer.from(forged.body), forged.signature)).toThrow(InvalidWebhookError);
    const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => payments.readWebhook(Buffer.from(stale.body), stale.signature)).toThrow(InvalidWebhookError);
    expect(() => payments.readWebhook(Buffer.from(body.replace('"pro"', '"advanced"')), signature)).toThrow(InvalidWebhookError);
    expect(() => payments.readWebhook(Buffer.from(body), undefined)).toThrow(InvalidWebhookError);
  });

  it('reads a webhook signed during a secret roll, with both the old and the new secret, whichever one billing has', async () => {
    const subscription = await subscribed('pro');
    const event = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.subscriptionId)!);
    // Stripe's roll sends one `v1` per secret under one timestamp; the library's helper makes one, so two are joined.
    const timestamp = Math.floor(Date.now() / 1000);
    const [byOld, byNew] = ['whsec_before_the_roll', 'whsec_after_the_roll'].map((secret) => signed(event, { secret, timestamp }));
    const v1 = (header: string) => header.split(',').find((part) => part.startsWith('v1='));
    const rolled = `t=${timestamp},${v1(byOld!.signature)},${v1(byNew!.signature)}`;
    for (const secret of ['whsec_before_the_roll', 'whsec_after_the_roll']) {
      const billing = stripePayments(configWith({ ...stripeEnv(stripe, prices), STRIPE_WEBHOOK_SECRET: secret }));
      expect(billing.readWebhook(Buffer.from(byOld!.body), rolled)).toMatchObject({ id: event.id, detail: { subscription: { planType: 'pro' } } });
    }
    const stranger = stripePayments(configWith({ ...stripeEnv(stripe, prices), STRIPE_WEBHOOK_SECRET: 'whsec_someone_else' }));
    expect(() => stranger.readWebhook(Buffer.from(byOld!.body), rolled)).toThrow(InvalidWebhookError);
  });

  it('says so when Stripe cannot be reached', async () => {
    const down = stripePayments(configWith({ ...stripeEnv(stripe, prices), STRIPE_API_URL: await deadUrl() }));
    await expect(down.subscription('sub_x')).rejects.toBeInstanceOf(PaymentsError);
  });

  it('needs every price and the webhook secret once a key is set', () => {
    const { STRIPE_PRICE_PRO: _pro, STRIPE_WEBHOOK_SECRET: _secret, ...partial } = stripeEnv(stripe, prices);
    expect(() => stripePayments(configWith(partial))).toThrow(/STRIPE_PRICE_PRO, STRIPE_WEBHOOK_SECRET required/);
  });
});
