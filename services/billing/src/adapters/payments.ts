import type { CheckoutStatus } from '../entities/checkout-session.entity.js';
import type { BillingEvent, PaidPlan } from '../domain/stripe-objects.js';
import type { ProviderSubscription, SubscriptionSource } from '../domain/subscription-state.js';

export interface CheckoutRequest {
  userId: string;
  plan: PaidPlan;
  /** The user's Stripe customer from an earlier subscription, reused. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** What a checkout came to on the payment side: paid or not, and the subscription it started. */
export interface CheckoutOutcome {
  paid: boolean;
  subscription: ProviderSubscription | null;
}

/**
 * The payment side billing talks to: Stripe through its library, or, without
 * a Stripe key, the labelled sandbox (a local checkout page; no money moves).
 */
export interface Payments {
  readonly source: Exclude<SubscriptionSource, 'admin'>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  checkoutOutcome(session: { id: string; status: CheckoutStatus }): Promise<CheckoutOutcome>;
  /** The subscription as the payment side holds it now; null when it is none of ours. */
  subscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Moves a subscription to another plan now, prorated; undoes a cancellation at the period's end. */
  changePlan(current: ProviderSubscription, plan: PaidPlan, userId: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(current: ProviderSubscription, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends a subscription now, without a refund (the account it paid for is deleted). */
  cancelNow(current: ProviderSubscription): Promise<ProviderSubscription>;
  /** The customer's billing portal; null where there is none (the sandbox). */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /** Checks a webhook's signature and reads it; throws InvalidWebhookError for a forged, stale or unreadable one. */
  readWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

/** A webhook that is not Stripe's (bad, old or missing signature), or webhooks are off here. */
export class InvalidWebhookError extends Error {
  constructor(message: string, readonly configured = true) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}

/** The payment side failed (down, refused): the caller answers with the spec's message for the action. */
export class PaymentsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentsError';
  }
}
