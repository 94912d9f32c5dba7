import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';
import { connectionResponders } from './events/connection-credentials.js';
import { startConnectionRefresher } from './events/connection-refresher.js';
import { followMembers } from './events/members.js';
import { statisticsResponders } from './events/statistics-requests.js';
import { organizationResponders } from './routes/organization-routes.js';

await runService({
  name: 'organizations',
  configSchema,
  entities,
  migrations,
  buildApp,
  onStart: async (ctx) => {
    await followMembers(ctx);
    organizationResponders(ctx);
    connectionResponders(ctx);
    statisticsResponders(ctx);
    await startConnectionRefresher(ctx);
  },
});
