import { describe, expect, it } from 'vitest';
import { context, startTracing, trace, tracer } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import { publishEvent, waitFor } from '@planner/service-kit/testing';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

// Trace ids flow without an exporter (non-recording spans), so the chain can be followed by id:
// the request's trace -> NATS -> the scheduler's consumer -> the publish job in Redis -> the worker -> the outcome's event.
await startTracing({ serviceName: 'scheduler-trace-test' });
const h = usePublishing(() => ({ platforms: acceptingPlatforms() }));

describe('one trace from the request to the publication', () => {
  it("carries the requesting trace through the publish queue to the worker, whose outcome event is in it", async () => {
    const organizationId = await h.addOrganization();
    const postId = await h.addPost(organizationId, { platforms: ['X'] });
    const request = tracer().startSpan('POST /api/posts/{id}/publish');
    const traceId = request.spanContext().traceId;
    await context.with(trace.setSpan(context.active(), request), () =>
      publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['x'], dueAt: null }),
    );
    request.end();

    const published = await waitFor(
      async () => (await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'scheduler.post.published' })).find((row) => (row.envelope.data as { postId: string }).postId === postId),
      Boolean,
      20_000,
    );
    expect(published!.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));
  });
});
