import Stripe from 'stripe';
import { billingEventFrom, PAID_PLANS, subscriptionFromStripe, type PaidPlan, type PriceIds } from '../domain/stripe-objects.js';
import { withQuery } from '../domain/redirects.js';
import type { ProviderSubscription } from '../domain/subscription-state.js';
import type { BillingConfig } from '../config.js';
import { InvalidWebhookError, PaymentsError, type Payments } from './payments.js';

/** A Stripe client for STRIPE_API_URL (Stripe's API, or a local stand-in), the library's API version. */
export function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'planner-billing' },
  });
}

/** The price ids of the paid plans; every one is needed once Stripe is on. */
export function priceIdsFrom(config: BillingConfig): PriceIds {
  const ids = { starter: config.STRIPE_PRICE_STARTER, pro: config.STRIPE_PRICE_PRO, advanced: config.STRIPE_PRICE_ADVANCED };
  const missing = PAID_PLANS.filter((plan) => !ids[plan]).map((plan) => `STRIPE_PRICE_${plan.toUpperCase()}`);
  if (!config.STRIPE_WEBHOOK_SECRET) missing.push('STRIPE_WEBHOOK_SECRET');
  if (missing.length > 0) throw new Error(`${missing.join(', ')} required with STRIPE_SECRET_KEY (npm run stripe:setup -w services/billing prints the prices)`);
  return ids as PriceIds;
}

/** Runs a Stripe call; its failure becomes a PaymentsError the commands answer in the spec's words. */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new PaymentsError(`Stripe ${what} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Payments through Stripe: Checkout in subscription mode, prorated plan changes, the billing portal, signed webhooks. */
export function stripePayments(config: BillingConfig & { STRIPE_SECRET_KEY: string }): Payments {
  const stripe = stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL);
  const priceIds = priceIdsFrom(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET!;

  const ours = (subscription: Stripe.Subscription): ProviderSubscription => {
    const held = subscriptionFromStripe(subscription, priceIds);
    if (!held) throw new PaymentsError(`Stripe subscription ${subscription.id} is on no plan of ours`);
    return held;
  };
  const update = (id: string, params: Stripe.SubscriptionUpdateParams) => call('subscription update', () => stripe.subscriptions.update(id, params)).then(ours);

  return {
    source: 'stripe',
    async createCheckout({ userId, plan, customerId, successUrl, cancelUrl }) {
      const metadata = { user_id: userId, plan_type: plan };
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: priceIds[plan], quantity: 1 }],
          success_url: withQuery(successUrl, { session_id: '{CHECKOUT_SESSION_ID}', plan }),
          cancel_url: cancelUrl,
          client_reference_id: userId,
          ...(customerId ? { customer: customerId } : {}),
          metadata,
          subscription_data: { metadata },
        }),
      );
      if (!session.url) throw new PaymentsError(`Stripe checkout ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },
    async checkoutOutcome({ id }) {
      const session = await call('checkout retrieval', () => stripe.checkout.sessions.retrieve(id));
      const paid = session.status === 'complete' && session.payment_status !== 'unpaid';
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
      return { paid, subscription: paid && subscriptionId ? await this.subscription(subscriptionId) : null };
    },
    async subscription(subscriptionId) {
      return subscriptionFromStripe(await call('subscription retrieval', () => stripe.subscriptions.retrieve(subscriptionId)), priceIds);
    },
    async changePlan(current, plan: PaidPlan, userId) {
      const subscription = await call('subscription retrieval', () => stripe.subscriptions.retrieve(current.subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new PaymentsError(`Stripe subscription ${current.subscriptionId} has no item`);
      return update(current.subscriptionId, {
        items: [{ id: item.id, price: priceIds[plan] }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
        metadata: { user_id: userId, plan_type: plan },
      });
    },
    setCancelAtPeriodEnd(current, cancel) {
      return update(current.subscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelNow(current) {
      return ours(await call('subscription cancellation', () => stripe.subscriptions.cancel(current.subscriptionId)));
    },
    async portalUrl(customerId, returnUrl) {
      const session = await call('billing portal', () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },
    readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        throw new InvalidWebhookError((error as Error).message);
      }
      return billingEventFrom(event, priceIds);
    },
  };
}
