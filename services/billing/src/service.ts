import { defineService } from '@planner/service-kit';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';

/** The billing service: what main runs and the tests start. */
export const billingService = defineService({
  name: 'billing',
  description: 'Plans, Stripe checkout, subscriptions and their webhooks, admin plan changes.',
  configSchema,
  database: { entities, migrations },
  entryPoints: [],
});
