import type { Redis } from '@planner/service-kit';
import type { RateWindow } from '../adapters/platforms/index.js';

/**
 * Takes a publish's cost (1, or as many messages as a Telegram album holds)
 * from every window of a connection at once, or nothing: a sorted set per
 * window holds one entry per slot used. Answers 0 when taken, else the
 * milliseconds until the fullest window frees enough slots. A cost above a
 * window's limit takes the whole window, so it waits for an empty one instead
 * of forever.
 * KEYS: one per window; ARGV: now, a unique member, then limit, length and cost per window.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 3])
  local window = tonumber(ARGV[1 + i * 3])
  local cost = math.min(tonumber(ARGV[2 + i * 3]), limit)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local over = redis.call('ZCARD', key) + cost - limit
  if over > 0 then
    local freeing = redis.call('ZRANGE', key, over - 1, over - 1, 'WITHSCORES')
    local free = tonumber(freeing[2]) + window - now
    if free > wait then wait = free end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local cost = math.min(tonumber(ARGV[2 + i * 3]), tonumber(ARGV[i * 3]))
  redis.call('ZADD', key, now, ARGV[2])
  for n = 2, cost do redis.call('ZADD', key, now, ARGV[2] .. '#' .. n) end
  redis.call('PEXPIRE', key, tonumber(ARGV[1 + i * 3]))
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
  const args = windows.flatMap((window) => [window.limit, window.windowMs, window.cost ?? 1]);
  return commands(redis).schedulerRateTake(keys.length, ...keys, now, member, ...args);
}
