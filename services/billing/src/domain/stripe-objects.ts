import type Stripe from 'stripe';
import { PLAN_TYPES, type PlanType, type SubscriptionStatus } from '@planner/contracts';
import type { ProviderSubscription } from './subscription-state.js';

/** The plans Stripe charges for. */
export const PAID_PLANS = PLAN_TYPES.filter((plan) => plan !== 'basic') as Array<Exclude<PlanType, 'basic'>>;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** The lookup key of a plan's monthly price: the setup command finds or creates prices by it. */
export const lookupKeyOf = (plan: PaidPlan) => `planner_${plan}_monthly`;

export type PriceIds = Record<PaidPlan, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userIdIn = (value: string | null | undefined): string | null => (value && UUID.test(value) ? value : null);
const isPlan = (value: string | null | undefined): value is PlanType => (PLAN_TYPES as readonly string[]).includes(value ?? '');

/** The plan a Stripe price is: by the configured ids, else by its lookup key, else by what the subscription's metadata says. */
export function planOfPrice(price: Pick<Stripe.Price, 'id' | 'lookup_key'>, priceIds: PriceIds, metadataPlan?: string): PlanType | null {
  const configured = PAID_PLANS.find((plan) => priceIds[plan] === price.id);
  if (configured) return configured;
  const byKey = PAID_PLANS.find((plan) => lookupKeyOf(plan) === price.lookup_key);
  if (byKey) return byKey;
  return isPlan(metadataPlan) ? metadataPlan : null;
}

/**
 * Stripe's subscription statuses as ours (part 1 §4: active, canceled, past_due):
 * trialing runs like active; unpaid and paused are not paid for; an incomplete
 * subscription (first payment pending) is none yet (null).
 */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * A Stripe subscription as billing holds it, or null when it is not one of
 * ours (a price of no plan) or not started. Since API 2025-03-31 the period
 * lives on the subscription's items.
 */
export function subscriptionFromStripe(subscription: Stripe.Subscription, priceIds: PriceIds): ProviderSubscription | null {
  const item = subscription.items.data[0];
  const status = statusFromStripe(subscription.status);
  if (!item || !status) return null;
  const planType = planOfPrice(item.price, priceIds, subscription.metadata?.plan_type);
  if (!planType) return null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    planType,
    status,
    periodStart: fromSeconds(item.current_period_start),
    periodEnd: fromSeconds(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    amountCents: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
  };
}

/** A Stripe event as billing acts on it. */
export type BillingEventDetail =
  | { kind: 'checkout_completed'; sessionId: string; userId: string | null; customerId: string | null; subscriptionId: string | null }
  | { kind: 'subscription'; userId: string | null; subscription: ProviderSubscription }
  | { kind: 'invoice'; subscriptionId: string; paid: boolean }
  | { kind: 'ignored' };

export interface BillingEvent {
  id: string;
  type: string;
  /** Stripe's `created`: when the state the event carries was true. */
  at: Date;
  detail: BillingEventDetail;
}

/** The subscription an invoice bills (API 2025-03-31 on: under parent.subscription_details). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription ? idOf(subscription) : null;
}

/** Reads a verified Stripe event: which subscription state it reports, for whom. */
export function billingEventFrom(event: Stripe.Event, priceIds: PriceIds): BillingEvent {
  const base = { id: event.id, type: event.type, at: new Date(event.created * 1000) };
  const ignored: BillingEvent = { ...base, detail: { kind: 'ignored' } };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || session.payment_status === 'unpaid') return ignored;
      return {
        ...base,
        detail: {
          kind: 'checkout_completed',
          sessionId: session.id,
          userId: userIdIn(session.client_reference_id) ?? userIdIn(session.metadata?.user_id),
          customerId: session.customer ? idOf(session.customer) : null,
          subscriptionId: session.subscription ? idOf(session.subscription) : null,
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const object = event.data.object;
      const subscription = subscriptionFromStripe(event.type === 'customer.subscription.deleted' ? { ...object, status: 'canceled' } : object, priceIds);
      if (!subscription) return ignored;
      return { ...base, detail: { kind: 'subscription', userId: userIdIn(object.metadata?.user_id), subscription } };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscription(event.data.object);
      if (!subscriptionId) return ignored;
      return { ...base, detail: { kind: 'invoice', subscriptionId, paid: event.type === 'invoice.paid' } };
    }
    default:
      return ignored;
  }
}
