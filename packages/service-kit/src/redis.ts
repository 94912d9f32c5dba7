import { Redis } from 'ioredis';

export { Redis };

/** An ioredis client; `keyPrefix` keeps a service's (or a test's) keys apart. */
export function createRedis(url: string, keyPrefix = ''): Redis {
  return new Redis(url, { keyPrefix, maxRetriesPerRequest: 2, enableAutoPipelining: true });
}
