import { job } from '@planner/service-kit';
import { observePublishing } from '../commands/publishing-metrics.js';
import type { SchedulerContext } from '../context.js';

/** The publish queue's depth and the overdue publications in the service's metrics, in every role (docs/metrics.md). */
export const publishingMetrics = job('publishing-metrics', async (ctx: SchedulerContext) => {
  if (!ctx.metrics.enabled) return;
  return observePublishing(ctx);
});
