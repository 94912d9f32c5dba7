import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import { compositeRoutes } from './routes/composite-routes.js';
import { oauthRoutes } from './routes/oauth-routes.js';
import { organizationRoutes } from './routes/organization-routes.js';
import { platformRoutes } from './routes/platform-routes.js';
import { templateRoutes } from './routes/template-routes.js';

/** The organizations service's HTTP app. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  const app = await createServiceServer(ctx, { description: 'Organizations, plan limits, templates, supported platforms and platform connections.' });
  await app.register(organizationRoutes, { ctx });
  await app.register(templateRoutes, { ctx });
  await app.register(platformRoutes, { ctx });
  await app.register(oauthRoutes, { ctx });
  await app.register(compositeRoutes, { ctx });
  return app;
}
