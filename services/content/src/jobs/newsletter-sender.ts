import { job, type ServiceContext } from '@planner/service-kit';
import { enqueueSend, listUnfinishedSends, NEWSLETTER_QUEUE, newsletterQueue, sendNewsletter, type SendJob } from '../commands/send-newsletter.js';
import type { ContentConfig } from '../config.js';

/** Unfinished sends whose job was lost (Redis down at the send request, retries spent) are queued again this often. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The worker that sends queued newsletters, and the sweep that finds sends a
 * crash or an outage left unfinished. A worker that dies mid-send loses its
 * job lock after NEWSLETTER_JOB_LOCK_MS; another worker (or this one,
 * restarted) takes the job over and continues after the last batch written.
 */
export const newsletterSender = job('newsletter-sender', async (ctx: ServiceContext<ContentConfig>) => {
  const queue = newsletterQueue(ctx);
  const lockDuration = ctx.config.NEWSLETTER_JOB_LOCK_MS;
  ctx.queues.worker<SendJob>(NEWSLETTER_QUEUE, async (sendJob) => void (await sendNewsletter(ctx, sendJob.data.newsletterId)), {
    lockDuration,
    stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
    maxStalledCount: 100,
  });
  const sweep = async () => {
    try {
      for (const id of await listUnfinishedSends(ctx)) await enqueueSend(queue, id);
    } catch (error) {
      ctx.logger.warn({ err: error }, 'could not look for unfinished newsletter sends');
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  // The worker (and its send in progress) closes with the service's queues.
  return () => clearInterval(timer);
});
