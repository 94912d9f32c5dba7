import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import { loadSigningKeys, type SigningKeys } from './adapters/signing-keys.js';
import type { AuthConfig } from './config.js';
import { jwksRoutes } from './routes/jwks.js';

export interface AuthDeps {
  keys: SigningKeys;
}

/** The auth service's HTTP app; the signing keys come from config unless a test gives them. */
export async function buildApp(ctx: ServiceContext<AuthConfig>, deps: Partial<AuthDeps> = {}): Promise<App> {
  const keys = deps.keys ?? (await loadSigningKeys(ctx.config.AUTH_SIGNING_KEY));
  const app = await createServiceServer(ctx, {
    description: 'Accounts, sessions, verification, Google sign-in, roles and admin user management.',
  });
  await app.register(jwksRoutes, { keys });
  return app;
}
