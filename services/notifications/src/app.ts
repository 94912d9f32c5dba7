import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import { systemMessageRoutes } from './routes/system-message-routes.js';

/** The notifications service's HTTP app: system messages. Mails have no routes: they come from events (see startMail). */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  const app = await createServiceServer(ctx, { description: 'E-mail sending and system messages.' });
  await app.register(systemMessageRoutes, { ctx });
  return app;
}
