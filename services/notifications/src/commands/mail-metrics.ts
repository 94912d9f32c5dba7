import type { Queue } from 'bullmq';
import { observeGauges, observeQueueDepth, type ServiceContext } from '@planner/service-kit';
import type { MailJob } from './emails.js';

/**
 * The mail queue's depth, read at each scrape: the mails not yet sent
 * (pending, or being sent) and how long the oldest has waited, from their rows
 * (on the index of open mails), and the BullMQ jobs of the mail queue (the
 * rows handed to it). Every replica reports the same values.
 */
export function observeMailQueue(ctx: ServiceContext, queue: Queue<MailJob>): () => void {
  const { meter } = ctx.metrics;
  const stopJobs = observeQueueDepth(meter, queue);
  const stopRows = observeGauges(
    meter,
    {
      depth: { name: 'notifications_mail_queue_depth', description: 'Mails not sent yet, by status: pending (waiting for a try) or sending' },
      oldest: { name: 'notifications_mail_oldest_waiting_seconds', description: 'How long the oldest mail not sent yet has waited, in seconds (0 when none)' },
    },
    async (observe) => {
      // Ages by the database's clock, which wrote created_at.
      const rows = await ctx.dataSource.query<Array<{ status: string; count: number; age: number }>>(
        `SELECT status, count(*)::int AS count, extract(epoch FROM now() - min(created_at))::float8 AS age
           FROM "emails" WHERE status IN ('pending', 'sending') GROUP BY status`,
      );
      for (const status of ['pending', 'sending']) observe('depth', rows.find((row) => row.status === status)?.count ?? 0, { status });
      observe('oldest', Math.max(0, ...rows.map((row) => row.age)));
    },
  );
  return () => {
    stopJobs();
    stopRows();
  };
}
