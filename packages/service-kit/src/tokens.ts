import { hash } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  accessTokenClaimsSchema,
  type Identity,
} from '@planner/contracts';

/** Access tokens live minutes; none lives longer than this. */
export const MAX_ACCESS_TOKEN_LIFETIME_MS = 60 * 60_000;

export interface TokenVerifierOptions {
  /** Remote JWKS (the auth service's; several replicas' comma-separated, which serve the same keys) or a local key set (tests, tools). */
  jwks: string | JSONWebKeySet;
  /** Most verified tokens remembered; the oldest go first. */
  cacheSize?: number;
  now?: () => number;
}

interface CachedToken {
  identity: Identity;
  /** Token expiry in ms: the cache never answers past it. */
  expiresAt: number;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

/**
 * The keys to check a token by could not be had: every JWKS address was
 * unreachable, too slow or answered no key set. The token is neither good nor
 * bad: the caller must hear "try again" (503), not "log in again" (401).
 */
export class KeysUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the token signing keys could not be fetched: ${(cause as Error).message}`, { cause });
    this.name = 'KeysUnavailableError';
  }
}

/** What a key set that answered says about the token itself (no key of its `kid`, an algorithm it has no key for). */
const TOKEN_PROBLEMS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported, errors.JOSEAlgNotAllowed];
const isTokenProblem = (error: unknown) => TOKEN_PROBLEMS.some((kind) => error instanceof kind);

/**
 * The keys from the first of these JWKS addresses that gives them: one auth
 * replica down, the next answers. When none could be fetched (refused, timed
 * out, not a key set), a KeysUnavailableError instead of the token's refusal.
 */
function remoteKeys(urls: readonly string[]): JWTVerifyGetKey {
  const sets = urls.map((url) => createRemoteJWKSet(new URL(url.trim()), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 }));
  return async (header, token) => {
    let unreachable: unknown;
    let refusal: unknown;
    for (const keys of sets) {
      try {
        return await keys(header, token);
      } catch (error) {
        if (isTokenProblem(error)) refusal = error;
        else unreachable = error;
      }
    }
    throw refusal ?? new KeysUnavailableError(unreachable);
  };
}

/**
 * Verifies access tokens (signature against the JWKS, issuer, audience, expiry,
 * claims) and remembers verified ones, keyed by the token's hash, so the hot
 * path costs one hash and one map lookup. Revoking sessions drops their
 * entries and refuses every token of those sessions; a session started after
 * the revocation is another session, so it is never caught by it (a revocation
 * by time would be, within the second of a token's `iat`).
 */
export class TokenVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly cache = new Map<string, CachedToken>();
  /** Revoked session id → when the revocation has done its work (no token of it can still be live). */
  private readonly revokedSessions = new Map<string, number>();
  private readonly cacheSize: number;
  private readonly now: () => number;

  constructor(options: TokenVerifierOptions) {
    this.keys = typeof options.jwks === 'string' ? remoteKeys(options.jwks.split(',')) : createLocalJWKSet(options.jwks);
    this.cacheSize = options.cacheSize ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  async verify(token: string): Promise<Identity> {
    const key = hash('sha256', token, 'base64url');
    const cached = this.cache.get(key);
    const now = this.now();
    if (cached) {
      if (cached.expiresAt > now && !this.isRevoked(cached.identity)) return cached.identity;
      this.cache.delete(key);
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['EdDSA', 'ES256'],
        currentDate: new Date(now),
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof KeysUnavailableError) throw error;
      throw new InvalidTokenError((error as Error).message);
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('token claims are malformed');
    const identity: Identity = {
      userId: claims.data.sub,
      role: claims.data.role,
      emailVerified: claims.data.email_verified,
      ...(claims.data.sid ? { sessionId: claims.data.sid } : {}),
    };
    if (this.isRevoked(identity)) throw new InvalidTokenError('token was revoked');
    this.remember(key, { identity, expiresAt: (payload.exp ?? 0) * 1000 });
    return identity;
  }

  /** Ends every token of these sessions (the `sid` claim), and nothing else. */
  revokeSessions(sessionIds: readonly string[]): void {
    const now = this.now();
    // A revocation older than any live token has done its work.
    for (const [id, until] of this.revokedSessions) if (until < now) this.revokedSessions.delete(id);
    for (const id of sessionIds) this.revokedSessions.set(id, now + MAX_ACCESS_TOKEN_LIFETIME_MS);
    for (const [key, entry] of this.cache) if (this.isRevoked(entry.identity)) this.cache.delete(key);
  }

  get size(): number {
    return this.cache.size;
  }

  private isRevoked(identity: Identity): boolean {
    return identity.sessionId !== undefined && this.revokedSessions.has(identity.sessionId);
  }

  private remember(key: string, entry: CachedToken): void {
    if (this.cache.size >= this.cacheSize) {
      // Maps iterate in insertion order: the first key is the oldest.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, entry);
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}
