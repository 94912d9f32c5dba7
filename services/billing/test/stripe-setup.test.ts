import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '@planner/platform-stand-ins';
import { startTestProcess } from '@planner/service-kit/testing';
import { lookupKeyOf } from '../src/domain/stripe-objects.js';

const billingDir = fileURLToPath(new URL('..', import.meta.url));
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe?.close());

/** `npm run stripe:setup`'s script as a process against the stand-in: its exit code and what it printed. */
async function setup(env: Record<string, string> = { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_URL: stripe.url }) {
  const run = startTestProcess('src/setup-stripe.ts', { cwd: billingDir, env: { STRIPE_SECRET_KEY: '', ...env } });
  await run.exited();
  return { code: run.child.exitCode, output: run.output() };
}

describe('npm run stripe:setup', () => {
  it('makes the plans’ products and monthly prices by lookup key, prints the env lines, and changes nothing when run again', async () => {
    const first = await setup();
    expect(first.code).toBe(0);
    const lines = first.output.match(/^STRIPE_PRICE_\w+=price_\w+$/gm);
    expect(lines).toHaveLength(3);
    const byKey = new Map([...stripe.prices.values()].map((price) => [price.lookup_key, price]));
    expect(byKey.get(lookupKeyOf('pro'))).toMatchObject({ unit_amount: 1999, currency: 'usd', recurring: { interval: 'month' }, product: 'planner_pro' });
    expect(lines).toContain(`STRIPE_PRICE_ADVANCED=${byKey.get(lookupKeyOf('advanced'))!.id}`);

    const second = await setup();
    expect(second.code).toBe(0);
    expect(second.output.match(/^STRIPE_PRICE_\w+=price_\w+$/gm)).toEqual(lines);
    expect(second.output).toContain('already there');
    expect(stripe.prices.size).toBe(3);
    expect(stripe.products.size).toBe(3);
  });

  it('replaces a price whose amount is no longer the plan’s, moving the lookup key to it', async () => {
    const old = [...stripe.prices.values()].find((price) => price.lookup_key === lookupKeyOf('starter'))!;
    old.unit_amount = 500;
    const run = await setup();
    expect(run.output).toMatch(/starter: created/);
    expect(old.lookup_key).toBeNull();
    const current = [...stripe.prices.values()].find((price) => price.lookup_key === lookupKeyOf('starter'))!;
    expect([current.unit_amount, current.product]).toEqual([999, 'planner_starter']);
  });

  it('fails saying why without a key', async () => {
    const run = await setup({ STRIPE_API_URL: stripe.url });
    expect(run.code).toBe(1);
    expect(run.output).toContain('STRIPE_SECRET_KEY is required but not set');
  });
});
