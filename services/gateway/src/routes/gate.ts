import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_BEARER_PATHS } from '@planner/contracts';
import { bearerToken, errorBody, InvalidTokenError, unauthorized, type App, type Logger, type TokenVerifier } from '@planner/service-kit';
import { bodyLimitFor, checkDeclaredLength, type BodyLimits } from '../domain/body-limit.js';
import { GatewayMessages } from '../domain/messages.js';
import { bucketsFor, callerKey, clientIp, decide, rateLimitedBody, type RateLimitSettings } from '../domain/rate-limit.js';
import { isUnmeteredPath, stripQuery } from '../domain/routes.js';
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
function isApiAnswer(path: string): boolean {
  return path.startsWith('/api/') ? !path.startsWith('/api/docs') : path === '/api';
}

/** Chunked request bodies still to be counted against their limit by the proxy (no Content-Length to check). */
export const streamedBodyLimits = new WeakMap<FastifyRequest['raw'], number>();

export interface GateOptions {
  verifier: TokenVerifier;
  store: RateLimitStore;
  rateLimits: RateLimitSettings;
  bodyLimits: BodyLimits;
  trustedProxyHops: number;
  /** Set on every API answer (pages get helmet's). */
  securityHeaders: Readonly<Record<string, string>>;
  logger: Logger;
}

/**
 * The checks every request passes, in one onRequest hook (one hook costs less
 * than three on the hot path), cheapest refusal first:
 *   1. body size by Content-Length → 413 (chunked bodies are counted by the proxy);
 *   2. the access token → identity, or 401 when a token is present and invalid;
 *   3. the rate limit of the caller (user, else address) → 429 with code 3015.
 */
export function installGate(app: App, { verifier, store, rateLimits, bodyLimits, trustedProxyHops, securityHeaders, logger }: GateOptions): void {
  let lastStoreError = 0;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { headers, method } = request;
    const path = stripQuery(request.url);
    // Pages (the frontend, the docs UI) get helmet's headers instead.
    if (isApiAnswer(path)) reply.headers(securityHeaders);

    const limit = bodyLimitFor(path, bodyLimits);
    const declared = checkDeclaredLength(headers['content-length'], headers['transfer-encoding'], limit);
    if (declared === 'too-large') {
      // The client may still be sending: close the connection rather than read the body.
      return reply.code(413).header('connection', 'close').send(errorBody(413, GatewayMessages.bodyTooLarge(limit)));
    }
    if (declared === 'stream') streamedBodyLimits.set(request.raw, limit);

    const token = bearerToken(headers.authorization);
    if (token !== undefined && !skipsTokenCheck(method, path)) {
      try {
        request.identity = await verifier.verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw unauthorized();
        throw error;
      }
    }

    if (method === 'OPTIONS' || isUnmeteredPath(path)) return;
    const ip = clientIp(request.socket.remoteAddress, headers['x-forwarded-for'] as string | undefined, trustedProxyHops);
    const buckets = bucketsFor(method, path, callerKey(request.identity, ip), rateLimits);
    let states;
    try {
      states = await store.hit(buckets);
    } catch (error) {
      // Fail open: a Redis hiccup must not take the API down.
      if (Date.now() - lastStoreError > 10_000) logger.warn({ err: error }, 'rate limit store failed; request allowed');
      lastStoreError = Date.now();
      return;
    }
    if (states === null) return;
    const decision = decide(buckets, states);
    if (!decision.allowed) {
      // Only refusals carry the rate-limit headers: every header costs each answer (and each client) a little.
      return reply
        .code(429)
        .header('retry-after', decision.resetSeconds)
        .header('x-ratelimit-limit', decision.limit)
        .header('x-ratelimit-remaining', 0)
        .header('x-ratelimit-reset', decision.resetSeconds)
        .send(rateLimitedBody(decision.resetSeconds));
    }
  });
}
