import { defineService, routes } from '@planner/service-kit';
import { LocalDiskStorage } from './adapters/media-storage.js';
import { configSchema } from './config.js';
import type { PostsAdapters } from './context.js';
import { organizationDeleted } from './consumers/organization-deleted.js';
import { publicationOutcomes } from './consumers/publication-outcomes.js';
import { userDeleted } from './consumers/user-deleted.js';
import { entities, migrations } from './entities/index.js';
import { postRequests } from './responders/post-requests.js';
import { postRoutes } from './routes/post-routes.js';
import { statisticsRoutes } from './routes/statistics-routes.js';

/** The posts service: what main runs and the tests start. */
export const postsService = defineService({
  name: 'posts',
  description: 'Posts, media, AI generation and quotas, statistics.',
  configSchema,
  database: { entities, migrations },
  adapters: async (ctx, given: Partial<PostsAdapters>): Promise<PostsAdapters> => ({
    storage: given.storage ?? new LocalDiskStorage(ctx.config.MEDIA_DIR),
  }),
  entryPoints: [routes(statisticsRoutes), routes(postRoutes), organizationDeleted, userDeleted, ...publicationOutcomes, ...postRequests],
});
