import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type ContextManager,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export { context, propagation, trace, type Context };

let sdk: NodeSDK | undefined;

export interface TracingOptions {
  serviceName: string;
  /** When set, spans go to this OTLP/HTTP collector (read from the standard OTEL_* variables). */
  otlpEndpoint?: string;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: tracing.SpanProcessor[];
  /**
   * How the active context follows async work: the SDK's AsyncLocalStorage
   * manager unless given. A process that hands contexts on explicitly (the
   * gateway) can pass a cheaper one; AsyncLocalStorage costs on every async step.
   */
  contextManager?: ContextManager;
}

/**
 * Starts OpenTelemetry once per process. Spans are created by hand (HTTP
 * requests, proxying, NATS publish and consume) rather than by monkey-patching
 * instrumentations, which do not hook ES modules without a loader.
 */
export function startTracing({ serviceName, otlpEndpoint, spanProcessors = [], contextManager }: TracingOptions): void {
  if (sdk) return;
  const common = { serviceName, instrumentations: [], ...(contextManager ? { contextManager } : {}) };
  if (otlpEndpoint) sdk = new NodeSDK(common);
  else if (spanProcessors.length > 0) sdk = new NodeSDK({ ...common, spanProcessors });
  // Nothing would receive the spans: keep the trace ids flowing (logs, x-trace-id, traceparent)
  // with non-recording spans, which cost a fraction of recorded ones on every request.
  else sdk = new NodeSDK({ ...common, spanProcessors: [new tracing.NoopSpanProcessor()], sampler: new tracing.AlwaysOffSampler() });
  sdk.start();
}

export async function stopTracing(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}

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
