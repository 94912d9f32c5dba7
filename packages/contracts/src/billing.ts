import { z } from 'zod';
import { PLAN_TYPES, planTypeSchema, SUBSCRIPTION_STATUSES, subscriptionStatusSchema, type PlanType } from './plans.js';
import { ROLE_LABELS } from './roles.js';

/** A plan as the product names it (part 2 §1): Basic, Starter, Professional, Advanced. */
export const planLabel = (plan: PlanType): string => ROLE_LABELS[plan];

/** Payments and subscriptions (part 2 §8 word for word; the rest is worded where the spec is silent). */
export const BillingMessages = {
  verificationFailed: 'Payment verification failed.',
  verificationError: (detail: string) => `Error verifying payment: ${detail}`,
  checkoutFailed: 'Failed to initiate checkout. Please try again later.',
  cancelFailed: 'Failed to cancel subscription.',
  portalFailed: 'Failed to access subscription management portal. Please try again later.',
  /** Part 1 §8, the admin's subscription toast. */
  updateFailed: 'Failed to update subscription',
  /** Not worded by the spec. */
  planRequired: 'Please choose a plan: basic, starter, pro or advanced.',
  statusRequired: 'Please choose a status: active, canceled or past_due.',
  redirectNotAllowed: 'The success and cancel addresses must be pages of this site.',
  sessionRequired: 'A checkout session id is required.',
  userRequired: 'A valid user id is required.',
  paymentVerified: (plan: PlanType) => `Payment verified. You are now on the ${planLabel(plan)} plan.`,
  paymentPending: 'The payment has not been completed yet.',
  alreadyOnPlan: (plan: PlanType) => `You are already on the ${planLabel(plan)} plan.`,
  alreadyBasic: 'You are already on the Basic plan.',
  alreadyDowngraded: 'Your plan already ends at the end of the billing period.',
  planChanged: (plan: PlanType) => `Your plan is now ${planLabel(plan)}. The price difference is prorated.`,
  activeUntil: (date: string) => `Active until the end of the period (${date}), then Basic.`,
  resubscribed: (plan: PlanType) => `Your ${planLabel(plan)} plan continues.`,
  /** Back from a checkout left without paying (issue 30 §4.12). */
  checkoutCanceled: 'Checkout canceled: nothing was charged and your plan has not changed.',
  /** Under the Basic card while a canceled paid plan runs out (docs/decisions/plan-selection.md). */
  basicFrom: (date: string) => `Your plan moves to Basic on ${date}.`,
  noSubscription: 'You have no active subscription.',
  adminUpdated: 'Subscription updated successfully.',
  invalidSignature: 'The webhook signature is not valid.',
  webhooksOff: 'Stripe webhooks are not configured here.',
  sandboxCheckoutGone: 'This sandbox checkout is no longer open.',
} as const;

const planType = z.enum(PLAN_TYPES, { error: BillingMessages.planRequired });

/** An absolute http(s) address; whether it is on our own origin is the service's check (an open redirect is refused). */
const pageUrl = z.url({ protocol: /^https?$/, error: BillingMessages.redirectNotAllowed }).max(2000, BillingMessages.redirectNotAllowed);

/** POST /payments/create-checkout-session (part 2 §7). */
export const checkoutSessionRequestSchema = z.object({
  planType,
  successUrl: pageUrl,
  cancelUrl: pageUrl,
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

export const checkoutSessionResponseSchema = z.object({
  /** Where the browser goes next: Stripe's (or the sandbox's) payment page, or the success page when no payment page is needed. */
  checkoutUrl: z.string(),
  /** The checkout session to verify after payment; null when the plan changed on the existing subscription. */
  sessionId: z.string().nullable(),
  /** The plan changed (or its cancellation was set or undone) on the existing subscription, with proration, without a payment page. */
  changedInPlace: z.boolean(),
  message: z.string().optional(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** POST /payments/verify-payment (part 2 §7). */
export const verifyPaymentRequestSchema = z.object({
  sessionId: z.string({ error: BillingMessages.sessionRequired }).min(1, BillingMessages.sessionRequired).max(255, BillingMessages.sessionRequired),
  planType,
});

/** The answer of verify-payment and cancel-subscription: success and the message to show. */
export const paymentResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Part 2 §3 Subscription fields; times are ISO strings, amount in US dollars a month. */
export const subscriptionDetailsSchema = z.object({
  plan_type: planTypeSchema,
  status: subscriptionStatusSchema,
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  amount: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** GET /payments/subscriptions (part 2 §3, §7). */
export const subscriptionResponseSchema = z.object({
  /** A subscription that has not expired (part 2 §4: canceled, none, or the period over with the cancel flag is expired). */
  has_subscription: z.boolean(),
  /** Stripe's billing portal for the customer; null without a Stripe customer, in sandbox mode, or when Stripe failed (then `message`). */
  portal_url: z.string().nullable(),
  // z.nullable(x) rather than x.nullable(): a call on z is pure to the frontend builds' tree-shaking, so bundles that use none of these schemas drop zod.
  subscription: z.nullable(subscriptionDetailsSchema),
  /** Payments run in the labelled sandbox (no Stripe key): no money moves. */
  sandbox: z.boolean(),
  message: z.string().optional(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** POST /subscriptions/admin/update (part 1 §6, §7; part 2 §7). */
export const adminSubscriptionUpdateSchema = z.object({
  user_id: z.uuid({ error: BillingMessages.userRequired }),
  plan_type: planType,
  status: z.enum(SUBSCRIPTION_STATUSES, { error: BillingMessages.statusRequired }),
});

export const adminSubscriptionUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: subscriptionDetailsSchema,
});

/** POST /payments/webhook's answer to Stripe: received, and whether the event id had been handled before. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;
