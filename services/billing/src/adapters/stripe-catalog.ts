import type Stripe from 'stripe';
import { planLabel, PLANS } from '@planner/contracts';
import { lookupKeyOf, PAID_PLANS, type PaidPlan } from '../domain/stripe-objects.js';

export interface PlanPrice {
  plan: PaidPlan;
  priceId: string;
  /** What this run did: nothing (found as it should be), or made the price (and its product when missing). */
  created: boolean;
}

/** The product of a plan has a fixed id, so a run that stopped half way finds it again. */
export const productIdOf = (plan: PaidPlan) => `planner_${plan}`;

async function productOf(stripe: Stripe, plan: PaidPlan): Promise<string> {
  try {
    return (await stripe.products.retrieve(productIdOf(plan))).id;
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
    return (await stripe.products.create({ id: productIdOf(plan), name: `Social Planner ${planLabel(plan)}`, metadata: { planner_plan: plan } })).id;
  }
}

/**
 * Each paid plan's monthly price in Stripe (part 2 §1), found by its lookup
 * key or made: idempotent, so it runs again safely. A price whose amount
 * no longer matches the plan's is replaced by a new one that takes over the
 * lookup key (Stripe prices cannot change their amount).
 */
export async function ensurePlanPrices(stripe: Stripe): Promise<PlanPrice[]> {
  const found = await stripe.prices.list({ lookup_keys: PAID_PLANS.map(lookupKeyOf), active: true, limit: 10 });
  const results: PlanPrice[] = [];
  for (const plan of PAID_PLANS) {
    const amount = PLANS[plan].priceCents;
    const existing = found.data.find((price) => price.lookup_key === lookupKeyOf(plan));
    if (existing && existing.unit_amount === amount && existing.currency === 'usd' && existing.recurring?.interval === 'month') {
      results.push({ plan, priceId: existing.id, created: false });
      continue;
    }
    const price = await stripe.prices.create({
      product: await productOf(stripe, plan),
      unit_amount: amount,
      currency: 'usd',
      recurring: { interval: 'month' },
      lookup_key: lookupKeyOf(plan),
      transfer_lookup_key: existing !== undefined,
      nickname: `${planLabel(plan)} monthly`,
    });
    results.push({ plan, priceId: price.id, created: true });
  }
  return results;
}

/** The environment lines billing needs for these prices. */
export function priceEnvLines(prices: PlanPrice[]): string[] {
  return prices.map(({ plan, priceId }) => `STRIPE_PRICE_${plan.toUpperCase()}=${priceId}`);
}
