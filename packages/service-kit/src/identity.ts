import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdminRole, SharedMessages, type Identity } from '@planner/contracts';
import { forbidden, HttpError, unauthorized } from './errors.js';
import { bearerToken, InvalidTokenError, KeysUnavailableError, type TokenVerifier } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous request. */
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /** The route's bearer is not an access token (a refresh token): leave it to the handler. */
    bearerIsNotAccessToken?: boolean;
  }
}

/**
 * Reads the bearer token of every request. No token: anonymous. A token that
 * fails verification: 401 at once, so a stale session is never mistaken for
 * an anonymous visit. A token that cannot be checked (auth's keys out of
 * reach): 503, for a 401 would log a valid session out.
 */
export const identityPlugin = fp<{ verifier: TokenVerifier }>(
  async (app: FastifyInstance, { verifier }) => {
    app.decorateRequest('identity', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.bearerIsNotAccessToken) return;
      const token = bearerToken(request.headers.authorization);
      if (!token) return;
      try {
        request.identity = await verifier.verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw unauthorized();
        if (error instanceof KeysUnavailableError) {
          request.log.warn({ err: error }, 'token not checked: the signing keys are out of reach');
          throw new HttpError(503, SharedMessages.serviceUnavailable);
        }
        throw error;
      }
    });
  },
  { name: 'identity' },
);

/** The caller, or a 401 for anonymous requests. */
export function requireUser(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

/** The caller if an admin, else 403 with the spec's admin message. */
export function requireAdmin(request: FastifyRequest): Identity {
  const identity = requireUser(request);
  if (!isAdminRole(identity.role)) throw forbidden(SharedMessages.adminRequired);
  return identity;
}
