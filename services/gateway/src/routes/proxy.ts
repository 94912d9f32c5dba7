import { Readable, Transform, type TransformCallback } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_HEADERS, SharedMessages, type ServiceName } from '@planner/contracts';
import { errorBody, injectTraceHeaders, type App } from '@planner/service-kit';
import { GatewayMessages } from '../domain/messages.js';
import { forwardedFor } from '../domain/rate-limit.js';
import { API_PREFIX, proxyRoutePatterns, routeTable, type ServiceRoute } from '../domain/routes.js';
import { isHopByHop, UpstreamPool, type ResponseHeaders, type ResponseSink, type UpstreamRequest } from '../adapters/upstream-pool.js';
import { streamedBodyLimits } from './gate.js';
import { lazyRequestLoggers, type LogLevel } from './request-logger.js';

export interface ProxyOptions {
  upstreams: Record<ServiceName, string>;
  connections: number;
  timeoutMs: number;
  trustedProxyHops: number;
  /** Per-request log lines below this level are skipped on proxied routes. */
  logLevel: LogLevel;
}

/** A chunked body grew past its limit while streaming to the service. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(GatewayMessages.bodyTooLarge(limit));
    this.name = 'BodyTooLargeError';
  }
}

/** Passes a body through, failing once more than `limit` bytes went by. */
function limitBody(source: Readable, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  source.on('error', (error) => counter.destroy(error));
  return source.pipe(counter);
}

const USER_ID = IDENTITY_HEADERS.userId;
const USER_ROLE = IDENTITY_HEADERS.role;
const UNAVAILABLE = { message: SharedMessages.serviceUnavailable };
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

  report(request: FastifyRequest, service: ServiceName, error: Error): void {
    const now = Date.now();
    if (now - this.last < 1000) {
      this.suppressed += 1;
      return;
    }
    request.log.warn({ err: error, service, suppressed: this.suppressed }, `${service} did not answer: ${error.message}`);
    this.last = now;
    this.suppressed = 0;
  }
}

/** Turns the upstream's answer (or its absence) into the gateway's reply. */
class ReplySink implements ResponseSink {
  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly route: ServiceRoute,
    private readonly failures: FailureLog,
  ) {}

  start(statusCode: number, headers: ResponseHeaders, body: Readable | null): void {
    const reply = this.reply;
    reply.code(statusCode);
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined) continue;
      reply.header(name, name === 'location' && typeof value === 'string' ? gatewayLocation(value, this.route.prefixes) : value);
    }
    if (body) reply.send(body);
  }

  end(body: Buffer): void {
    if (body.length === 0) this.reply.send();
    else this.reply.send(body);
  }

  fail(error: Error & { code?: string; cause?: unknown }): void {
    const reply = this.reply;
    if (reply.sent) return;
    const tooLarge = error instanceof BodyTooLargeError ? error : error.cause instanceof BodyTooLargeError ? error.cause : undefined;
    if (tooLarge) {
      // The client may still be sending: close rather than read the rest.
      reply.code(413).header('connection', 'close').send(errorBody(413, tooLarge.message));
      return;
    }
    this.failures.report(this.request, this.route.service, error);
    // Refused, reset or unreachable: 503; no answer in time: 504. The same message either way.
    reply.code(TIMEOUTS.has(error.code ?? '') ? 504 : 503).send(UNAVAILABLE);
  }
}

/**
 * /api/<prefix>/** → the owning service with /api stripped: one
 * @fastify/http-proxy registration per service (its routing, prefix rewrite
 * and destination checks), forwarding through a lean undici pool per service
 * (the `handler` option) rather than reply-from's streams, which measured at
 * about a quarter more gateway CPU per request. Bodies stream through
 * untouched, so a malformed JSON body is the service's to refuse.
 */
export async function registerProxies(app: App, options: ProxyOptions): Promise<void> {
  const hops = options.trustedProxyHops;
  const pools: UpstreamPool[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  /** The client's headers minus hop-by-hop ones and identity claims, plus the verified identity, request id, caller address and trace context. */
  function upstreamHeaders(request: FastifyRequest): Record<string, string | string[]> {
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
    const identity = request.identity;
    if (identity !== null) {
      headers[USER_ID] = identity.userId;
      headers[USER_ROLE] = identity.role;
    }
    headers['x-request-id'] = request.id;
    headers['x-forwarded-for'] = forwardedFor(request.socket.remoteAddress, incoming['x-forwarded-for'] as string | undefined, hops);
    injectTraceHeaders(headers, request.traceContext);
    return headers;
  }

  function forwarder(route: ServiceRoute, pool: UpstreamPool) {
    const failures = new FailureLog();
    return (request: FastifyRequest, reply: FastifyReply, dest: string): FastifyReply => {
      const url = request.url;
      const query = url.indexOf('?');
      let body: Readable | null = null;
      if (request.body instanceof Readable) {
        const limit = streamedBodyLimits.get(request.raw);
        body = limit === undefined ? request.body : limitBody(request.body, limit);
      }
      const upstream: UpstreamRequest = {
        method: request.method,
        path: query === -1 ? dest : dest + url.slice(query),
        headers: upstreamHeaders(request),
        body,
      };
      pool.forward(upstream, new ReplySink(request, reply, route, failures));
      return reply;
    };
  }

  await app.register(async (proxies) => {
    // Proxied requests log through a request logger that only becomes a pino child when a line is due.
    proxies.setChildLoggerFactory(lazyRequestLoggers(options.logLevel));
    for (const route of routeTable()) {
      const upstream = options.upstreams[route.service];
      const pool = new UpstreamPool(upstream, { connections: options.connections, timeoutMs: options.timeoutMs });
      pools.push(pool);
      await proxies.register(httpProxy, {
        upstream,
        prefix: API_PREFIX,
        routes: proxyRoutePatterns(route),
        handler: forwarder(route, pool),
        // http-proxy still registers reply-from; it is not used, so it needs no pool of its own.
        undici: { connections: 1 },
        disableRequestLogging: true,
      });
    }
  });
}
