import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';

/** The content service's HTTP app; routes arrive with its issue. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  return createServiceServer(ctx, { description: 'Public blog, newsletter and subscribers.' });
}
