import helmet from '@fastify/helmet';
import type { App } from '@planner/service-kit';
import { upstreamsOf } from '../config.js';
import type { GatewayContext } from '../context.js';
import { resolveVersion } from '../version.js';
import { registerDocsRoutes } from './docs.js';
import { registerFrontend } from './frontend.js';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * Pages: the API docs (/api/docs) and the frontend. They get helmet's full set
 * of headers with a CSP fit for the SPA; helmet builds its middleware per
 * request, so the API routes get a fixed set from the gate instead.
 */
export async function pageRoutes(pages: App, { ctx }: { ctx: GatewayContext }): Promise<void> {
  const { config, logger } = ctx;
  const production = config.NODE_ENV === 'production';
  const upstreams = upstreamsOf(config);
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
  const version = resolveVersion(config.APP_VERSION);
  await registerDocsRoutes(pages, { upstreams, version, timeoutMs: config.HEALTH_TIMEOUT_MS, cacheSeconds: config.DOCS_CACHE_SECONDS });
  const frontend = await registerFrontend(pages, { dist: config.FRONTEND_DIST, logger });
  logger.debug({ frontend, upstreams }, 'gateway routes ready');
}
