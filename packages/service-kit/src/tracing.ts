import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type ContextManager,
  type Span,
  type SpanOptions,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import type { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export { context, propagation, SpanKind, trace, type Context };

let started: { sdk?: NodeSDK } | undefined;

export interface TracingOptions {
  serviceName: string;
  /** When set, spans go to this OTLP/HTTP collector (read from the standard OTEL_* variables). */
  otlpEndpoint?: string;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: tracing.SpanProcessor[];
  /**
   * How the active context follows async work: Node's AsyncLocalStorage
   * unless given. A process that hands contexts on explicitly (the gateway)
   * can pass a cheaper one; AsyncLocalStorage costs on every async step.
   */
  contextManager?: ContextManager;
}

/**
 * Starts OpenTelemetry once per process. Spans are created by hand (HTTP
 * requests, proxying, NATS publish and consume) rather than by monkey-patching
 * instrumentations, which do not hook ES modules without a loader.
 *
 * The SDK (about 24 MB loaded) is imported only when spans go somewhere.
 * Otherwise trace ids still flow (logs, x-trace-id, traceparent) through
 * non-recording spans, registered synchronously: a caller need not await.
 */
export async function startTracing({ serviceName, otlpEndpoint, spanProcessors = [], contextManager }: TracingOptions): Promise<void> {
  if (started) return;
  if (!otlpEndpoint && spanProcessors.length === 0) {
    started = {};
    context.setGlobalContextManager((contextManager ?? new AsyncLocalStorageContextManager()).enable());
    // The SDK's default propagators (OTEL_PROPAGATORS unset): W3C trace context and baggage.
    propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
    trace.setGlobalTracerProvider(idsOnlyTracerProvider);
    return;
  }
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [],
    ...(contextManager ? { contextManager } : {}),
    ...(spanProcessors.length > 0 ? { spanProcessors } : {}),
  });
  started = { sdk };
  sdk.start();
}

export async function stopTracing(): Promise<void> {
  const sdk = started?.sdk;
  started = undefined;
  await sdk?.shutdown();
  // The globals too, so that tracing can start again in this process.
  trace.disable();
  propagation.disable();
  context.disable();
}

/** 16 or 8 random bytes in hex, never all zero (an invalid id); Math.random as the SDK's generator, ids need no secrecy. */
function randomId(bytes: 16 | 8): string {
  const buffer = Buffer.allocUnsafe(bytes);
  do {
    for (let i = 0; i < bytes; i += 4) buffer.writeUInt32BE((Math.random() * 2 ** 32) >>> 0, i);
  } while (buffer.every((byte) => byte === 0));
  return buffer.toString('hex');
}

/**
 * What the SDK with an always-off sampler does, without the SDK: a span is
 * not recorded but has ids, continuing its parent's trace or starting one.
 */
const idsOnlyTracer: Tracer = {
  startSpan(_name: string, options: SpanOptions = {}, ctx: Context = context.active()): Span {
    const parent = options.root ? undefined : trace.getSpanContext(ctx);
    const continues = parent !== undefined && trace.isSpanContextValid(parent);
    return trace.wrapSpanContext({
      traceId: continues ? parent.traceId : randomId(16),
      spanId: randomId(8),
      traceFlags: TraceFlags.NONE,
      ...(continues && parent.traceState ? { traceState: parent.traceState } : {}),
    });
  },
  startActiveSpan: ((name: string, ...rest: unknown[]) => {
    const fn = rest.pop() as (span: Span) => unknown;
    const [options, ctx = context.active()] = rest as [SpanOptions | undefined, Context | undefined];
    const span = idsOnlyTracer.startSpan(name, options, ctx);
    return context.with(trace.setSpan(ctx, span), fn, undefined, span);
  }) as Tracer['startActiveSpan'],
};
const idsOnlyTracerProvider: TracerProvider = { getTracer: () => idsOnlyTracer };

export function tracer() {
  return trace.getTracer('planner');
}

type Carrier = Record<string, string | string[] | undefined>;

const headerGetter: TextMapGetter<Carrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/** The context described by incoming `traceparent` headers, or the active one. */
export function extractContext(headers: Carrier, parent: Context = context.active()): Context {
  return propagation.extract(parent, headers, headerGetter);
}

/** Writes `traceparent` (and `tracestate`) of `ctx` into a header object. */
export function injectTraceHeaders<T extends Record<string, unknown>>(headers: T, ctx: Context = context.active()): T {
  propagation.inject(ctx, headers, {
    set: (carrier, key, value) => {
      (carrier as Record<string, unknown>)[key] = value;
    },
  } satisfies TextMapSetter<T>);
  return headers;
}

/**
 * Runs a call to another process (an HTTP request) in a client span of the
 * active trace. `call` gets the headers that carry the span (traceparent) to
 * send with its request, so the callee's spans join this trace, and the span
 * to note the answer on; a call that throws marks the span failed.
 */
export async function inClientSpan<T>(name: string, attributes: Attributes, call: (traceHeaders: Record<string, string>, span: Span) => Promise<T>): Promise<T> {
  const parent = context.active();
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
  try {
    return await call(injectTraceHeaders({} as Record<string, string>, trace.setSpan(parent, span)), span);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

export function traceIdOf(ctx: Context = context.active()): string | undefined {
  const id = trace.getSpanContext(ctx)?.traceId;
  return id && id !== '00000000000000000000000000000000' ? id : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span context; handlers and the proxy run inside it. */
    traceContext: Context;
  }
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * One server span per request, continuing the caller's trace; the handler runs
 * inside its context so that outbox rows and upstream calls carry the trace.
 */
export const requestTracing = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('traceContext', undefined as unknown as Context);
    app.addHook('onRequest', (request, reply, done) => {
      const parent = extractContext(request.headers);
      const span = tracer().startSpan(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`, { kind: SpanKind.SERVER }, parent);
      spans.set(request, span);
      request.traceContext = trace.setSpan(parent, span);
      reply.header('x-trace-id', span.spanContext().traceId);
      done();
    });
    // After the body is parsed, so the handler itself starts inside the span's context.
    app.addHook('preHandler', (request, _reply, done) => {
      context.with(request.traceContext, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const span = spans.get(request);
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      done();
    });
  },
  { name: 'request-tracing' },
);
