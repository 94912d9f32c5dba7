import { job } from '@planner/service-kit';
import { publishingHealth, sweepPublications } from '../commands/publication-sweep.js';
import type { SchedulerContext } from '../context.js';

/**
 * At start and every minute (PUBLICATION_SWEEP_MS), queues again what is overdue with no job (see
 * sweepPublications); runs with the API role, where the consumers are, and
 * reports publishing in /health.
 */
export const publicationSweep = job('publication-sweep', async (ctx: SchedulerContext) => {
  ctx.health.publishing = () => publishingHealth(ctx);
  if (ctx.config.SCHEDULER_ROLE === 'worker') return;
  const sweep = () =>
    sweepPublications(ctx).catch((error: unknown) => {
      ctx.logger.error({ err: error }, 'publication sweep failed');
    });
  await sweep();
  const timer = setInterval(() => void sweep(), ctx.config.PUBLICATION_SWEEP_MS);
  return () => clearInterval(timer);
});
