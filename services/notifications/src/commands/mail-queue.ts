import type { ServiceContext } from '@planner/service-kit';
import type { MailTransport } from '../adapters/mail-transport.js';
import type { NotificationsConfig } from '../config.js';
import { deliverEmail } from './deliver.js';

const MAIL_QUEUE = 'mail';
const DISPATCH_BATCH = 500;
const DISPATCH_POLL_MS = 500;
/** An open mail handed to the queue this long ago is handed again (its job may be gone: Redis lost it, or it stalled too often). */
const REQUEUE_AFTER = '10 minutes';

/** The server did not take the mail this time (a 4xx, a lost connection): BullMQ tries again after the back-off. */
class NotAccepted extends Error {}

export interface MailDelivery {
  /** Look for new mail rows now rather than at the next poll. */
  kick(): void;
  /** Hands every open row to the queue; resolves with how many it handed. */
  dispatch(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Mail rows reach the BullMQ queue through a dispatcher, not from the
 * consumer: a row commits with the event's inbox record, and only a committed
 * row may become a job. The dispatcher adds jobs before it marks the rows
 * enqueued, so a crash in between re-adds them, and the job id (the row id)
 * makes BullMQ keep one job per mail. The worker retries with exponential
 * back-off; the row decides when to stop (attempts, permanent refusal).
 */
export function startMailDelivery(ctx: ServiceContext<NotificationsConfig>, transport: MailTransport): MailDelivery {
  const { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAY_MS, MAIL_CONCURRENCY, MAIL_JOB_LOCK_MS } = ctx.config;
  const queue = ctx.queues.queue<{ emailId: string }>(MAIL_QUEUE, {
    attempts: MAIL_MAX_ATTEMPTS,
    backoff: { type: 'exponential', delay: MAIL_RETRY_DELAY_MS },
    // Finished jobs go, so the dispatcher can hand a row again under the same id.
    removeOnComplete: true,
    removeOnFail: true,
  });
  const worker = ctx.queues.worker<{ emailId: string }>(
    MAIL_QUEUE,
    async (job) => {
      const outcome = await deliverEmail(ctx, transport, job.data.emailId);
      // BullMQ retries a job that throws, after the back-off.
      if (outcome.status === 'retry') throw new NotAccepted(outcome.reason);
      return outcome.status;
    },
    { concurrency: MAIL_CONCURRENCY, lockDuration: MAIL_JOB_LOCK_MS, stalledInterval: Math.max(500, Math.floor(MAIL_JOB_LOCK_MS / 2)) },
  );
  worker.on('error', (error) => ctx.logger.error({ reason: error.message }, 'mail worker error'));
  // deliverEmail logs the server's refusals; this reports the rest (the database down, say), by message only: a query error carries the mail.
  worker.on('failed', (job, error) => {
    if (!(error instanceof NotAccepted)) ctx.logger.warn({ emailId: job?.data.emailId, reason: error.message }, 'mail job failed; it is retried after its back-off');
  });

  const dispatchBatch = () =>
    ctx.dataSource.transaction(async (manager) => {
      const rows: Array<{ id: string }> = await manager.query(
        `SELECT id FROM "emails"
          WHERE status IN ('pending', 'sending') AND (enqueued_at IS NULL OR enqueued_at < now() - interval '${REQUEUE_AFTER}')
          ORDER BY created_at LIMIT ${DISPATCH_BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return 0;
      await queue.addBulk(rows.map(({ id }) => ({ name: 'send', data: { emailId: id }, opts: { jobId: id } })));
      await manager.query(`UPDATE "emails" SET enqueued_at = now() WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
      return rows.length;
    });

  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let kicked: NodeJS.Timeout | undefined;

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
            handed = await dispatchBatch();
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
  ctx.logger.info({ transport: transport.description }, transport.sandbox ? 'SANDBOX: SMTP_URL is not set; mails are written as .eml files' : 'mails go out over SMTP');

  return {
    // A short wait lets the consumer's transaction commit; kicks in the meantime share it.
    kick: () => {
      if (kicked || stopped) return;
      kicked = setTimeout(() => {
        kicked = undefined;
        void dispatch();
      }, 20);
    },
    dispatch,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(kicked);
      await running;
      await worker.close();
      await queue.close();
      transport.close();
    },
  };
}
