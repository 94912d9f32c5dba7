import { EventBus, followRevocations, Redis, TokenVerifier, type HealthCheck, type Logger, type TokenVerifierOptions } from '@planner/service-kit';
import type { GatewayConfig } from '../config.js';

/**
 * What the gateway runs on. It has no database: Redis (rate limits), the bus
 * (revocations reach the token cache) and the token verifier.
 */
export interface GatewayContext {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  bus: EventBus;
  verifier: TokenVerifier;
  /** The gateway's own dependencies, for its GET /health and /api/health. */
  health: Record<string, HealthCheck>;
}

export interface ConnectOptions {
  /** Key prefix of rate-limit counters; tests isolate themselves with their own. */
  redisPrefix?: string;
  /** Subject namespace on NATS (tests). */
  namespace?: string;
  /** A local key set instead of the auth service's JWKS_URL (tests, the benchmark). */
  jwks?: Exclude<TokenVerifierOptions['jwks'], string>;
  /** How long to wait for Redis before serving anyway (rate limits then fail open until it is back). */
  redisReadyTimeoutMs?: number;
}

/**
 * A Redis client for the request path: commands fail at once while Redis is
 * unreachable (no offline queue) and never hold a request longer than
 * `commandTimeout`, so a Redis outage costs rate limiting, not availability.
 */
export function createGatewayRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    lazyConnect: false,
  });
}

function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

/** Connects Redis and NATS, builds the verifier and subscribes it to session revocations. */
export async function connectGateway(config: GatewayConfig, logger: Logger, options: ConnectOptions = {}): Promise<GatewayContext> {
  const redis = createGatewayRedis(config.REDIS_URL, options.redisPrefix ?? 'gateway:');
  // ioredis reports connection errors as events; without a listener they would be "unhandled".
  let lastRedisError = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastRedisError > 10_000) logger.warn({ err: error }, 'redis unavailable: rate limits are not enforced until it is back');
    lastRedisError = Date.now();
  });
  if (!(await waitForRedis(redis, options.redisReadyTimeoutMs ?? 5000))) {
    logger.warn({ url: config.REDIS_URL }, 'redis is not reachable yet: serving without rate limits until it is');
  }
  const bus = await EventBus.connect({ url: config.NATS_URL, name: 'gateway', namespace: options.namespace, logger }).catch(async (error) => {
    redis.disconnect();
    throw error;
  });
  const verifier = followRevocations(bus, new TokenVerifier({ jwks: options.jwks ?? config.JWKS_URL }), logger);
  return {
    config,
    logger,
    redis,
    bus,
    verifier,
    health: {
      redis: () => redis.ping(),
      nats: () => bus.ping(),
    },
  };
}

export async function disconnectGateway(ctx: GatewayContext): Promise<void> {
  await ctx.bus.close();
  ctx.redis.disconnect();
}
