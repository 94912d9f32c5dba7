/**
 * How a platform refused or failed, which decides what the worker does next:
 * - `transient`: a server error, a timeout, the network: retried with back-off.
 *   Thrown from inside `steps.create`, it leaves the outcome unknown: the next
 *   attempt checks with the platform before anything is re-sent.
 * - `rate_limited`: waits `retryAfterMs` (the platform's retry-after or reset),
 *   without using up an attempt; nothing was created.
 * - `auth`: the token was refused (expired, revoked): the worker asks for fresh
 *   credentials once, then fails for good; nothing was created.
 * - `permanent`: the platform refused the content or the request: failed for
 *   good, with `message` (the platform's reason, readable by the user) shown.
 *
 * After the create call, any error leaves the post possibly live (checked
 * again, then in doubt), unless the platform itself said the create made
 * nothing (`nothingCreated`: TikTok ended the publish FAILED): then the error
 * counts as if no create had been sent.
 */
export type PlatformErrorKind = 'transient' | 'rate_limited' | 'auth' | 'permanent';

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly options: { retryAfterMs?: number; status?: number; cause?: unknown; nothingCreated?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'PlatformError';
  }

  get retryAfterMs(): number | undefined {
    return this.options.retryAfterMs;
  }
}

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds from now, if present and sensible. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A reset time in Unix seconds (X's `x-rate-limit-reset`) in milliseconds from now. */
export function resetAtMs(unixSeconds: string | null | undefined, now = Date.now()): number | undefined {
  const seconds = Number(unixSeconds);
  return unixSeconds && Number.isFinite(seconds) ? Math.max(0, seconds * 1000 - now) : undefined;
}

/**
 * The kind an HTTP status means when the platform's body says nothing more
 * specific: 429 rate limited, 401 auth, other 4xx permanent, 5xx transient.
 * Adapters refine it from the platform's error codes (Graph's code 4/17/32/613 are rate limits, etc.).
 */
export function kindOfStatus(status: number): PlatformErrorKind {
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'auth';
  if (status >= 500 || status === 408) return 'transient';
  return 'permanent';
}

/** A fetch that failed before any answer (refused, reset, timed out) is transient. */
export function networkError(platform: string, error: unknown): PlatformError {
  return new PlatformError('transient', `${platform} could not be reached. It will be tried again.`, { cause: error });
}
