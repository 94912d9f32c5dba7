import type { ServiceContext } from '@planner/service-kit';
import type { AuthConfig } from '../config.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';
import { loadSigningKeys, sharedSigningJwk, type SigningKeys } from './signing-keys.js';
import { createTurnstile, type SecurityCheck } from './turnstile.js';

/** What auth reaches outside itself through, made from config; tests give their own. */
export interface AuthAdapters {
  keys: SigningKeys;
  securityCheck: SecurityCheck;
  google: GoogleVerifier;
}

/** The adapters a test did not give, made from config; sandboxes and switched-off features are logged. */
export async function createAdapters(ctx: ServiceContext<AuthConfig>, given: Partial<AuthAdapters>): Promise<AuthAdapters> {
  const { config, logger } = ctx;
  if (!given.keys && !config.AUTH_SIGNING_KEY && config.NODE_ENV === 'production') {
    logger.warn('AUTH_SIGNING_KEY is not set: access tokens are signed with a generated key kept in Redis; set one (see .env.example)');
  }
  const keys = given.keys ?? (await loadSigningKeys(config.AUTH_SIGNING_KEY ?? (await sharedSigningJwk(ctx.redis)), config.AUTH_VERIFICATION_KEYS));
  const securityCheck = given.securityCheck ?? createTurnstile({ secret: config.TURNSTILE_SECRET, verifyUrl: config.TURNSTILE_VERIFY_URL });
  if (securityCheck.sandbox) logger.warn('SANDBOX: TURNSTILE_SECRET is not set; the security check accepts any token');
  const google = given.google ?? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, certsUrl: config.GOOGLE_CERTS_URL });
  if (!google.enabled) logger.warn('GOOGLE_CLIENT_ID is not set: Google sign-in is off');
  return { keys, securityCheck, google };
}
