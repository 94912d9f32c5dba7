import { SharedMessages } from '@planner/contracts';

const PREFIX = 'rate_limit:';
/** Part 1 §9: the wait when the 429 names none. */
export const DEFAULT_RATE_LIMIT_SECONDS = 30;

/** Seconds to wait, from retry-after, the rate-limit reset header or the body's reset (part 1 §8). */
export function rateLimitWait(headers: Headers, body: Record<string, unknown> | null): number {
  for (const value of [headers.get('retry-after'), headers.get('x-ratelimit-reset'), body?.reset]) {
    const seconds = Number(value);
    if (value !== null && value !== undefined && Number.isFinite(seconds) && seconds > 0) return seconds;
  }
  return DEFAULT_RATE_LIMIT_SECONDS;
}

/**
 * Rate-limit state per API path (code 3015), kept in localStorage so a reload
 * does not lift the block (part 1 §4). A path is the request path without its query.
 */
export class RateLimitState {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number,
  ) {}

  block(path: string, seconds: number): number {
    const until = this.now() + seconds * 1000;
    this.storage.setItem(PREFIX + path, String(until));
    return until;
  }

  /** Seconds left on the path's block; 0 (and the entry dropped) once it has passed. */
  remaining(path: string): number {
    const until = Number(this.storage.getItem(PREFIX + path));
    if (!until) return 0;
    const left = (until - this.now()) / 1000;
    if (left <= 0) {
      this.storage.removeItem(PREFIX + path);
      return 0;
    }
    return left;
  }

  /** Seconds left on the longest active block (the notice's countdown), 0 when none. */
  longestRemaining(): number {
    const latest = this.latestEnd();
    return latest === null ? 0 : (latest - this.now()) / 1000;
  }

  /** The latest end of any active block, or null. */
  latestEnd(): number | null {
    let latest: number | null = null;
    for (let i = 0; i < this.storage.length; i += 1) {
      const key = this.storage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const until = Number(this.storage.getItem(key));
      if (until > this.now() && (latest === null || until > latest)) latest = until;
    }
    return latest;
  }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The wait in minutes and seconds ("1 minute 28 seconds", "45 seconds"), rounded up to the second. */
export function waitInMinutesAndSeconds(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

/**
 * Part 1 §8's sentence with the wait in minutes and seconds (part 1 §2's notice): the one wording of the
 * toast, the refused call's error and the notice's countdown (docs/decisions/notices.md).
 */
export function rateLimitMessage(seconds: number): string {
  return SharedMessages.rateLimited(waitInMinutesAndSeconds(seconds));
}

/** Part 1 §8, §9: the rate-limit toast shows 5 s, at most once per 5 s. */
export const RATE_LIMIT_TOAST_MS = 5000;
