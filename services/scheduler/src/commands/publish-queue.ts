import type { Queue } from 'bullmq';
import type { ServiceContext } from '@planner/service-kit';
import { publishJobId } from '../domain/publishing.js';

export const PUBLISH_QUEUE = 'publish';

/** A publish job: which publication, and which queueing of it. */
export interface PublishJob {
  publicationId: string;
  cycle: number;
}

const queues = new WeakMap<object, Queue<PublishJob>>();

/** The service's one publish queue (made once per context). */
export function publishQueue(ctx: ServiceContext): Queue<PublishJob> {
  let queue = queues.get(ctx.queues);
  if (!queue) {
    queue = ctx.queues.queue<PublishJob>(PUBLISH_QUEUE, {
      // The database holds the outcome; Redis keeps finished jobs only long enough to read a burst's.
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    queues.set(ctx.queues, queue);
  }
  return queue;
}

export interface Queueable {
  id: string;
  postId: string;
  version: number;
  platform: string;
  cycle: number;
  nextAttemptAt: Date;
}

/**
 * Adds the jobs of these publications, each delayed to its time. A job id
 * BullMQ already holds is not added twice; one it holds as finished while the
 * publication still waits (its outcome was not recorded) is replaced.
 */
export async function enqueuePublications(ctx: ServiceContext, publications: readonly Queueable[]): Promise<void> {
  if (publications.length === 0) return;
  const queue = publishQueue(ctx);
  const now = Date.now();
  await Promise.all(
    publications.map(async (publication) => {
      const jobId = publishJobId(publication);
      const existing = await queue.getJob(jobId);
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed') return;
        await existing.remove();
      }
      await queue.add('publish', { publicationId: publication.id, cycle: publication.cycle }, { jobId, delay: Math.max(0, publication.nextAttemptAt.getTime() - now) });
    }),
  );
}
