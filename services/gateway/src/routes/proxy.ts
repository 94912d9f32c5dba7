import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { IDENTITY_HEADERS, SERVICES, SharedMessages, type Identity, type ServiceName } from '@planner/contracts';
import { errorBody, extractContext, injectTraceHeaders, trace, tracer, type Context, type Logger } from '@planner/service-kit';
import { corsHeaders, isPreflight } from '../domain/cors.js';
import { GatewayMessages } from '../domain/messages.js';
import { forwardedFor } from '../domain/rate-limit.js';
import { API_PREFIX, isForwardablePath, matchRoute, type RouteMatch } from '../domain/routes.js';
import { hasBody } from '../domain/upload-routes.js';
import { isHopByHop, UpstreamPool, type ResponseHeaders, type ResponseSink, type UpstreamPoolOptions } from '../adapters/upstream-pool.js';
import type { Gate, Refusal } from './gate.js';

export interface ProxyOptions {
  /** Each service's base URLs, one per replica. */
  upstreams: Record<ServiceName, readonly string[]>;
  /** Keep-alive connections per replica. */
  connections: number;
  timeoutMs: number;
  /** Active health checks of the replicas of a service with several. */
  health: { intervalMs: number; timeoutMs: number };
  /** Replicas found by name rather than listed (UPSTREAM_DISCOVERY=dns). */
  discovery: UpstreamPoolOptions['discovery'];
  trustedProxyHops: number;
  gate: Gate;
  /** Set on every proxied answer. */
  securityHeaders: Readonly<Record<string, string>>;
  /** Origins allowed to call from a browser (empty: CORS off) and the headers they may read. */
  cors: { origins: readonly string[]; exposedHeaders: readonly string[] };
  logger: Logger;
}

/**
 * The proxy in front of Fastify: it takes every request for a service
 * (`/api/<prefix>/**`, /api stripped on the way) straight from Node's HTTP
 * server and leaves the rest (the gateway's own routes, CORS preflights, not
 * found) to Fastify. Measured on this machine, Fastify's per-request work
 * (request and reply objects, routing, hooks) and @fastify/http-proxy's
 * destination parsing were over half of the gateway's CPU per proxied
 * request; this path does only the gate, the span and one undici dispatch.
 */
export interface Proxy {
  /** Takes the request when it is for a service; false leaves it to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Stops taking requests: while the gateway closes, Fastify answers them 503. */
  stop(): void;
  close(): Promise<void>;
}

/** A chunked body grew past its limit while streaming to the service. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(GatewayMessages.bodyTooLarge(limit));
    this.name = 'BodyTooLargeError';
  }
}

/** Passes a body through, failing once more than `limit` bytes went by. */
function limitBody(source: IncomingMessage, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  source.on('error', (error) => counter.destroy(error));
  // A client gone (or out of time) mid-body: without this the service's request would wait for the rest forever.
  source.on('close', () => {
    if (!source.complete) counter.destroy(new Error('The client did not send the whole body.'));
  });
  return source.pipe(counter);
}

const USER_ID = IDENTITY_HEADERS.userId;
const USER_ROLE = IDENTITY_HEADERS.role;
const JSON_TYPE = 'application/json; charset=utf-8';
const UNAVAILABLE = JSON.stringify({ message: SharedMessages.serviceUnavailable });
const NO_HEADERS: ResponseHeaders = Object.freeze({});
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** A service-relative redirect (`/auth/x`) gets its /api back; anything else is left as the service wrote it. */
function gatewayLocation(location: string, prefixes: readonly string[]): string {
  if (location.charCodeAt(0) !== 47 /* / */) return location;
  for (const prefix of prefixes) {
    if (location.startsWith(prefix) && (location.length === prefix.length || '/?#'.includes(location[prefix.length]!))) return `${API_PREFIX}${location}`;
  }
  return location;
}

/** Logs a service's failures at most once a second, with how many went unlogged: an outage must not flood the logs. */
class FailureLog {
  private last = 0;
  private suppressed = 0;

  constructor(
    private readonly logger: Logger,
    private readonly service: ServiceName,
  ) {}

  report(requestId: string, error: Error): void {
    const now = Date.now();
    if (now - this.last < 1000) {
      this.suppressed += 1;
      return;
    }
    this.logger.warn({ err: error, service: this.service, reqId: requestId, suppressed: this.suppressed }, `${this.service} did not answer: ${error.message}`);
    this.last = now;
    this.suppressed = 0;
  }
}

/** Writes a JSON answer of the gateway's own on top of the headers every answer gets. */
function sendJson(response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string): void {
  // Answered already: the request ran out of time (408).
  if (response.destroyed || response.headersSent) return;
  headers['content-type'] = JSON_TYPE;
  headers['content-length'] = Buffer.byteLength(body);
  response.writeHead(status, headers).end(body);
}

function sendRefusal(response: ServerResponse, headers: OutgoingHttpHeaders, refusal: Refusal): void {
  sendJson(response, refusal.status, Object.assign(headers, refusal.headers), JSON.stringify(refusal.body));
}

/**
 * Turns the service's answer (or its absence) into the client's. A safe
 * request goes to the service while the rate limit is counted (`verdict`):
 * its answer waits for the verdict, and is dropped for the 429 when the
 * caller turns out to be over the limit.
 */
class ResponseWriter implements ResponseSink {
  private status = 0;
  private upstream: ResponseHeaders = NO_HEADERS;
  /** null: answer; undefined: the verdict is not in yet; a refusal: the 429 was sent instead. */
  private refusal: Refusal | null | undefined = null;
  private pending: { answer: () => void; discard?: () => void } | undefined;

  constructor(
    private readonly response: ServerResponse,
    private readonly own: OutgoingHttpHeaders,
    private readonly prefixes: readonly string[],
    private readonly failures: FailureLog,
    private readonly requestId: string,
    verdict: Promise<Refusal | null> | null,
  ) {
    if (!verdict) return;
    this.refusal = undefined;
    const settle = (refusal: Refusal | null) => {
      this.refusal = refusal;
      const pending = this.pending;
      this.pending = undefined;
      if (!refusal) pending?.answer();
      else {
        pending?.discard?.();
        sendRefusal(this.response, this.own, refusal);
      }
    };
    verdict.then(settle, () => settle(null));
  }

  /** Answers now when allowed; else once the verdict is in (or discards, when refused). */
  private when(answer: () => void, discard?: () => void): void {
    if (this.refusal === null) answer();
    else if (this.refusal) discard?.();
    else this.pending = { answer, discard };
  }

  start(statusCode: number, upstream: ResponseHeaders, body: Readable | null): void {
    this.status = statusCode;
    this.upstream = upstream;
    if (body) this.when(() => this.stream(body), () => body.destroy());
  }

  /** The service's headers added to the gateway's, once the answer is allowed out (a refusal keeps the gateway's alone). */
  private answerHeaders(): OutgoingHttpHeaders {
    const headers = this.own;
    const upstream = this.upstream;
    for (const name in upstream) {
      const value = upstream[name];
      if (value === undefined) continue;
      headers[name] = name === 'location' && typeof value === 'string' ? gatewayLocation(value, this.prefixes) : value;
    }
    return headers;
  }

  end(body: Buffer): void {
    this.when(() => {
      if (!this.response.destroyed && !this.response.headersSent) this.response.writeHead(this.status, this.answerHeaders()).end(body);
    });
  }

  fail(error: Error & { code?: string; cause?: unknown }): void {
    this.when(() => this.failWith(error));
  }

  private stream(body: Readable): void {
    const response = this.response;
    if (response.destroyed || response.headersSent) {
      body.destroy();
      return;
    }
    response.writeHead(this.status, this.answerHeaders());
    body.on('error', () => response.destroy());
    body.pipe(response);
  }

  private failWith(error: Error & { code?: string; cause?: unknown }): void {
    const response = this.response;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const tooLarge = error instanceof BodyTooLargeError ? error : error.cause instanceof BodyTooLargeError ? error.cause : undefined;
    if (tooLarge) {
      // The client may still be sending: close rather than read the rest.
      this.own.connection = 'close';
      sendJson(response, 413, this.own, JSON.stringify(errorBody(413, tooLarge.message)));
      return;
    }
    this.failures.report(this.requestId, error);
    // Refused, reset, unreachable or no replica available: 503; no answer in time: 504. The same message either way.
    sendJson(response, TIMEOUTS.has(error.code ?? '') ? 504 : 503, this.own, UNAVAILABLE);
  }
}

/** Ends the request's span with the answer's status once the answer is out (or the client gone). */
function endSpanWith(response: ServerResponse, span: Span): void {
  response.once('close', () => {
    const status = response.statusCode;
    span.setAttribute('http.response.status_code', status);
    if (status >= 500 || !response.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

export function createProxy(options: ProxyOptions): Proxy {
  const { gate, logger, securityHeaders, trustedProxyHops: hops } = options;
  const origins = new Set(options.cors.origins);
  const exposed = options.cors.exposedHeaders.join(', ');
  const services = new Map<ServiceName, { pool: UpstreamPool; failures: FailureLog; prefixes: readonly string[] }>();
  for (const service of Object.keys(options.upstreams) as ServiceName[]) {
    services.set(service, {
      pool: new UpstreamPool(options.upstreams[service], {
        service,
        connections: options.connections,
        timeoutMs: options.timeoutMs,
        health: options.health,
        discovery: options.discovery,
        logger,
      }),
      failures: new FailureLog(logger, service),
      prefixes: SERVICES[service].prefixes,
    });
  }
  let taking = true;

  /** The client's headers minus hop-by-hop ones and identity claims, plus the verified identity, request id, caller address and trace context. */
  function upstreamHeaders(request: IncomingMessage, identity: Identity | null, requestId: string, traceContext: Context): Record<string, string | string[]> {
    const incoming = request.headers;
    const headers: Record<string, string | string[]> = {};
    for (const name in incoming) {
      if (isHopByHop(name) || name === USER_ID || name === USER_ROLE) continue;
      const value = incoming[name];
      if (value !== undefined) headers[name] = value;
    }
    const connection = incoming.connection;
    if (connection !== undefined && connection !== 'keep-alive' && connection !== 'close') {
      for (const listed of connection.split(',')) delete headers[listed.trim().toLowerCase()];
    }
    if (identity !== null) {
      headers[USER_ID] = identity.userId;
      headers[USER_ROLE] = identity.role;
    }
    headers['x-request-id'] = requestId;
    headers['x-forwarded-for'] = forwardedFor(request.socket.remoteAddress, incoming['x-forwarded-for'] as string | undefined, hops);
    injectTraceHeaders(headers, traceContext);
    return headers;
  }

  async function forward(request: IncomingMessage, response: ServerResponse, match: RouteMatch, url: string): Promise<void> {
    const method = request.method!;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const incomingId = request.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' ? incomingId : randomUUID();

    const parent = extractContext(request.headers);
    const span = tracer().startSpan(`${method} ${match.prefix}/*`, { kind: SpanKind.SERVER }, parent);
    endSpanWith(response, span);
    const headers: OutgoingHttpHeaders = { ...securityHeaders, 'x-trace-id': span.spanContext().traceId };
    if (origins.size > 0) Object.assign(headers, corsHeaders(request.headers.origin, origins, exposed));

    if (!isForwardablePath(path)) {
      sendJson(response, 400, headers, JSON.stringify(errorBody(400, SharedMessages.invalidPath)));
      return;
    }
    const outcome = await gate(request, method, path);
    if (outcome.refusal) {
      sendRefusal(response, headers, outcome.refusal);
      return;
    }
    // A safe request goes to the service while it is counted; any other waits for the count, so a
    // refused one has no effect.
    let verdict = outcome.limit;
    if (verdict && method !== 'GET' && method !== 'HEAD') {
      const refusal = await verdict;
      if (refusal) {
        sendRefusal(response, headers, refusal);
        return;
      }
      verdict = null;
    }
    const target = services.get(match.service)!;
    const body = outcome.body ?? (hasBody(request.headers) ? (outcome.streamLimit === undefined ? request : limitBody(request, outcome.streamLimit)) : null);
    target.pool.forward(
      {
        method,
        path: url.slice(API_PREFIX.length),
        headers: upstreamHeaders(request, outcome.identity, requestId, trace.setSpan(parent, span)),
        body,
      },
      new ResponseWriter(response, headers, target.prefixes, target.failures, requestId, verdict),
    );
  }

  return {
    handle(request, response) {
      if (!taking) return false;
      const url = request.url ?? '/';
      const match = matchRoute(url);
      if (!match) return false;
      if (origins.size > 0 && isPreflight(request.method, request.headers)) return false;
      forward(request, response, match, url).catch((error: unknown) => {
        // The path's prefix only: a query string can carry a token.
        logger.error({ err: error, service: match.service, route: match.prefix }, 'proxying failed');
        if (!response.headersSent) sendJson(response, 500, { ...securityHeaders }, JSON.stringify(errorBody(500, SharedMessages.serverError)));
        else response.destroy();
      });
      return true;
    },
    stop() {
      taking = false;
    },
    async close() {
      await Promise.all([...services.values()].map(({ pool }) => pool.close()));
    },
  };
}
