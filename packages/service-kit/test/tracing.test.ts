import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { recordSpans } from '../src/testing/spans.js';
import { context, extractContext, inClientSpan, injectTraceHeaders, SpanKind, startTracing, stopTracing, trace, traceIdOf, tracer } from '../src/tracing.js';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const sdkLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/@opentelemetry/sdk-node/'));

afterEach(async () => {
  await stopTracing();
});

describe('tracing without an exporter', () => {
  it('gives every span ids, continues a caller’s trace and writes traceparent, without recording', async () => {
    await startTracing({ serviceName: 'tracing-test' });
    const fresh = tracer().startSpan('fresh');
    const other = tracer().startSpan('other');
    expect(fresh.spanContext().traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(fresh.spanContext().spanId).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
    expect(other.spanContext().traceId).not.toBe(fresh.spanContext().traceId);
    expect(fresh.isRecording()).toBe(false);

    const parent = extractContext({ traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01` });
    const child = tracer().startSpan('child', {}, parent);
    expect(child.spanContext().traceId).toBe(CALLER_TRACE);
    const inside = await context.with(trace.setSpan(parent, child), async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return { id: traceIdOf(), headers: injectTraceHeaders({} as Record<string, string>) };
    });
    expect(inside.id).toBe(CALLER_TRACE);
    expect(inside.headers.traceparent).toBe(`00-${CALLER_TRACE}-${child.spanContext().spanId}-00`);
    expect(traceIdOf()).toBeUndefined();
    expect(sdkLoaded()).toBe(false);
  });
});

describe('tracing with a span processor', () => {
  it('starts the SDK, which records the spans with the same ids', async () => {
    // Imported here: the test above checks that tracing alone does not load the SDK.
    const { tracing } = await import('@opentelemetry/sdk-node');
    const exporter = new tracing.InMemorySpanExporter();
    const processor = new tracing.SimpleSpanProcessor(exporter);
    await startTracing({ serviceName: 'tracing-test', spanProcessors: [processor] });
    const parent = extractContext({ traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01` });
    const span = tracer().startSpan('recorded', {}, parent);
    expect(span.isRecording()).toBe(true);
    span.end();
    await processor.forceFlush();
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.spanContext().traceId])).toEqual([['recorded', CALLER_TRACE]]);
  });

  it('records an outgoing call as a client span of the active trace, whose headers name it as the callee’s parent', async () => {
    const recorded = await recordSpans('tracing-test');
    const parent = extractContext({ traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01` });
    const sent = await context.with(parent, () => inClientSpan('POST feed', { 'url.path': '/posts' }, async (headers) => headers));
    const failed = context.with(parent, () =>
      inClientSpan('GET feed', {}, () => {
        throw new Error('refused');
      }),
    );
    await expect(failed).rejects.toThrow('refused');

    const [call, refused] = await recorded.finished();
    expect([call!.name, call!.kind, call!.attributes['url.path'], call!.parentSpanContext?.spanId]).toEqual(['POST feed', SpanKind.CLIENT, '/posts', '00f067aa0ba902b7']);
    expect(sent.traceparent).toBe(`00-${CALLER_TRACE}-${call!.spanContext().spanId}-01`);
    expect([refused!.name, refused!.status]).toEqual(['GET feed', { code: 2, message: 'refused' }]);
  });
});
