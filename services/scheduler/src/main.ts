import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';
import { autoScheduleResponders } from './events/auto-schedule-requests.js';
import { followOrganizations } from './events/organizations.js';

await runService({
  name: 'scheduler',
  configSchema,
  entities,
  migrations,
  buildApp,
  onStart: async (ctx) => {
    await followOrganizations(ctx);
    autoScheduleResponders(ctx);
  },
});
