import type { IncomingMessage } from 'node:http';
import { REFRESH_BEARER_PATHS, SharedMessages, type Identity } from '@planner/contracts';
import { bearerToken, errorBody, InvalidTokenError, KeysUnavailableError, rateLimitedBody, unauthorized, type App, type Logger, type TokenVerifier } from '@planner/service-kit';
import { checkDeclaredLength, forPath, type PerRoute } from '../domain/upload-routes.js';
import { GatewayMessages } from '../domain/messages.js';
import { accountOf, addressKey, bucketsFor, callerKey, clientIp, decide, ExhaustedBuckets, strictEndpoint, type Bucket, type RateLimitDecision, type RateLimitSettings } from '../domain/rate-limit.js';
import { isUnmeteredPath } from '../domain/routes.js';
import type { RateLimitStore } from '../adapters/rate-limit-store.js';

const REFRESH_BEARER_API_PATHS = new Set(REFRESH_BEARER_PATHS.map((p) => `/api${p}`));

/**
 * Requests whose bearer token is not an access token: the refresh call sends
 * the refresh token (part 1 §7), which only the auth service can judge.
 */
export function skipsTokenCheck(method: string, path: string): boolean {
  return method === 'POST' && REFRESH_BEARER_API_PATHS.has(path.replace(/\/$/, ''));
}

/** Answers of the API proper (JSON), as opposed to pages: everything under /api but the docs UI. */
export function isApiAnswer(path: string): boolean {
  return path.startsWith('/api/') ? !path.startsWith('/api/docs') : path === '/api';
}

/** The gate's answer instead of the route's: status, extra headers and the JSON body. */
export interface Refusal {
  status: number;
  headers: Record<string, string | number>;
  body: object;
}

/**
 * What the gate found: a refusal, or the caller with the rate limit's verdict
 * still to come (`limit`, null when the path is not metered): the proxy may
 * forward a safe request while the count is made, and answers only once it is.
 * `streamLimit` is set when a chunked body must be counted on its way; `body`
 * when the gate read it already (a credential request, counted per account).
 */
export type GateOutcome =
  | { refusal: Refusal; identity?: undefined; streamLimit?: undefined; limit?: undefined; body?: undefined }
  | { refusal?: undefined; identity: Identity | null; streamLimit: number | undefined; limit: Promise<Refusal | null> | null; body?: Buffer };

export interface GateOptions {
  verifier: TokenVerifier;
  store: RateLimitStore;
  rateLimits: RateLimitSettings;
  bodyLimits: PerRoute;
  trustedProxyHops: number;
  logger: Logger;
}

export type Gate = (request: IncomingMessage, method: string, path: string) => Promise<GateOutcome>;

/** The 429 of a rate-limit decision, with the headers a client waits by. */
function rateLimited(decision: RateLimitDecision): Refusal {
  return {
    status: 429,
    // Only refusals carry the rate-limit headers: every header costs each answer (and each client) a little.
    headers: {
      'retry-after': decision.resetSeconds,
      'x-ratelimit-limit': decision.limit,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': decision.resetSeconds,
    },
    body: rateLimitedBody(decision.resetSeconds),
  };
}

/** A request's whole body, or 'too-large' once more than `limit` bytes arrived. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        request.pause();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks, size)));
    request.once('error', reject);
  });
}

const UNAUTHORIZED = unauthorized();
const REFUSED_TOKEN: GateOutcome = { refusal: { status: 401, headers: {}, body: errorBody(401, UNAUTHORIZED.message) } };
const UNCHECKED_TOKEN: GateOutcome = { refusal: { status: 503, headers: {}, body: errorBody(503, SharedMessages.serviceUnavailable) } };
// The client may still be sending: close the connection rather than read the body.
const tooLarge = (limit: number): GateOutcome => ({ refusal: { status: 413, headers: { connection: 'close' }, body: errorBody(413, GatewayMessages.bodyTooLarge(limit)) } });

/**
 * The checks every request passes, proxied or the gateway's own, cheapest
 * refusal first:
 *   1. body size by Content-Length → 413 (chunked bodies are counted on the way);
 *   2. the access token → identity, or 401 when a token is present and invalid
 *      (503 when it cannot be checked: auth's keys out of reach);
 *   3. the rate limit of the caller (user, else address; the address alone on
 *      the credential endpoints) → 429 with code 3015.
 */
export function createGate({ verifier, store, rateLimits, bodyLimits, trustedProxyHops, logger }: GateOptions): Gate {
  let lastStoreError = 0;
  let lastKeysError = 0;
  const exhausted = new ExhaustedBuckets();

  /** Counts the request in the store; the refusal when a bucket went over. */
  const count = async (buckets: Bucket[]): Promise<Refusal | null> => {
    let states;
    try {
      states = await store.hit(buckets);
    } catch (error) {
      // Fail open: a Redis hiccup must not take the API down.
      if (Date.now() - lastStoreError > 10_000) logger.warn({ err: error }, 'rate limit store failed; request allowed');
      lastStoreError = Date.now();
      return null;
    }
    if (states === null) return null;
    exhausted.record(buckets, states, Date.now());
    const decision = decide(buckets, states);
    return decision.allowed ? null : rateLimited(decision);
  };

  return async (request, method, path) => {
    const headers = request.headers;
    const limit = forPath(path, bodyLimits);
    const declared = checkDeclaredLength(headers['content-length'], headers['transfer-encoding'], limit);
    if (declared === 'too-large') {
      return tooLarge(limit);
    }
    const streamLimit = declared === 'stream' ? limit : undefined;

    let identity: Identity | null = null;
    const token = bearerToken(headers.authorization);
    if (token !== undefined && !skipsTokenCheck(method, path)) {
      try {
        identity = await verifier.verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) return REFUSED_TOKEN;
        if (!(error instanceof KeysUnavailableError)) throw error;
        if (Date.now() - lastKeysError > 10_000) logger.warn({ err: error }, 'tokens not checked: the signing keys are out of reach');
        lastKeysError = Date.now();
        return UNCHECKED_TOKEN;
      }
    }

    if (method === 'OPTIONS' || isUnmeteredPath(path)) return { identity, streamLimit, limit: null };
    const ip = clientIp(request.socket.remoteAddress, headers['x-forwarded-for'] as string | undefined, trustedProxyHops);
    // A credential request is counted per account too: the account is in its (small) body.
    let body: Buffer | undefined;
    if (strictEndpoint(method, path)) {
      const read = await readBody(request, limit);
      if (read === 'too-large') return tooLarge(limit);
      body = read;
    }
    const buckets = bucketsFor(method, path, { caller: callerKey(identity, ip), address: addressKey(ip), account: accountOf(body) }, rateLimits);
    const known = exhausted.check(buckets, Date.now());
    if (known) return { refusal: rateLimited(known) };
    return { identity, streamLimit, limit: count(buckets), body };
  };
}

/** The gate in front of the gateway's own routes (health, version, logs, docs, pages, not found). */
export function installGate(app: App, gate: Gate, securityHeaders: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    // Pages (the frontend, the docs UI) get helmet's headers instead.
    if (isApiAnswer(path)) reply.headers(securityHeaders);
    const outcome = await gate(request.raw, request.method, path);
    const refusal = outcome.refusal ?? (await outcome.limit);
    if (refusal) return reply.code(refusal.status).headers(refusal.headers).send(refusal.body);
    request.identity = outcome.identity ?? null;
  });
}
