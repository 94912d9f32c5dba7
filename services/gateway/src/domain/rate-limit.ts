import { hash } from 'node:crypto';
import type { Identity } from '@planner/contracts';

export interface RateLimitSettings {
  /** Per caller, on every metered request. */
  general: { max: number; windowSeconds: number };
  /**
   * On the credential endpoints, per endpoint: `max` per client address and
   * account (the e-mail given), so a team behind one address is not refused
   * after ten logins between them; `addressMax` per address whatever the
   * account, against spraying. Counted by address even with a token: a token
   * is anyone's for the price of a sign-up, and would give a fresh bucket.
   */
  auth: { max: number; addressMax: number; windowSeconds: number };
  /**
   * On a provider's webhook (Stripe's), per caller, instead of the general
   * limit: a provider sends bursts from few addresses, and the service checks
   * each request's signature before anything else.
   */
  webhook: { max: number; windowSeconds: number };
}

/** One counter in the store: a fixed window of `windowMs` allowing `max` requests. */
export interface Bucket {
  key: string;
  max: number;
  windowMs: number;
}

/** The counter's value after this request and the time left in its window. */
export interface BucketState {
  count: number;
  ttlMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Of the bucket that decided: the one that refused, else the one with least room. */
  limit: number;
  remaining: number;
  /** Seconds until that bucket's window ends. */
  resetSeconds: number;
}

/**
 * The credential endpoints with a stricter limit (POST only). `/auth/reset-password`
 * is the request for a reset link; `/auth/reset-password/{token}` is not limited here.
 */
const STRICT_ENDPOINTS: Record<string, string> = {
  '/api/auth/login': 'login',
  '/api/auth/register': 'register',
  '/api/auth/reset-password': 'reset',
};

/** Webhooks of outside providers: counted in a bucket of their own (see RateLimitSettings.webhook). */
const WEBHOOK_ENDPOINTS = new Set(['/api/payments/webhook']);

/** The caller the general limit counts against: the user when authenticated, else the client address. */
export function callerKey(identity: Identity | null, ip: string): string {
  return identity ? `u:${identity.userId}` : addressKey(ip);
}

/** The client address as a bucket's caller: what the credential limits count by, token or not. */
export function addressKey(ip: string): string {
  return `ip:${ip}`;
}

/** The strict endpoint a request hits (`login`, `register`, `reset`), if any. */
export function strictEndpoint(method: string, path: string): string | undefined {
  if (method !== 'POST') return undefined;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return STRICT_ENDPOINTS[trimmed];
}

/**
 * The account a credential request names: its JSON body's `email`, trimmed and
 * lower-cased as auth compares them, hashed so that no address sits in Redis.
 * Undefined when the body names none (it then counts as one account: none).
 */
export function accountOf(body: Buffer | undefined): string | undefined {
  if (!body || body.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const email = (parsed as { email?: unknown } | null)?.email;
  if (typeof email !== 'string' || email.trim() === '') return undefined;
  return hash('sha256', email.trim().toLowerCase(), 'base64url').slice(0, 22);
}

/** Who a request is counted as: see bucketsFor. */
export interface Counted {
  /** The general limit's caller (callerKey). */
  caller: string;
  /** The client address (addressKey): what the credential limits count by. */
  address: string;
  /** The account a credential request names (accountOf). */
  account?: string;
}

/**
 * The buckets a request counts against: the general one (per caller), plus on
 * a credential endpoint one per address and account and the address's
 * ceiling over all accounts.
 */
export function bucketsFor(method: string, path: string, { caller, address, account }: Counted, settings: RateLimitSettings): Bucket[] {
  if (method === 'POST' && WEBHOOK_ENDPOINTS.has(path)) return [{ key: `rl:webhook:${caller}`, max: settings.webhook.max, windowMs: settings.webhook.windowSeconds * 1000 }];
  const general: Bucket = { key: `rl:all:${caller}`, max: settings.general.max, windowMs: settings.general.windowSeconds * 1000 };
  const endpoint = strictEndpoint(method, path);
  if (!endpoint) return [general];
  const windowMs = settings.auth.windowSeconds * 1000;
  return [
    general,
    { key: `rl:${endpoint}:${address}:${account ?? '-'}`, max: settings.auth.max, windowMs },
    { key: `rl:${endpoint}:${address}`, max: settings.auth.addressMax, windowMs },
  ];
}

/** Allowed unless a bucket went over its maximum; the headers describe the tightest bucket. */
export function decide(buckets: readonly Bucket[], states: readonly BucketState[]): RateLimitDecision {
  let refused: RateLimitDecision | undefined;
  let tightest: RateLimitDecision | undefined;
  for (let i = 0; i < buckets.length; i++) {
    const bucket = buckets[i]!;
    const state = states[i] ?? { count: 0, ttlMs: bucket.windowMs };
    const resetSeconds = Math.max(1, Math.ceil((state.ttlMs > 0 ? state.ttlMs : bucket.windowMs) / 1000));
    const remaining = Math.max(0, bucket.max - state.count);
    if (state.count > bucket.max) {
      if (!refused || resetSeconds > refused.resetSeconds) refused = { allowed: false, limit: bucket.max, remaining: 0, resetSeconds };
    } else if (!tightest || remaining < tightest.remaining) {
      tightest = { allowed: true, limit: bucket.max, remaining, resetSeconds };
    }
  }
  return refused ?? tightest ?? { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
}

/**
 * Buckets known to be full until their window ends, in the gateway's memory.
 * A fixed window that has reached its maximum refuses everything until it
 * ends, so a caller at or over a limit is refused here without a trip to the
 * store, and a request is never forwarded once its caller is known to be out.
 */
export class ExhaustedBuckets {
  private readonly full = new Map<string, { until: number; limit: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  /** The refusal for these buckets when one of them is full at `now`. */
  check(buckets: readonly Bucket[], now: number): RateLimitDecision | undefined {
    for (const bucket of buckets) {
      const entry = this.full.get(bucket.key);
      if (!entry) continue;
      if (entry.until > now) return { allowed: false, limit: entry.limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil((entry.until - now) / 1000)) };
      this.full.delete(bucket.key);
    }
    return undefined;
  }

  /** Learns from the store's answer: a bucket with no room left is full until its window ends. */
  record(buckets: readonly Bucket[], states: readonly BucketState[], now: number): void {
    for (let i = 0; i < buckets.length; i++) {
      const bucket = buckets[i]!;
      const state = states[i];
      if (!state || state.count < bucket.max) continue;
      this.full.set(bucket.key, { until: now + (state.ttlMs > 0 ? state.ttlMs : bucket.windowMs), limit: bucket.max });
      // Bounded: the oldest entries go first (a Map iterates in insertion order).
      if (this.full.size > this.maxEntries) this.full.delete(this.full.keys().next().value!);
    }
  }

  get size(): number {
    return this.full.size;
  }
}

/**
 * The caller's address. With no trusted proxy in front the socket's peer is the
 * caller and any X-Forwarded-For is the caller's own claim, ignored. With `hops`
 * trusted proxies, the address the outermost of them saw.
 */
export function clientIp(socketAddress: string | undefined, forwardedFor: string | undefined, hops: number): string {
  const peer = socketAddress ?? 'unknown';
  if (hops === 0 || !forwardedFor) return peer;
  const chain = forwardedFor.split(',');
  const index = Math.max(0, chain.length - hops);
  return chain[index]!.trim() || peer;
}

/** The X-Forwarded-For the services get: the trusted chain plus the peer, never a client's own claim. */
export function forwardedFor(socketAddress: string | undefined, incoming: string | undefined, hops: number): string {
  const peer = socketAddress ?? 'unknown';
  if (hops === 0 || !incoming) return peer;
  const chain = incoming.split(',').map((part) => part.trim());
  return [...chain.slice(Math.max(0, chain.length - hops)), peer].join(', ');
}
