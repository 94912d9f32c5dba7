import { job, type Stop } from '@planner/service-kit';
import type { BillingContext } from '../context.js';
import { expireEndedSubscriptions } from '../commands/expiry.js';

const QUEUE = 'subscription-expiry';

/**
 * Every SUBSCRIPTION_EXPIRY_SWEEP_MS, subscriptions whose period ended with the
 * cancel flag return to basic. A BullMQ job scheduler keeps one schedule
 * however many replicas start it; one worker among them runs each sweep.
 */
export async function startExpirySweep(ctx: BillingContext): Promise<Stop> {
  await ctx.queues.queue(QUEUE).upsertJobScheduler('sweep', { every: ctx.config.SUBSCRIPTION_EXPIRY_SWEEP_MS }, { name: 'sweep' });
  const worker = ctx.queues.worker(QUEUE, async () => {
    const expired = await expireEndedSubscriptions(ctx);
    if (expired > 0) ctx.logger.info({ expired }, 'subscriptions ended at their period end; users back on basic');
    return { expired };
  });
  return () => worker.close();
}

export const expirySweep = job('subscription-expiry', startExpirySweep);
