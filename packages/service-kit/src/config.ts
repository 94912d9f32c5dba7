import path from 'node:path';
import { z } from 'zod';

/** The environment every service reads; a service extends it with its own keys. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/planner'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  LOG_DIR: z.string().default(path.resolve(process.cwd(), '../../logs')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `off`: no metrics are recorded and none served. */
  METRICS: z.enum(['on', 'off']).default('on'),
  /** Serves GET /metrics on a port of its own (kept off the service's HTTP port, which may be public); unset: on the HTTP port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The public address of the app: links in e-mails and OAuth redirects point here. */
  APP_URL: z.string().url().default('http://localhost:8080'),
  /** Where the auth service publishes the public keys of access tokens; several auth replicas' comma-separated, tried in turn. */
  JWKS_URL: z
    .string()
    .default('http://127.0.0.1:4001/.well-known/jwks.json')
    .refine((value) => value.split(',').every((url) => URL.canParse(url.trim())), 'Invalid URL'),
  /**
   * Runs this deployment beside others on the same Postgres, Redis and NATS:
   * prefixes the schema, Redis keys and NATS subjects and streams.
   */
  NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,30}$/, 'lowercase letters, digits and underscores, starting with a letter')
    .optional(),
  /** OTLP/HTTP collector for traces; none means spans are not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /**
   * On SIGTERM, how long GET /health answers 503 "draining" while requests are
   * still served (ms), so that the gateway (or a load balancer) takes this
   * replica out before it stops listening; the gateway probes every second.
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** Then, how long in-flight HTTP requests and NATS request handlers have to finish (ms) before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

const platformApi = (real: string) => z.string().url().default(real);
const apiVersion = (current: string) => z.string().regex(/^v\d+\.\d+$/, 'a version such as v27.0').default(current);

/**
 * The platforms' API origins: the real ones by default, a local stand-in's in
 * tests. Organizations calls them to connect, the scheduler to publish.
 */
export const platformApiConfigShape = {
  X_API_URL: platformApi('https://api.x.com'),
  FACEBOOK_GRAPH_URL: platformApi('https://graph.facebook.com'),
  /**
   * Meta's Graph API version, for Facebook (Graph and Login) and Instagram alike: v27.0 came out on 2026-11-04
   * and is served until two years after the next one (developers.facebook.com/docs/graph-api/changelog).
   * How to move: docs/decisions/publishing.md, "Meta".
   */
  META_GRAPH_VERSION: apiVersion('v27.0'),
  INSTAGRAM_GRAPH_URL: platformApi('https://graph.instagram.com'),
  THREADS_GRAPH_URL: platformApi('https://graph.threads.net'),
  /** The Threads API's own version (graph.threads.net/v1.0), not Graph's. */
  THREADS_API_VERSION: apiVersion('v1.0'),
  YOUTUBE_API_URL: platformApi('https://www.googleapis.com'),
  /** Where Google's OAuth tokens are refreshed (the YouTube client asks it itself). */
  YOUTUBE_TOKEN_URL: platformApi('https://oauth2.googleapis.com/token'),
  LINKEDIN_API_URL: platformApi('https://api.linkedin.com'),
  TIKTOK_API_URL: platformApi('https://open.tiktokapis.com'),
  TELEGRAM_API_URL: platformApi('https://api.telegram.org'),
};

/** A service's config schema: the base keys plus its own, with its default port. */
export function serviceConfigSchema<S extends z.ZodRawShape>(defaultPort: number, extra: S) {
  return baseConfigSchema.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort), ...extra });
}

/** The development values of secrets (see developmentSecret), with what leaving one in production lets anyone forge. */
const developmentSecrets = new Map<string, string>();

/**
 * A signing key with a development default, so a fresh clone runs with no setup.
 * Anyone who reads the source knows that default: a service started in
 * production with it says so (developmentSecretWarnings), naming the `risk`.
 */
export function developmentSecret(developmentValue: string, risk: string) {
  developmentSecrets.set(developmentValue, risk);
  return z.string().min(16).default(developmentValue);
}

/** In production, a warning for each setting of `config` still at its development secret. */
export function developmentSecretWarnings(config: { NODE_ENV: string } & Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return Object.entries(config).flatMap(([name, value]) => {
    const risk = typeof value === 'string' ? developmentSecrets.get(value) : undefined;
    return risk ? [`${name} is the development default: ${risk}; set a random value`] : [];
  });
}

/** A service's Postgres schema: its name, inside NAMESPACE when one is set (a test run, a second `npm start`). */
export function serviceSchema(service: string, namespace: string | undefined): string {
  return namespace ? `${namespace}_${service}` : service;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment against a schema, failing fast with every bad or missing variable named. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  // An empty variable means "not set": `FOO=` in a .env file must not defeat a default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return cleaned[name] === undefined ? `${name} is required but not set` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
