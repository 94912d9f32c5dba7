import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';
import { followOrganizations } from './events/organizations.js';
import { postResponders } from './events/post-requests.js';

await runService({
  name: 'posts',
  configSchema,
  entities,
  migrations,
  buildApp,
  onStart: async (ctx) => {
    await followOrganizations(ctx);
    postResponders(ctx);
  },
});
