import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import type { RequestedMail } from '../domain/mail-requests.js';
import { Email } from '../entities/email.entity.js';

/** Mail rows handed to the queue per transaction; a full batch means there may be more. */
export const DISPATCH_BATCH = 500;
/** An open mail handed to the queue this long ago is handed again (its job may be gone: Redis lost it, or it stalled too often). */
const REQUEUE_AFTER = '10 minutes';

/** What a job of the mail queue names: the mail row to send. */
export type MailJob = { emailId: string };

/** The mail row, written in the consumer's transaction; a delivery already recorded is not recorded again. */
export async function recordEmail(manager: EntityManager, mail: RequestedMail, eventId: string): Promise<void> {
  const { kind, recipient, deliveryId, subject, html, text, headers } = mail;
  await manager.createQueryBuilder().insert().into(Email).values({ kind, recipient, deliveryId, subject, html, text, headers, eventId }).orIgnore().execute();
}

/**
 * Hands one batch of open mail rows to the queue and marks them enqueued;
 * resolves with how many. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * replicas share them. Jobs are added before the rows are marked, so a crash
 * in between hands them again, and the job id (the row id) makes BullMQ keep
 * one job per mail.
 */
export function handOpenEmailsToQueue(ctx: ServiceContext, queue: Queue<MailJob>): Promise<number> {
  return ctx.dataSource.transaction(async (manager) => {
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
}
