import { LessThanOrEqual } from 'typeorm';
import { PublishingMessages } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { Publication } from '../entities/publication.entity.js';
import { publishQueue, requeueWithoutLiveJob } from './publish-queue.js';
import type { SchedulerConfig } from '../config.js';

/** A job this late past its time without a worker on it is presumed lost (well past BullMQ's own delay). */
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 1000;

/**
 * Finds publications whose time passed with no job to run them (lost with
 * Redis, never added after a crash, or held by a worker that died) and queues
 * them again, saying why on the publication. Jobs still waiting, delayed or
 * running are left alone: only a missing or finished job is replaced.
 */
export async function sweepPublications(ctx: ServiceContext<SchedulerConfig>, now = new Date()): Promise<{ requeued: number }> {
  const repository = ctx.dataSource.getRepository(Publication);
  const overdue = await repository.find({
    where: [
      { state: 'queued', nextAttemptAt: LessThanOrEqual(new Date(now.getTime() - SWEEP_GRACE_MS)) },
      { state: 'publishing', leaseUntil: LessThanOrEqual(now) },
    ],
    order: { nextAttemptAt: 'ASC' },
    take: SWEEP_BATCH,
  });
  const lost = await requeueWithoutLiveJob(ctx, overdue);
  for (const publication of lost) {
    const why = publication.state === 'publishing' ? PublishingMessages.workerStopped : PublishingMessages.jobLost;
    // Kept whatever happened since: it says why this queueing ran late.
    await repository.update({ id: publication.id, cycle: publication.cycle }, { missed: PublishingMessages.missedTime(why) });
    ctx.logger.warn({ publicationId: publication.id, postId: publication.postId, platform: publication.platform, why }, 'publication re-queued by the sweep');
  }
  return { requeued: lost.length };
}

/** What /health tells of publishing: the queue's depth, the oldest overdue publication, failures of the last day. */
export async function publishingHealth(ctx: ServiceContext, now = new Date()): Promise<Record<string, unknown>> {
  const counts = await publishQueue(ctx).getJobCounts('waiting', 'delayed', 'active', 'failed');
  const [row] = await ctx.dataSource.query<Array<{ oldest_overdue: Date | null; failed_last_day: number; in_doubt: number }>>(
    `SELECT min(next_attempt_at) FILTER (WHERE state = 'queued' AND next_attempt_at < $1) AS oldest_overdue,
            count(*) FILTER (WHERE state = 'failed' AND updated_at > $1 - interval '1 day')::int AS failed_last_day,
            count(*) FILTER (WHERE state = 'in_doubt')::int AS in_doubt
       FROM publications WHERE state IN ('queued', 'failed', 'in_doubt')`,
    [now],
  );
  return {
    queue: counts,
    oldestOverdueMs: row?.oldest_overdue ? now.getTime() - new Date(row.oldest_overdue).getTime() : 0,
    failedLastDay: row?.failed_last_day ?? 0,
    inDoubt: row?.in_doubt ?? 0,
  };
}
