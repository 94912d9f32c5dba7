import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';

/** The organizations service's HTTP app; routes arrive with its issue. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  return createServiceServer(ctx, { description: 'Organizations, plan limits, templates, supported platforms and platform connections.' });
}
