import { observeGauges, observeQueueDepth, type Histogram, type Meter, type ServiceContext } from '@planner/service-kit';
import type { Publication } from '../entities/publication.entity.js';
import { publishQueue } from './publish-queue.js';

/** Lateness buckets in seconds: on time is under a second or two; minutes mean retries or rate-limit waits. */
const LATENESS_BUCKETS_S = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

const latenessHistograms = new WeakMap<Meter, Histogram>();

/** Records how long after its due time a publication went out, by platform. */
export function recordPublishLateness(ctx: ServiceContext, publication: Pick<Publication, 'platform' | 'dueAt' | 'publishedAt'>): void {
  const { meter } = ctx.metrics;
  let histogram = latenessHistograms.get(meter);
  if (!histogram) {
    histogram = meter.createHistogram('scheduler_publish_lateness_seconds', {
      description: 'Seconds from a publication’s due time to its publication on the platform',
      unit: 's',
      advice: { explicitBucketBoundaries: LATENESS_BUCKETS_S },
    });
    latenessHistograms.set(meter, histogram);
  }
  const publishedAt = publication.publishedAt ?? new Date();
  histogram.record(Math.max(0, (publishedAt.getTime() - publication.dueAt.getTime()) / 1000), { platform: publication.platform });
}

/**
 * The publish queue's depth and the overdue publications, read at each
 * scrape. A publication is overdue when its job's time (the due time, or a
 * retry's) has passed and no live worker holds it: still queued (a worker
 * takes it PUBLISH_AHEAD_MS before its time), or held by a worker whose lease
 * ran out. Every scheduler process reports the same values.
 */
export function observePublishing(ctx: ServiceContext): () => void {
  const { meter } = ctx.metrics;
  const stopQueue = observeQueueDepth(meter, publishQueue(ctx));
  const stopOverdue = observeGauges(
    meter,
    {
      overdue: { name: 'scheduler_overdue_publications', description: 'Publications past their time that no live worker holds' },
      oldest: { name: 'scheduler_oldest_overdue_seconds', description: 'How long the oldest overdue publication is past its time, in seconds (0 when none)' },
    },
    async (observe) => {
      // On the index of open publications (publications_open).
      const [row] = await ctx.dataSource.query<Array<{ overdue: number; oldest: number }>>(
        `SELECT count(*)::int AS overdue, coalesce(extract(epoch FROM now() - min(next_attempt_at)), 0)::float8 AS oldest
           FROM publications
          WHERE state IN ('queued', 'publishing') AND next_attempt_at < now() AND (state = 'queued' OR lease_until < now())`,
      );
      observe('overdue', row?.overdue ?? 0);
      observe('oldest', row?.oldest ?? 0);
    },
  );
  return () => {
    stopQueue();
    stopOverdue();
  };
}
