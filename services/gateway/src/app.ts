import { createServer as createHttpServer } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { createServer, type App, type HealthCheck, type Logger, type Redis, type TokenVerifier } from '@planner/service-kit';
import { upstreamsOf, type GatewayConfig } from './config.js';
import { RedisRateLimitStore, type RateLimitStore } from './adapters/rate-limit-store.js';
import { registerDocsRoutes } from './routes/docs.js';
import { registerFrontend } from './routes/frontend.js';
import { createGate, installGate } from './routes/gate.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerLogRoutes } from './routes/logs.js';
import { createProxy } from './routes/proxy.js';
import { registerVersionRoute } from './routes/version.js';
import { resolveVersion } from './version.js';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  verifier: TokenVerifier;
  /** The gateway's own dependency checks (Redis, NATS). */
  health: Record<string, HealthCheck>;
  /** Where rate-limit counters live; Redis unless a test gives another. */
  rateLimitStore?: RateLimitStore;
}

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

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/** Headers a browser page on another allowed origin may read (rate-limit state, tracing). */
const EXPOSED_HEADERS = ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-trace-id', 'x-request-id'];

/**
 * The gateway: the kit's server (error format, tracing, GET /health of its own
 * Redis and NATS) with CORS and security headers, the request gate (body size,
 * token, rate limit), the proxy to every service, /api/health, /api/version,
 * /api/logs, /api/docs, and the frontend. Only main.ts listens.
 */
export async function buildGateway(deps: GatewayDeps): Promise<App> {
  const { config, logger } = deps;
  const upstreams = upstreamsOf(config);
  const version = resolveVersion(config.APP_VERSION);
  const production = config.NODE_ENV === 'production';

  const gate = createGate({
    verifier: deps.verifier,
    store: deps.rateLimitStore ?? new RedisRateLimitStore(deps.redis),
    rateLimits: {
      general: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
      auth: { max: config.AUTH_RATE_LIMIT_MAX, addressMax: config.AUTH_RATE_LIMIT_ADDRESS_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    },
    bodyLimits: { general: config.BODY_LIMIT_BYTES, upload: config.UPLOAD_BODY_LIMIT_BYTES },
    trustedProxyHops: config.TRUSTED_PROXY_HOPS,
    logger,
  });
  const proxy = createProxy({
    upstreams,
    connections: config.UPSTREAM_CONNECTIONS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    trustedProxyHops: config.TRUSTED_PROXY_HOPS,
    gate,
    securityHeaders: API_SECURITY_HEADERS,
    cors: { origins: config.CORS_ORIGINS, exposedHeaders: EXPOSED_HEADERS },
    logger,
  });

  // No verifier here: the gate checks tokens itself (the refresh call carries a refresh token).
  const app = await createServer({
    name: 'gateway',
    logger,
    health: deps.health,
    bodyLimit: config.BODY_LIMIT_BYTES,
    description: 'The public entry: routes /api/** to the services.',
    // Requests for a service go straight to the proxy; Fastify answers the rest.
    serverFactory: (handler) =>
      createHttpServer((request, response) => {
        if (!proxy.handle(request, response)) handler(request, response);
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

  registerHealthRoutes(app, { upstreams, checks: deps.health, timeoutMs: config.HEALTH_TIMEOUT_MS });
  registerVersionRoute(app, version);
  registerLogRoutes(app, { logDir: config.LOG_DIR, maxReadBytes: config.LOG_READ_MAX_BYTES });

  // Pages (the frontend, the docs UI) get helmet's full set with a CSP fit for the SPA. Helmet
  // builds its middleware per request, so the API routes get a fixed set from the gate instead.
  await app.register(async (pages) => {
    await pages.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          // The security check (Cloudflare Turnstile) and Google sign-in load their scripts and frames
          // from their own origins, as their documentation lists them.
          scriptSrc: ["'self'", TURNSTILE_ORIGIN, `${GOOGLE_SIGN_IN}client`],
          frameSrc: [TURNSTILE_ORIGIN, GOOGLE_SIGN_IN],
          // React and module federation set inline styles; no inline script is allowed.
          styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
          // Generated and published media come from the platforms' and OpenAI's CDNs.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", GOOGLE_SIGN_IN, ...config.CORS_ORIGINS],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Media of other origins is embedded without CORP headers.
      crossOriginEmbedderPolicy: false,
      hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    const typed = pages as unknown as App;
    await registerDocsRoutes(typed, { upstreams, version, timeoutMs: config.HEALTH_TIMEOUT_MS, cacheSeconds: config.DOCS_CACHE_SECONDS });
    const frontend = await registerFrontend(typed, { dist: config.FRONTEND_DIST, logger });
    logger.debug({ frontend, upstreams }, 'gateway routes ready');
  });
  return app;
}
