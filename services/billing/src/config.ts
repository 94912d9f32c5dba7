import { z } from 'zod';
import { serviceConfigSchema } from '@planner/service-kit';

const stripePrice = z.string().startsWith('price_', 'a Stripe price id (price_…); `npm run stripe:setup -w services/billing` prints them').optional();

/**
 * Billing's environment. Without STRIPE_SECRET_KEY payments run in the labelled
 * sandbox (a local checkout page, no money moves); with it, the three price ids
 * and the webhook secret are required. Success and cancel pages must be on
 * APP_URL's origin, the app's public address.
 */
export const configSchema = serviceConfigSchema(4005, {
  /** Stripe's secret API key (sk_live_…, sk_test_…); absent: sandbox mode. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint (whsec_…) that posts to /api/payments/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The monthly price of each paid plan (part 2 §1). */
  STRIPE_PRICE_STARTER: stripePrice,
  STRIPE_PRICE_PRO: stripePrice,
  STRIPE_PRICE_ADVANCED: stripePrice,
  /** Stripe's API origin: a local stand-in in tests. */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** How often subscriptions whose period ended with the cancel flag are returned to basic (ms). */
  SUBSCRIPTION_EXPIRY_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
});
export type BillingConfig = z.infer<typeof configSchema>;
