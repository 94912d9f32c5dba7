import { defineService, routes } from '@planner/service-kit';
import { mediaStorageOf } from './adapters/index.js';
import { configSchema } from './config.js';
import type { PostsAdapters } from './context.js';
import { organizationDeleted } from './consumers/organization-deleted.js';
import { publicationOutcomes } from './consumers/publication-outcomes.js';
import { entities, migrations } from './entities/index.js';
import { postRequests } from './responders/post-requests.js';
import { publishingRequests } from './responders/publishing-requests.js';
import { mediaRoutes } from './routes/media-routes.js';
import { scheduleRoutes } from './routes/schedule-routes.js';
import { statisticsRoutes } from './routes/statistics-routes.js';

/** The posts service: what main runs and the tests start. */
export const postsService = defineService({
  name: 'posts',
  description: 'Posts, media, AI generation and quotas, statistics.',
  configSchema,
  database: { entities, migrations },
  adapters: async (ctx, given: Partial<PostsAdapters>): Promise<PostsAdapters> => ({
    storage: given.storage ?? (await mediaStorageOf(ctx.config)),
  }),
  entryPoints: [
    routes(statisticsRoutes),
    routes(mediaRoutes),
    routes(scheduleRoutes),
    organizationDeleted,
    ...publicationOutcomes,
    ...postRequests,
    ...publishingRequests,
  ],
});
