import { defineService, routes } from '@planner/service-kit';
import { configSchema } from './config.js';
import { organizationDeleted } from './consumers/organization-deleted.js';
import { entities, migrations } from './entities/index.js';
import { postRequests } from './responders/post-requests.js';
import { statisticsRoutes } from './routes/statistics-routes.js';

/** The posts service: what main runs and the tests start. */
export const postsService = defineService({
  name: 'posts',
  description: 'Posts, media, AI generation and quotas, statistics.',
  configSchema,
  database: { entities, migrations },
  entryPoints: [routes(statisticsRoutes), organizationDeleted, ...postRequests],
});
