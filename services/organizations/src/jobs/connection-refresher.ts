import { job, type Stop } from '@planner/service-kit';
import { sweepConnections } from '../commands/connections.js';
import { warnOfExpiringConnections } from '../commands/expiry-warnings.js';
import type { OrganizationsContext } from '../context.js';

const QUEUE = 'connection-refresh';
const EVERY_MS = 3600_000;

/**
 * Hourly sweep that extends long-lived platform tokens before they lapse, then warns the owners of those that cannot
 * be extended (LinkedIn's) 7 days and 1 day before they run out. A BullMQ job scheduler keeps one
 * schedule however many replicas start it; one worker among them runs each sweep.
 */
export async function startConnectionRefresher(ctx: OrganizationsContext): Promise<Stop> {
  await ctx.queues.queue(QUEUE).upsertJobScheduler('sweep', { every: EVERY_MS }, { name: 'sweep' });
  const worker = ctx.queues.worker(QUEUE, async () => {
    const outcome = await sweepConnections(ctx);
    if (outcome.refreshed + outcome.failed > 0) ctx.logger.info(outcome, 'platform tokens extended before expiry');
    const { warned } = await warnOfExpiringConnections(ctx);
    if (warned > 0) ctx.logger.info({ warned }, 'owners warned of connections about to expire');
    return { ...outcome, warned };
  });
  // The sweep under way finishes first.
  return () => worker.close();
}

export const connectionRefresher = job('connection-refresher', startConnectionRefresher);
