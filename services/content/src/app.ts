import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import { newsletterQueue } from './commands/send-newsletter.js';
import type { ContentConfig } from './config.js';
import { blogRoutes } from './routes/blog-routes.js';
import { newsletterAdminRoutes } from './routes/newsletter-admin-routes.js';
import { newsletterRoutes } from './routes/newsletter-routes.js';

/** The content service's HTTP app. */
export async function buildApp(ctx: ServiceContext<ContentConfig>): Promise<App> {
  const app = await createServiceServer(ctx, { description: 'Public blog, newsletter and subscribers.' });
  await app.register(blogRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });
  await app.register(newsletterAdminRoutes, { ctx, queue: newsletterQueue(ctx) });
  return app;
}
