import { job } from '@planner/service-kit';
import { publishingHealth, sweepPublications } from '../commands/publication-sweep.js';
import type { SchedulerContext } from '../context.js';

/** Held for most of a round by the API replica that sweeps it. */
const SWEEP_TURN_KEY = 'publication-sweep:turn';

/**
 * At start and every minute (PUBLICATION_SWEEP_MS), queues again what is overdue with no job (see
 * sweepPublications); runs with the API role, where the consumers are, and
 * reports publishing in /health. With several API replicas, one sweeps a
 * round (the first to take its turn in Redis): two sweeping at once would
 * race to replace the same lost publication's job.
 */
export const publicationSweep = job('publication-sweep', async (ctx: SchedulerContext) => {
  ctx.health.publishing = () => publishingHealth(ctx);
  if (ctx.config.SCHEDULER_ROLE === 'worker') return;
  const turnMs = Math.floor(ctx.config.PUBLICATION_SWEEP_MS * 0.9);
  const sweep = () =>
    ctx.redis
      .set(SWEEP_TURN_KEY, '1', 'PX', turnMs, 'NX')
      .then((turn) => (turn ? sweepPublications(ctx) : undefined))
      .catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'publication sweep failed');
      });
  await sweep();
  const timer = setInterval(() => void sweep(), ctx.config.PUBLICATION_SWEEP_MS);
  return () => clearInterval(timer);
});
