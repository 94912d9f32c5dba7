import type { Redis } from '@planner/service-kit';
import type { Bucket, BucketState } from '../domain/rate-limit.js';

/**
 * Fixed-window counters: for each key, INCR, start the window on the first hit,
 * and report count and time left. Given the keys of many requests at once, it
 * counts each hit in order, as separate calls would.
 */
const SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl
  if count == 1 then
    redis.call('PEXPIRE', key, ARGV[i])
    ttl = tonumber(ARGV[i])
  else
    ttl = redis.call('PTTL', key)
    if ttl < 0 then
      redis.call('PEXPIRE', key, ARGV[i])
      ttl = tonumber(ARGV[i])
    end
  end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out
`;

type RateLimitCommand = (numberOfKeys: number, ...args: Array<string | number>) => Promise<number[]>;

export interface RateLimitStore {
  /** Counts one request against each bucket; null when the store cannot answer (the caller fails open). */
  hit(buckets: readonly Bucket[]): Promise<BucketState[] | null>;
}

interface Pending {
  buckets: readonly Bucket[];
  resolve: (states: BucketState[] | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Counts in Redis, one EVALSHA per turn of the event loop for all requests that
 * arrived in it: each request still costs one round trip (it waits for exactly
 * one reply), while Redis and the client do one script call for the batch
 * instead of one per request.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly command: RateLimitCommand;
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly redis: Redis) {
    if (!(redis as unknown as Record<string, unknown>).gatewayRateLimit) {
      redis.defineCommand('gatewayRateLimit', { lua: SCRIPT });
    }
    this.command = (redis as unknown as { gatewayRateLimit: RateLimitCommand }).gatewayRateLimit.bind(redis);
  }

  hit(buckets: readonly Bucket[]): Promise<BucketState[] | null> {
    if (this.redis.status !== 'ready') return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.pending.push({ buckets, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    const keys: string[] = [];
    const windows: number[] = [];
    for (const { buckets } of batch) {
      for (const bucket of buckets) {
        keys.push(bucket.key);
        windows.push(bucket.windowMs);
      }
    }
    this.command(keys.length, ...keys, ...windows).then(
      (reply) => {
        let offset = 0;
        for (const { buckets, resolve } of batch) {
          const states: BucketState[] = new Array(buckets.length);
          for (let i = 0; i < buckets.length; i++, offset += 2) states[i] = { count: reply[offset]!, ttlMs: reply[offset + 1]! };
          resolve(states);
        }
      },
      (error) => {
        for (const { reject } of batch) reject(error);
      },
    );
  };
}
