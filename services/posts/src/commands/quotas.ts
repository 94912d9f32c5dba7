import { PostMessages } from '@planner/contracts';
import { HttpError, type Redis } from '@planner/service-kit';
import { quotaDay, resetText, type GenerationKind } from '../domain/quotas.js';

/**
 * Takes one unit if the count stays within the limit, in one step, so that
 * concurrent generations never pass the limit together. The key lives until
 * the day's end (ARGV[2], ms since the epoch; ARGV[3] is now), never less:
 * an owner's organizations in other zones share the date's key and end it
 * at their own midnights, and the latest one keeps it (a key that lost its
 * expiry gets one again). 1: taken, 0: none left.
 */
const TAKE = `
local used = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) - tonumber(ARGV[3]) then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
if used > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return 0
end
return 1
`;

/** Gives a unit back; once the day's key has expired there is nothing to give back to. */
const GIVE_BACK = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end
return 0
`;

interface QuotaCommands {
  postsQuotaTake(key: string, limit: number, expiresAt: number, now: number): Promise<number>;
  postsQuotaGiveBack(key: string): Promise<number>;
}

function commands(redis: Redis): QuotaCommands {
  const client = redis as unknown as Partial<QuotaCommands>;
  if (!client.postsQuotaTake) redis.defineCommand('postsQuotaTake', { numberOfKeys: 1, lua: TAKE });
  if (!client.postsQuotaGiveBack) redis.defineCommand('postsQuotaGiveBack', { numberOfKeys: 1, lua: GIVE_BACK });
  return redis as unknown as QuotaCommands;
}

/**
 * Per organization owner, kind and local date: the plan's limit covers all of
 * an owner's organizations, each counting on the date it is at
 * (decisions/posts-generation-media-publishing.md, daily quotas).
 */
export function quotaKey(ownerId: string, kind: GenerationKind, day: string): string {
  return `ai-quota:${ownerId}:${kind}:${day}`;
}

export interface DailyQuota {
  ownerId: string;
  kind: GenerationKind;
  limit: number;
  /** The organization's IANA time zone: the day ends at its midnight. */
  timeZone: string;
}

/**
 * Uses one of today's generations, or refuses with 429, the limit and when it
 * resets (and `reset` in seconds, sent as Retry-After). Answers how to give
 * the unit back when the generation fails.
 */
export async function takeGeneration(redis: Redis, quota: DailyQuota, now = new Date()): Promise<() => Promise<void>> {
  const { day, resetsAt } = quotaDay(now, quota.timeZone);
  const key = quotaKey(quota.ownerId, quota.kind, day);
  const redisCommands = commands(redis);
  if ((await redisCommands.postsQuotaTake(key, quota.limit, resetsAt.getTime(), now.getTime())) !== 1) {
    const reset = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    throw new HttpError(429, PostMessages.quotaReached(quota.kind, quota.limit, resetText(now, resetsAt, quota.timeZone)), { reset });
  }
  return async () => {
    await redisCommands.postsQuotaGiveBack(key);
  };
}
