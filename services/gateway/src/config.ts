import { z } from 'zod';
import { SERVICE_NAMES, SERVICES, type ServiceName } from '@planner/contracts';
import { serviceConfigSchema } from '@planner/service-kit';

/** `auth` → `AUTH_URL`: the variable naming a service's base URL. */
export type UpstreamVariable = `${Uppercase<ServiceName>}_URL`;
export const upstreamVariable = (service: ServiceName) => `${service.toUpperCase()}_URL` as UpstreamVariable;

/** One base URL, or a replica's each, comma-separated. */
const upstreamList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.string().url()).min(1, 'at least one URL'));

const upstreamUrls = Object.fromEntries(
  SERVICE_NAMES.map((service) => [upstreamVariable(service), upstreamList(`http://127.0.0.1:${SERVICES[service].port}`)]),
) as Record<UpstreamVariable, ReturnType<typeof upstreamList>>;

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const MiB = 1024 * 1024;

/** The gateway's environment (ARCHITECTURE §1; issue 2 item 5). */
export const configSchema = serviceConfigSchema(8080, {
  /**
   * AUTH_URL … NOTIFICATIONS_URL: where each service listens; several replicas'
   * URLs comma-separated (`http://a:4001,http://b:4101`), over which requests are spread.
   */
  ...upstreamUrls,
  /** The built frontend (frontend/shell/dist), served at / with the SPA fallback; a placeholder page when unset. */
  FRONTEND_DIST: z.string().optional(),
  /** Origins allowed to call the API from a browser, comma-separated; empty means same origin only. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  /**
   * Proxies in front of the gateway whose X-Forwarded-For is believed (0: none,
   * the socket address is the caller). Rate limits key anonymous callers by it.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** General limit: requests per caller (user id, else IP) per window. */
  RATE_LIMIT_MAX: count(600),
  RATE_LIMIT_WINDOW_SECONDS: count(60),
  /** Stricter limit on POST /api/auth/login, /register and /reset-password: per endpoint, caller and account (the e-mail given). */
  AUTH_RATE_LIMIT_MAX: count(10),
  /** The same endpoints per caller over all accounts: room for an office behind one address, not for spraying. */
  AUTH_RATE_LIMIT_ADDRESS_MAX: count(100),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /** POST /api/payments/webhook, per caller, instead of the general limit: Stripe sends bursts from few addresses; billing checks each signature. */
  WEBHOOK_RATE_LIMIT_MAX: count(12_000),
  WEBHOOK_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /**
   * Largest request body (bytes) in general, and on the media upload routes: a
   * 300 MB video (part 2 §5; 300 MiB too) with the rest of its multipart form.
   */
  BODY_LIMIT_BYTES: count(1 * MiB),
  UPLOAD_BODY_LIMIT_BYTES: count(320 * MiB),
  /**
   * Time a client has to send its whole request once it started (ms), in general
   * and on the upload routes: 5 minutes (Node's default) for a small body, an hour
   * for a 300 MB video on a slow line (83 KB/s). Past it: 408.
   */
  REQUEST_TIMEOUT_MS: count(300_000),
  UPLOAD_REQUEST_TIMEOUT_MS: count(3_600_000),
  /** Per-service time-out of /api/health and of fetching API documents. */
  HEALTH_TIMEOUT_MS: count(3000),
  /**
   * How often each replica of a service with several is probed on /health (ms):
   * a draining one must be out before it stops listening (the kit's
   * SHUTDOWN_DRAIN_DELAY_MS, 2 s, leaves room for one probe and its answer).
   */
  UPSTREAM_HEALTH_INTERVAL_MS: count(1000),
  /**
   * static: the *_URL addresses are the replicas (npm start's list). dns: each
   * URL's host name is looked up every UPSTREAM_DISCOVERY_INTERVAL_MS and each
   * address it has is a replica on the URL's port (Kubernetes: a headless
   * Service, one record per ready pod; docs/decisions/replicas.md).
   */
  UPSTREAM_DISCOVERY: z.enum(['static', 'dns']).default('static'),
  UPSTREAM_DISCOVERY_INTERVAL_MS: count(5000),
  /** How long the merged API document is reused. */
  DOCS_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** /api/logs/{name} returns at most this many bytes: the end of a larger file. */
  LOG_READ_MAX_BYTES: count(5 * MiB),
  /**
   * Time an upstream has to start answering once the request's body is sent (ms);
   * AI generation can be slow. While a body still flows it runs only when the
   * service stops reading it, so a slow upload is not cut.
   */
  UPSTREAM_TIMEOUT_MS: count(120_000),
  /** Keep-alive connections per upstream service. */
  UPSTREAM_CONNECTIONS: count(128),
  /** Reported by /api/version; the root package.json's version when unset. */
  APP_VERSION: z.string().optional(),
});
export type GatewayConfig = z.infer<typeof configSchema>;

/** The base URLs of every service (one per replica), from the config. */
export function upstreamsOf(config: GatewayConfig): Record<ServiceName, readonly string[]> {
  return Object.fromEntries(SERVICE_NAMES.map((service) => [service, config[upstreamVariable(service)]])) as Record<ServiceName, string[]>;
}
