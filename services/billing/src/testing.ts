/**
 * Billing against the Stripe stand-in, for its tests and the webhook bench
 * (`@planner/billing/testing`): the plans' prices, billing's environment, and
 * events signed as Stripe signs them.
 */
import Stripe from 'stripe';
import { PLANS } from '@planner/contracts';
import { loadConfig } from '@planner/service-kit';
import { configSchema, type BillingConfig } from './config.js';
import { lookupKeyOf, PAID_PLANS } from './domain/stripe-objects.js';

export const WEBHOOK_SECRET = 'whsec_test_billing_stand_in';

/** What billing needs of a Stripe stand-in (packages/platform-stand-ins' startStripeStandIn). */
export interface StripeServer {
  url: string;
  secretKey: string;
  addPrice(options: { unitAmount: number; lookupKey?: string; name?: string }): { id: string };
}

/** The plans' prices in the stand-in, as `npm run stripe:setup` makes them. */
export function addPlanPrices(stripe: StripeServer): Record<(typeof PAID_PLANS)[number], string> {
  return Object.fromEntries(PAID_PLANS.map((plan) => [plan, stripe.addPrice({ unitAmount: PLANS[plan].priceCents, lookupKey: lookupKeyOf(plan), name: plan }).id])) as Record<(typeof PAID_PLANS)[number], string>;
}

/** Billing's environment for Stripe at the stand-in. */
export function stripeEnv(stripe: StripeServer, prices: Record<string, string>): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    STRIPE_PRICE_STARTER: prices.starter!,
    STRIPE_PRICE_PRO: prices.pro!,
    STRIPE_PRICE_ADVANCED: prices.advanced!,
  };
}

export const configWith = (env: Record<string, string>): BillingConfig & { STRIPE_SECRET_KEY: string } =>
  loadConfig(configSchema, { NODE_ENV: 'test', APP_URL: 'https://planner.example', ...env }) as BillingConfig & { STRIPE_SECRET_KEY: string };

const signer = new Stripe('sk_test_signer_only');

/** An event as Stripe posts it: the JSON body and its Stripe-Signature, made by the library's test helper. */
export function signed(event: object, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(event);
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp ? { timestamp } : {}) }) };
}
