import { createServer as createHttpServer } from 'node:http';
import cors from '@fastify/cors';
import { createServer, type App } from '@planner/service-kit';
import { upstreamsOf } from './config.js';
import type { GatewayContext } from './context.js';
import { forPath, hasBody } from './domain/upload-routes.js';
import { createGate, installGate } from './routes/gate.js';
import { createProxy } from './routes/proxy.js';
import { measureProxied } from './routes/proxy-metrics.js';
import { timeRequest } from './routes/request-timeout.js';

/**
 * Security headers of API answers (JSON, never rendered as a page): no
 * sniffing, a CSP that allows nothing and no framing (OWASP REST guidance),
 * no cross-origin embedding. Pages get helmet's full set, HSTS included in
 * production (a browser needs it from one answer, not from every API call).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
};

/** The path of a request's URL, without its query. */
const pathOf = (url = '/') => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Headers a browser page on another allowed origin may read (rate-limit state, tracing). */
const EXPOSED_HEADERS = ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-trace-id', 'x-request-id'];

/**
 * The gateway's HTTP server, before its own routes are added: the kit's server
 * (error format, tracing, GET /health of its own Redis and NATS) with the
 * proxy to every service in front of it, CORS and security headers, and the
 * request gate (body size, token, rate limit) on everything.
 */
export async function createGatewayServer(ctx: GatewayContext, { description }: { description: string }): Promise<App> {
  const { config, logger } = ctx;
  const gate = createGate({
    verifier: ctx.verifier,
    store: ctx.adapters.rateLimitStore,
    rateLimits: {
      general: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
      auth: { max: config.AUTH_RATE_LIMIT_MAX, addressMax: config.AUTH_RATE_LIMIT_ADDRESS_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS },
      webhook: { max: config.WEBHOOK_RATE_LIMIT_MAX, windowSeconds: config.WEBHOOK_RATE_LIMIT_WINDOW_SECONDS },
    },
    bodyLimits: { general: config.BODY_LIMIT_BYTES, upload: config.UPLOAD_BODY_LIMIT_BYTES },
    trustedProxyHops: config.TRUSTED_PROXY_HOPS,
    logger,
  });
  const requestTimeouts = { general: config.REQUEST_TIMEOUT_MS, upload: config.UPLOAD_REQUEST_TIMEOUT_MS };
  const proxy = createProxy({
    upstreams: upstreamsOf(config),
    connections: config.UPSTREAM_CONNECTIONS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    health: { intervalMs: config.UPSTREAM_HEALTH_INTERVAL_MS, timeoutMs: config.HEALTH_TIMEOUT_MS },
    discovery: config.UPSTREAM_DISCOVERY === 'dns' ? { lookup: ctx.adapters.lookupHost, intervalMs: config.UPSTREAM_DISCOVERY_INTERVAL_MS } : undefined,
    trustedProxyHops: config.TRUSTED_PROXY_HOPS,
    gate,
    securityHeaders: API_SECURITY_HEADERS,
    cors: { origins: config.CORS_ORIGINS, exposedHeaders: EXPOSED_HEADERS },
    logger,
  });

  const proxied = measureProxied(ctx.metrics);
  // No verifier here: the gate checks tokens itself (the refresh call carries a refresh token).
  const app = await createServer({
    name: ctx.name,
    logger,
    health: ctx.health,
    bodyLimit: config.BODY_LIMIT_BYTES,
    description,
    metrics: ctx.metrics,
    // Requests for a service go straight to the proxy; Fastify answers the rest. Node's
    // requestTimeout is one value for every route: off, and a body is timed per route instead
    // (headers stay under Node's headersTimeout).
    serverFactory: (handler) =>
      createHttpServer({ requestTimeout: 0 }, (request, response) => {
        const startedAt = performance.now();
        if (hasBody(request.headers)) timeRequest(request, response, forPath(pathOf(request.url), requestTimeouts));
        if (proxy.handle(request, response)) proxied(request, response, startedAt);
        else handler(request, response);
      }),
  });
  app.addHook('preClose', async () => proxy.stop());
  app.addHook('onClose', async () => proxy.close());

  if (config.CORS_ORIGINS.length > 0) {
    await app.register(cors, {
      origin: config.CORS_ORIGINS,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    });
  }
  installGate(app, gate, API_SECURITY_HEADERS);
  return app;
}
