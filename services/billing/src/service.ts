import { defineService } from '@planner/service-kit';
import { configSchema } from './config.js';

/** The billing service: what main runs and the tests start. Its tables and routes arrive with its issue. */
export const billingService = defineService({
  name: 'billing',
  description: 'Subscriptions, Stripe checkout and webhooks.',
  configSchema,
  database: {},
  entryPoints: [],
});
