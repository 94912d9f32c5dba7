import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';

/** The notifications service's HTTP app; routes arrive with its issue. */
export async function buildApp(ctx: ServiceContext): Promise<App> {
  return createServiceServer(ctx, { description: 'E-mail sending and system messages.' });
}
