import type { Redis } from '@planner/service-kit';
import type { RateWindow } from '../adapters/platforms/index.js';

/**
 * Takes one publish from every window of a connection at once, or none: a
 * sorted set per window holds the times of the publishes in it. Answers 0
 * when taken, else the milliseconds until the fullest window frees a slot.
 * KEYS: one per window; ARGV: now, a unique member, then limit and length per window.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + i * 2])
  local window = tonumber(ARGV[2 + i * 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    local free = tonumber(oldest[2]) + window - now
    if free > wait then wait = free end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, tonumber(ARGV[2 + i * 2]))
end
return 0`;

interface RateCommands {
  schedulerRateTake(...args: Array<string | number>): Promise<number>;
}

function commands(redis: Redis): RateCommands {
  const client = redis as unknown as Partial<RateCommands>;
  if (!client.schedulerRateTake) redis.defineCommand('schedulerRateTake', { lua: TAKE });
  return redis as unknown as RateCommands;
}

/**
 * Takes a slot of the connection's publish budgets (`connection`: platform
 * and organization), so a burst waits instead of being refused by the
 * platform. Answers 0, or how long to wait before asking again.
 */
export async function takePublishSlot(redis: Redis, connection: string, windows: readonly RateWindow[], member: string, now = Date.now()): Promise<number> {
  if (windows.length === 0) return 0;
  const keys = windows.map((window) => `rate:${connection}:${window.scope ?? '*'}:${window.windowMs}`);
  const args = windows.flatMap((window) => [window.limit, window.windowMs]);
  return commands(redis).schedulerRateTake(keys.length, ...keys, now, member, ...args);
}
