import { defineService, routes } from '@planner/service-kit';
import { billingAdapters } from './adapters/index.js';
import { configSchema } from './config.js';
import { accountDeleted } from './consumers/account-deleted.js';
import { entities, migrations } from './entities/index.js';
import { expirySweep } from './jobs/expiry-sweep.js';
import { adminRoutes } from './routes/admin-routes.js';
import { paymentRoutes } from './routes/payment-routes.js';
import { sandboxRoutes } from './routes/sandbox-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';

/** The billing service: what main runs and the tests start. */
export const billingService = defineService({
  name: 'billing',
  description: 'Plans, Stripe checkout, subscriptions and their webhooks, admin plan changes.',
  configSchema,
  database: { entities, migrations },
  adapters: billingAdapters,
  entryPoints: [routes(paymentRoutes), routes(adminRoutes), routes(webhookRoutes), routes(sandboxRoutes), accountDeleted, expirySweep],
});
