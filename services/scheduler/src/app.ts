import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';

/** The scheduler service's HTTP app; routes arrive with its issue. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  return createServiceServer(ctx, { description: 'Auto-schedules and the publish queue with the platform adapters.' });
}
