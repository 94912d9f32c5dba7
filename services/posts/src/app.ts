import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import { statisticsRoutes } from './routes/statistics-routes.js';

/** The posts service's HTTP app. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  const app = await createServiceServer(ctx, { description: 'Posts, media, AI generation and quotas, statistics.' });
  await app.register(statisticsRoutes, { ctx });
  return app;
}
