import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import { createGoogleVerifier } from './adapters/google.js';
import { loadSigningKeys } from './adapters/signing-keys.js';
import { createTurnstile } from './adapters/turnstile.js';
import type { SessionDeps } from './commands/sessions.js';
import type { AuthConfig } from './config.js';
import { accountRoutes } from './routes/account-routes.js';
import { adminRoutes } from './routes/admin-routes.js';
import { jwksRoutes } from './routes/jwks.js';
import { linkRoutes } from './routes/link-routes.js';
import { sessionRoutes } from './routes/session-routes.js';

export type AuthDeps = SessionDeps;

/** The auth service's HTTP app; the signing keys come from config unless a test gives them. */
export async function buildApp(ctx: ServiceContext<AuthConfig>, deps: Partial<AuthDeps> = {}): Promise<App> {
  const keys = deps.keys ?? (await loadSigningKeys(ctx.config.AUTH_SIGNING_KEY));
  const securityCheck = deps.securityCheck ?? createTurnstile({ secret: ctx.config.TURNSTILE_SECRET, verifyUrl: ctx.config.TURNSTILE_VERIFY_URL });
  if (securityCheck.sandbox) ctx.logger.warn('SANDBOX: TURNSTILE_SECRET is not set; the security check accepts any token');
  const google = deps.google ?? createGoogleVerifier({ clientId: ctx.config.GOOGLE_CLIENT_ID, certsUrl: ctx.config.GOOGLE_CERTS_URL });
  if (!google.enabled) ctx.logger.warn('GOOGLE_CLIENT_ID is not set: Google sign-in is off');
  const app = await createServiceServer(ctx, {
    description: 'Accounts, sessions, verification, Google sign-in, roles and admin user management.',
  });
  await app.register(jwksRoutes, { keys });
  await app.register(sessionRoutes, { ctx, deps: { keys, securityCheck, google } });
  await app.register(accountRoutes, { ctx });
  await app.register(linkRoutes, { ctx, securityCheck });
  await app.register(adminRoutes, { ctx });
  return app;
}
