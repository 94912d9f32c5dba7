import type { ServiceContext } from '@planner/service-kit';
import { Connections } from '../routes/connection-service.js';

const QUEUE = 'connection-refresh';
const EVERY_MS = 3600_000;

/**
 * Hourly sweep that extends long-lived platform tokens before they lapse. A BullMQ job scheduler keeps one
 * schedule however many replicas start it; one worker among them runs each sweep.
 */
export async function startConnectionRefresher(ctx: ServiceContext, connections = new Connections(ctx)): Promise<void> {
  await ctx.queues.queue(QUEUE).upsertJobScheduler('sweep', { every: EVERY_MS }, { name: 'sweep' });
  ctx.queues.worker(QUEUE, async () => {
    const outcome = await connections.sweep();
    if (outcome.refreshed + outcome.failed > 0) ctx.logger.info(outcome, 'platform tokens extended before expiry');
    return outcome;
  });
}
