import { context, extractContext, job, trace, tracer } from '@planner/service-kit';
import { publishPublication } from '../commands/publish.js';
import { PUBLISH_QUEUE, type PublishJob } from '../commands/publish-queue.js';
import type { SchedulerContext } from '../context.js';
import { PUBLISH_JOB_LOCK_MS, STALLED_CHECK_MS } from '../domain/publishing.js';

/**
 * The publish workers (SCHEDULER_ROLE worker or both): any number of
 * processes on one queue. The database decides who publishes (a claimed row,
 * fenced by its attempt number), BullMQ only when; a job to run again later
 * (a retry, a rate-limit wait, a publication another worker holds) is moved
 * back to delayed, so its id, and so its uniqueness, stays.
 */
export const publishWorker = job('publish-worker', async (ctx: SchedulerContext) => {
  if (ctx.config.SCHEDULER_ROLE === 'api') return;
  const { DelayedError } = await import('bullmq');
  const stopping = new AbortController();
  const worker = ctx.queues.worker<PublishJob>(
    PUBLISH_QUEUE,
    async (publishJob, token) => {
      const outcome = await inQueuedTrace(publishJob.data, () => publishPublication(ctx, publishJob.data, stopping.signal));
      if (outcome.kind === 'later') {
        await publishJob.moveToDelayed(outcome.at.getTime(), token);
        throw new DelayedError();
      }
    },
    // A stalled job (its worker died) comes back to another worker, whose claim then checks the platform first.
    { concurrency: ctx.config.PUBLISH_CONCURRENCY, maxStalledCount: 100, lockDuration: PUBLISH_JOB_LOCK_MS, stalledInterval: STALLED_CHECK_MS },
  );
  worker.on('failed', (failed, error) => ctx.logger.error({ err: error, jobId: failed?.id }, 'publish job failed'));
  return async () => {
    stopping.abort();
    await worker.close();
  };
});

/** Runs a job's work in a span of the trace it was queued in: the platform calls and the outcome's event join the request's trace. */
export async function inQueuedTrace<T>(job: PublishJob, work: () => Promise<T>): Promise<T> {
  const parent = extractContext(job.trace ?? {});
  const span = tracer().startSpan('publish job', { attributes: { 'publication.id': job.publicationId, 'publication.cycle': job.cycle } }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } finally {
    span.end();
  }
}
