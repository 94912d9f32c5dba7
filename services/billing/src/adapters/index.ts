import type { ServiceContext } from '@planner/service-kit';
import type { BillingConfig } from '../config.js';
import type { Payments } from './payments.js';
import { sandboxPayments } from './sandbox.js';
import { stripePayments } from './stripe.js';

/** What billing makes from its config and a test may replace. */
export interface BillingAdapters {
  payments: Payments;
}

/** Stripe with STRIPE_SECRET_KEY, else the labelled sandbox (said once at start). */
export async function billingAdapters(ctx: ServiceContext<BillingConfig>, given: Partial<BillingAdapters>): Promise<BillingAdapters> {
  if (given.payments) return { payments: given.payments };
  const { config } = ctx;
  if (config.STRIPE_SECRET_KEY) return { payments: stripePayments({ ...config, STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY }) };
  ctx.logger.warn('STRIPE_SECRET_KEY is not set: payments run in the sandbox (a local checkout page, no money moves)');
  return { payments: sandboxPayments(config.APP_URL) };
}
