import { defineService, routes } from '@planner/service-kit';
import { configSchema } from './config.js';
import { organizationDeleted } from './consumers/organization-deleted.js';
import { entities, migrations } from './entities/index.js';
import { autoScheduleRequests } from './responders/auto-schedule-requests.js';
import { autoScheduleRoutes } from './routes/auto-schedule-routes.js';

/** The scheduler service: what main runs and the tests start. Its routes and the publish queue arrive with its issue. */
export const schedulerService = defineService({
  name: 'scheduler',
  description: 'Auto-schedules and the publish queue with the platform adapters.',
  configSchema,
  database: { entities, migrations },
  entryPoints: [organizationDeleted, ...autoScheduleRequests, routes(autoScheduleRoutes)],
});
