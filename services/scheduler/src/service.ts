import { defineService, routes } from '@planner/service-kit';
import { platformAdaptersOf } from './adapters/platforms/index.js';
import { sandboxAdaptersOf } from './adapters/platforms/sandbox.js';
import { configSchema } from './config.js';
import { organizationDeleted } from './consumers/organization-deleted.js';
import { publishRequests } from './consumers/publish-requests.js';
import type { SchedulerAdapters } from './context.js';
import { entities, migrations } from './entities/index.js';
import { publicationSweep } from './jobs/publication-sweep.js';
import { publishingMetrics } from './jobs/publishing-metrics.js';
import { publishWorker } from './jobs/publish-worker.js';
import { slotOpener } from './jobs/slot-opener.js';
import { autoScheduleRequests } from './responders/auto-schedule-requests.js';
import { postCheckRequests } from './responders/post-check-requests.js';
import { autoScheduleRoutes } from './routes/auto-schedule-routes.js';
import { publicationRoutes } from './routes/publication-routes.js';
import { sandboxRoutes } from './routes/sandbox-routes.js';
import { tiktokRoutes } from './routes/tiktok-routes.js';

/** The scheduler service: what main runs and the tests start. */
export const schedulerService = defineService({
  name: 'scheduler',
  description: 'Auto-schedules and the publish queue with the platform adapters.',
  configSchema,
  database: { entities, migrations },
  adapters: async (ctx, given: Partial<SchedulerAdapters>): Promise<SchedulerAdapters> => {
    const platforms = given.platforms ?? platformAdaptersOf(ctx.config);
    return { platforms, sandbox: given.sandbox ?? sandboxAdaptersOf(platforms, ctx.config.SANDBOX_FEED_URL, ctx.config.APP_URL) };
  },
  entryPoints: [
    routes(publicationRoutes),
    routes(sandboxRoutes),
    routes(autoScheduleRoutes),
    routes(tiktokRoutes),
    organizationDeleted,
    ...publishRequests,
    ...autoScheduleRequests,
    ...postCheckRequests,
    publicationSweep,
    slotOpener,
    publishWorker,
    publishingMetrics,
  ],
});
