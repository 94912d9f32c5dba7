import type { BaseConfig } from '../src/index.js';
import { SpanKind } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../src/data.js';
import { createTestContext, waitFor, type TestServiceContext } from '../src/testing/index.js';
import { context, startTracing, stopTracing, trace, tracer } from '../src/tracing.js';
import { testEventSchemas } from './fixtures/test-events.js';

// One trace from a request through the outbox and NATS to the consumer, as the collector (and Jaeger) receive it.
const exporter = new tracing.InMemorySpanExporter();
const processor = new tracing.SimpleSpanProcessor(exporter);
let ctx: TestServiceContext<BaseConfig>;
const handled: string[] = [];

beforeAll(async () => {
  await startTracing({ serviceName: 'bus-tracing-test', spanProcessors: [processor] });
  ctx = await createTestContext({ name: 'bus_tracing' });
  await ctx.bus.consume({ durable: 'tracing-test', subject: 'kit.thing.happened', handle: async (envelope) => void handled.push(envelope.eventId) });
  await ctx.relay.start();
});

afterAll(async () => {
  await ctx?.cleanup();
  await stopTracing();
});

describe('trace across NATS', () => {
  it('hangs the publish under the request that wrote the outbox row, and the consumer under the publish', async () => {
    const outbox = new Outbox(testEventSchemas, {});
    const request = tracer().startSpan('POST /things', { kind: SpanKind.SERVER });
    const envelope = await context.with(trace.setSpan(context.active(), request), () =>
      ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 1 })),
    );
    request.end();
    await waitFor(() => handled.includes(envelope.eventId), Boolean);
    await processor.forceFlush();

    const spans = exporter.getFinishedSpans();
    const publish = spans.find((s) => s.name === 'publish kit.thing.happened');
    const consume = spans.find((s) => s.name === 'consume kit.thing.happened');
    const traceId = request.spanContext().traceId;
    expect(publish?.kind).toBe(SpanKind.PRODUCER);
    expect([publish?.spanContext().traceId, consume?.spanContext().traceId]).toEqual([traceId, traceId]);
    expect(publish?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(consume?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
  });
});
