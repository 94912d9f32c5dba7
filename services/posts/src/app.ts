import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';

/** The posts service's HTTP app; routes arrive with its issue. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  return createServiceServer(ctx, { description: 'Posts, media, AI generation and quotas, statistics.' });
}
