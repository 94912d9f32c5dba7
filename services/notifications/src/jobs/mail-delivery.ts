import { job, type ServiceContext } from '@planner/service-kit';
import { RowDrain } from '@planner/service-kit/data';
import { deliverEmail } from '../commands/deliver.js';
import { DISPATCH_BATCH, handOpenEmailsToQueue, type MailJob } from '../commands/emails.js';
import { observeMailQueue } from '../commands/mail-metrics.js';
import type { NotificationsContext } from '../context.js';

const MAIL_QUEUE = 'mail';
const DISPATCH_POLL_MS = 500;

/** The server did not take the mail this time (a 4xx, a lost connection): BullMQ tries again after the back-off. */
class NotAccepted extends Error {}

/** The dispatcher of each running service, for its consumers to kick (`kick`) and tests to run (`flush`). */
const dispatchers = new WeakMap<ServiceContext, RowDrain>();

/** The running service's mail dispatcher; none before the mail delivery job started or after it stopped. */
export function mailDispatcherOf(ctx: ServiceContext): RowDrain | undefined {
  return dispatchers.get(ctx);
}

/**
 * Mail rows reach the BullMQ queue through a dispatcher (the kit's RowDrain),
 * not from the consumer: a row commits with the event's inbox record, and only
 * a committed row may become a job. The dispatcher polls, and runs at once when
 * a consumer kicks it after its commit. The worker sends with exponential back-off; the
 * row decides when to stop (attempts, permanent refusal). Stopped after the
 * HTTP server closed, it lets the sends in flight finish.
 */
export const mailDelivery = job('mail-delivery', async (ctx: NotificationsContext) => {
  const { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAY_MS, MAIL_CONCURRENCY, MAIL_JOB_LOCK_MS } = ctx.config;
  const transport = ctx.adapters.mailTransport;
  const queue = ctx.queues.queue<MailJob>(MAIL_QUEUE, {
    attempts: MAIL_MAX_ATTEMPTS,
    backoff: { type: 'exponential', delay: MAIL_RETRY_DELAY_MS },
    // Finished jobs go, so the dispatcher can hand a row again under the same id.
    removeOnComplete: true,
    removeOnFail: true,
  });
  const stopObserving = observeMailQueue(ctx, queue);
  const worker = ctx.queues.worker<MailJob>(
    MAIL_QUEUE,
    async (mailJob) => {
      const outcome = await deliverEmail(ctx, transport, mailJob.data.emailId);
      // BullMQ retries a job that throws, after the back-off.
      if (outcome.status === 'retry') throw new NotAccepted(outcome.reason);
      return outcome.status;
    },
    { concurrency: MAIL_CONCURRENCY, lockDuration: MAIL_JOB_LOCK_MS, stalledInterval: Math.max(500, Math.floor(MAIL_JOB_LOCK_MS / 2)) },
  );
  worker.on('error', (error) => ctx.logger.error({ reason: error.message }, 'mail worker error'));
  // deliverEmail logs the server's refusals; this reports the rest (the database down, say), by message only: a query error carries the mail.
  worker.on('failed', (mailJob, error) => {
    if (!(error instanceof NotAccepted)) ctx.logger.warn({ emailId: mailJob?.data.emailId, reason: error.message }, 'mail job failed; it is retried after its back-off');
  });

  const dispatcher = new RowDrain({
    name: 'mail dispatcher',
    logger: ctx.logger,
    drainBatch: () => handOpenEmailsToQueue(ctx, queue),
    batchSize: DISPATCH_BATCH,
    pollIntervalMs: DISPATCH_POLL_MS,
  });
  dispatcher.start();
  dispatchers.set(ctx, dispatcher);
  ctx.logger.info({ transport: transport.description }, transport.sandbox ? 'SANDBOX: SMTP_URL is not set; mails are written as .eml files' : 'mails go out over SMTP');

  return async () => {
    dispatchers.delete(ctx);
    stopObserving();
    await dispatcher.stop();
    await worker.close();
    await queue.close();
    transport.close();
  };
});
