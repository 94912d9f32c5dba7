import { describe, expect, it } from 'vitest';
import { context, SpanKind, trace, tracer } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import { publishEvent, recordSpans, waitFor } from '@planner/service-kit/testing';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

// The spans as the collector would receive them, so the chain can be followed by id: the request's trace -> NATS ->
// the scheduler's consumer -> the publish job in Redis -> the worker -> the Sandbox feed over HTTP -> the outcome's event.
const recorded = await recordSpans('scheduler-trace-test');
const h = usePublishing(() => ({ platforms: acceptingPlatforms() }));

describe('one trace from the request to the publication', () => {
  it('carries the requesting trace through the publish queue to the worker, its Sandbox call and its outcome event', async () => {
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

    // The Sandbox feed is another process's HTTP route in production, taking several jobs' posts in one request:
    // each post's span joins its own job's trace under the worker's call.
    const spans = await recorded.finished();
    const feed = spans.find((span) => span.name === 'Sandbox feed post' && span.spanContext().traceId === traceId);
    const call = spans.find((span) => span.spanContext().spanId === feed?.parentSpanContext?.spanId);
    const job = spans.find((span) => span.spanContext().spanId === call?.parentSpanContext?.spanId);
    expect({ feed: feed?.kind, call: call && [call.name, call.kind], job: job?.name }).toEqual({
      feed: SpanKind.SERVER,
      call: ['POST X Sandbox', SpanKind.CLIENT],
      job: 'publish job',
    });
  });
});
