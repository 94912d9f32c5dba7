/**
 * `npm run stripe:setup -w services/billing`: makes the plans' products and
 * monthly prices in the Stripe account of STRIPE_SECRET_KEY (found again by
 * lookup key on later runs) and prints the lines to put in the environment.
 */
import { z } from 'zod';
import { loadConfig } from '@planner/service-kit';
import { ensurePlanPrices, priceEnvLines } from './adapters/stripe-catalog.js';
import { stripeClient } from './adapters/stripe.js';

const setupConfigSchema = z.object({
  STRIPE_SECRET_KEY: z.string().min(1),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
});

try {
  const config = loadConfig(setupConfigSchema);
  const prices = await ensurePlanPrices(stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL));
  for (const price of prices) process.stderr.write(`${price.plan}: ${price.created ? 'created' : 'already there'} (${price.priceId})\n`);
  process.stdout.write(`${priceEnvLines(prices).join('\n')}\n`);
} catch (error) {
  process.stderr.write(`stripe:setup failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
