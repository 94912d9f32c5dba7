import type { Redis } from '@planner/service-kit';
import { emailHash } from '../domain/secrets.js';
import type { AttemptLimit } from '../domain/sessions.js';

/** One attempt counted: how many in this window, whether that is over the limit, and the seconds until the window ends. */
export interface CountedAttempt {
  count: number;
  over: boolean;
  resetIn: number;
}

/**
 * Counts one attempt under `key` in a fixed window that starts with the first
 * attempt (resends, reset mails, password guesses per account). Atomic: two
 * attempts at once never both see the same count.
 */
export async function countAttempt(redis: Redis, key: string, limit: AttemptLimit): Promise<CountedAttempt> {
  const replies = (await redis.multi().incr(key).expire(key, limit.windowSeconds, 'NX').ttl(key).exec()) ?? [];
  const count = Number(replies[0]?.[1]);
  return { count, over: count > limit.attempts, resetIn: Math.max(Number(replies[2]?.[1]), 0) };
}

/** The keys of the per-e-mail counters, hashed so that no address sits in Redis. */
export const attemptKeys = {
  resend: (email: string) => `resend:${emailHash(email)}`,
  resetMail: (email: string) => `reset-mail:${emailHash(email)}`,
  loginFailures: (email: string) => `login-failures:${emailHash(email)}`,
};
