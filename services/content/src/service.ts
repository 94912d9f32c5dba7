import { defineService, routes } from '@planner/service-kit';
import { configSchema } from './config.js';
import { accountConsumers } from './consumers/accounts.js';
import { deliveryOutcomeConsumers } from './consumers/delivery-outcomes.js';
import { entities, migrations } from './entities/index.js';
import { newsletterSender } from './jobs/newsletter-sender.js';
import { blogRoutes } from './routes/blog-routes.js';
import { newsletterAdminRoutes } from './routes/newsletter-admin-routes.js';
import { newsletterRoutes } from './routes/newsletter-routes.js';

/** The content service: what main runs and the tests start. */
export const contentService = defineService({
  name: 'content',
  description: 'Public blog, newsletter and subscribers.',
  configSchema,
  database: { entities, migrations },
  entryPoints: [
    routes(blogRoutes),
    routes(newsletterRoutes),
    routes(newsletterAdminRoutes),
    ...accountConsumers,
    ...deliveryOutcomeConsumers,
    newsletterSender,
  ],
});
