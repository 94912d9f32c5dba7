import { defineService, routes } from '@planner/service-kit';
import { generatorsFromConfig, mediaStorageOf } from './adapters/index.js';
import { configSchema } from './config.js';
import type { PostsAdapters } from './context.js';
import { autoScheduleEvents } from './consumers/auto-schedule-events.js';
import { organizationDeleted } from './consumers/organization-deleted.js';
import { publicationOutcomes } from './consumers/publication-outcomes.js';
import { userDeleted } from './consumers/user-deleted.js';
import { entities, migrations } from './entities/index.js';
import { mediaSweep } from './jobs/media-sweep.js';
import { mediaRequests } from './responders/media-requests.js';
import { postRequests } from './responders/post-requests.js';
import { publishingRequests } from './responders/publishing-requests.js';
import { generationRoutes } from './routes/generation-routes.js';
import { mediaRoutes } from './routes/media-routes.js';
import { postRoutes } from './routes/post-routes.js';
import { scheduleRoutes } from './routes/schedule-routes.js';
import { statisticsRoutes } from './routes/statistics-routes.js';

/** The posts service: what main runs and the tests start. */
export const postsService = defineService({
  name: 'posts',
  description: 'Posts, media, AI generation and quotas, statistics.',
  configSchema,
  database: { entities, migrations },
  adapters: async (ctx, given: Partial<PostsAdapters>): Promise<PostsAdapters> => {
    const generators = given.contentGenerator && given.imageGenerator ? null : await generatorsFromConfig(ctx.config, ctx.logger);
    return {
      storage: given.storage ?? (await mediaStorageOf(ctx.config)),
      contentGenerator: given.contentGenerator ?? generators!.contentGenerator,
      imageGenerator: given.imageGenerator ?? generators!.imageGenerator,
    };
  },
  entryPoints: [
    routes(statisticsRoutes),
    routes(postRoutes),
    routes(generationRoutes),
    routes(mediaRoutes),
    routes(scheduleRoutes),
    organizationDeleted,
    userDeleted,
    ...publicationOutcomes,
    ...autoScheduleEvents,
    ...postRequests,
    ...publishingRequests,
    ...mediaRequests,
    mediaSweep,
  ],
});
