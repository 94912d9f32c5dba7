import { job } from '@planner/service-kit';
import { dailyMediaSweep } from '../commands/media.js';
import type { PostsContext } from '../context.js';

/** How often a replica checks whether the day's sweep is due: at most a day and an hour pass between two sweeps. */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * At start and every hour, the day's sweep of stored media nothing shows
 * (dailyMediaSweep: one replica a day). A timer, not a BullMQ scheduler: the
 * posts service loads no BullMQ, and a Redis mark is all the coordination a
 * daily sweep needs. Stopping waits for a sweep under way.
 */
export const mediaSweep = job('media-sweep', async (ctx: PostsContext) => {
  let running = Promise.resolve();
  const check = () => {
    running = dailyMediaSweep(ctx).then(
      (deleted) => {
        if (deleted !== null) ctx.logger.info({ deleted }, 'media sweep: stored media nothing shows were deleted');
      },
      (error: unknown) => ctx.logger.error({ err: error }, 'media sweep failed'),
    );
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
});
