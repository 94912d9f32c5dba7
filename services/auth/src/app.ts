import { createServiceServer, type App, type ServiceContext } from '@planner/service-kit';
import type { SigningKeys } from './adapters/signing-keys.js';
import type { AuthConfig } from './config.js';
import { jwksRoutes } from './routes/jwks.js';

export interface AuthDeps {
  keys: SigningKeys;
}

/** The auth service's HTTP app. */
export async function buildApp(ctx: ServiceContext<AuthConfig>, { keys }: AuthDeps): Promise<App> {
  const app = await createServiceServer(ctx, {
    description: 'Accounts, sessions, verification, Google sign-in, roles and admin user management.',
  });
  await app.register(jwksRoutes, { keys });
  return app;
}
