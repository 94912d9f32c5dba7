import { job, type ServiceContext } from '@planner/service-kit';
import { deliverEmail } from '../commands/deliver.js';
import { DISPATCH_BATCH, handOpenEmailsToQueue, type MailJob } from '../commands/emails.js';
import type { NotificationsContext } from '../context.js';

const MAIL_QUEUE = 'mail';
const DISPATCH_POLL_MS = 500;

/** The server did not take the mail this time (a 4xx, a lost connection): BullMQ tries again after the back-off. */
class NotAccepted extends Error {}

export interface MailDispatcher {
  /** Look for new mail rows now rather than at the next poll. */
  kick(): void;
  /** Hands every open row to the queue; resolves with how many it handed. */
  dispatch(): Promise<number>;
}

/** The dispatcher of each running service, for its consumers to kick. */
const dispatchers = new WeakMap<ServiceContext, MailDispatcher>();

/** The running service's mail dispatcher; none before the mail delivery job started or after it stopped. */
export function mailDispatcherOf(ctx: ServiceContext): MailDispatcher | undefined {
  return dispatchers.get(ctx);
}

/**
 * Mail rows reach the BullMQ queue through a dispatcher, not from the
 * consumer: a row commits with the event's inbox record, and only a committed
 * row may become a job. The dispatcher polls, and runs at once when a consumer
 * kicks it after its commit. The worker sends with exponential back-off; the
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

  const dispatcher = startDispatcher(ctx, () => handOpenEmailsToQueue(ctx, queue));
  dispatchers.set(ctx, dispatcher);
  ctx.logger.info({ transport: transport.description }, transport.sandbox ? 'SANDBOX: SMTP_URL is not set; mails are written as .eml files' : 'mails go out over SMTP');

  return async () => {
    dispatchers.delete(ctx);
    await dispatcher.stop();
    await worker.close();
    await queue.close();
    transport.close();
  };
});

/**
 * Hands batches until one comes back short: now, every DISPATCH_POLL_MS, and
 * on a kick. One round runs at a time; a kick during a round makes it go once
 * more, so rows committed meanwhile are not left to the next poll.
 */
function startDispatcher(ctx: ServiceContext, handBatch: () => Promise<number>): MailDispatcher & { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const dispatch = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          let handed: number;
          do {
            handed = await handBatch();
            total += handed;
          } while (handed === DISPATCH_BATCH && !stopped);
        } while (again && !stopped);
      } catch (error) {
        ctx.logger.warn({ err: error }, 'mail dispatcher failed; will retry');
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      await dispatch();
      schedule(DISPATCH_POLL_MS);
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    kick: () => {
      if (!stopped) void dispatch();
    },
    dispatch,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
