import type { Queue } from 'bullmq';
import { Batcher, injectTraceHeaders, type ServiceContext } from '@planner/service-kit';
import type { SchedulerConfig } from '../config.js';
import { publishJobId, releaseTime } from '../domain/publishing.js';

export const PUBLISH_QUEUE = 'publish';

/** A publish job: which publication, and which queueing of it. */
export interface PublishJob {
  publicationId: string;
  cycle: number;
  /** The trace it was queued in (traceparent): the worker continues it, so one trace runs from the request to the publication. */
  trace?: Record<string, string>;
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

/** The job of a publication, run PUBLISH_AHEAD_MS before it goes out (its tick's end), to be prepared by then with the tick's others. */
const jobOf = (ctx: ServiceContext<SchedulerConfig>, publication: Queueable, now: number) => ({
  name: 'publish',
  data: { publicationId: publication.id, cycle: publication.cycle, trace: injectTraceHeaders({} as Record<string, string>) },
  opts: {
    jobId: publishJobId(publication),
    delay: Math.max(0, releaseTime(publication.nextAttemptAt, ctx.config.PUBLISH_TICK_MS) - ctx.config.PUBLISH_AHEAD_MS - now),
  },
});

/**
 * Adds the jobs of these publications, each delayed to its time. Each
 * queueing has a job id of its own (its cycle), and BullMQ keeps one job per
 * id, so adding one that is already there adds nothing.
 */
export async function enqueuePublications(ctx: ServiceContext<SchedulerConfig>, publications: readonly Queueable[]): Promise<void> {
  if (publications.length === 0) return;
  const now = Date.now();
  // Each job made here, in the caller's trace; added with those of other callers at the same moment.
  await Promise.all(publications.map((publication) => jobAdder(ctx).run(jobOf(ctx, publication, now))));
}

type Job = ReturnType<typeof jobOf>;
const adders = new WeakMap<object, Batcher<Job, void>>();

/**
 * Adds jobs of callers at the same moment (a batch of requests just
 * committed) in one `addBulk`: one round trip, and the workers woken once for
 * them rather than once per job.
 */
function jobAdder(ctx: ServiceContext<SchedulerConfig>): Batcher<Job, void> {
  let adder = adders.get(ctx.queues);
  if (!adder) {
    const queue = publishQueue(ctx);
    adder = new Batcher<Job, void>(async (jobs) => {
      await queue.addBulk(jobs);
      return jobs.map(() => undefined);
    });
    adders.set(ctx.queues, adder);
  }
  return adder;
}

/**
 * Adds again the jobs of these publications that have none that will run:
 * missing (lost with Redis, never added) or finished while the publication
 * still waits. Answers the ones it added; live jobs are left alone.
 */
export async function requeueWithoutLiveJob<P extends Queueable>(ctx: ServiceContext<SchedulerConfig>, publications: readonly P[]): Promise<P[]> {
  const queue = publishQueue(ctx);
  const now = Date.now();
  const requeued: P[] = [];
  for (const publication of publications) {
    const existing = await queue.getJob(publishJobId(publication));
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
      await existing.remove();
    }
    const job = jobOf(ctx, publication, now);
    await queue.add(job.name, job.data, job.opts);
    requeued.push(publication);
  }
  return requeued;
}
