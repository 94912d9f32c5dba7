import { Redis, type RedisFactory } from '@planner/service-kit';

/** How long the gateway waits for Redis at start before serving anyway (rate limits then fail open until it is back). */
const READY_TIMEOUT_MS = 5000;

/**
 * A Redis client for the request path: commands fail at once while Redis is
 * unreachable (no offline queue) and never hold a request longer than
 * `commandTimeout`, so a Redis outage costs rate limiting, not availability.
 */
export const createGatewayRedis: RedisFactory = async ({ url, keyPrefix, logger }) => {
  const redis = new Redis(url, {
    keyPrefix,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    lazyConnect: false,
  });
  // ioredis reports connection errors as events; without a listener they would be "unhandled".
  let lastRedisError = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastRedisError > 10_000) logger.warn({ err: error }, 'redis unavailable: rate limits are not enforced until it is back');
    lastRedisError = Date.now();
  });
  if (!(await waitForRedis(redis, READY_TIMEOUT_MS))) {
    // The host only: a Redis URL may carry its password.
    logger.warn({ redis: new URL(url).host }, 'redis is not reachable yet: serving without rate limits until it is');
  }
  return redis;
};

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
