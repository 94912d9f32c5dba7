import { behindGateway } from '@planner/gateway/testing';
import type { App } from '@planner/service-kit';
import { createTestContext, type TestServiceContext } from '@planner/service-kit/testing';
import { createGoogleVerifier } from '../src/adapters/google.js';
import { loadSigningKeys, type SigningKeys } from '../src/adapters/signing-keys.js';
import { createTurnstile } from '../src/adapters/turnstile.js';
import { buildApp } from '../src/app.js';
import { configSchema, type AuthConfig } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';
import { CLIENT_ID, startGoogleStandIn } from './google-stand-in.js';
import { startTurnstileStandIn, TEST_SECRET } from './turnstile-stand-in.js';

export interface AuthApp {
  ctx: TestServiceContext<AuthConfig>;
  app: App;
  api: Awaited<ReturnType<typeof behindGateway>>;
  keys: SigningKeys;
  /** The Google stand-in whose ID tokens the app accepts. */
  google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  close: () => Promise<void>;
}

/**
 * The auth app with its own signing keys behind the real gateway, on this
 * file's schema and namespace, with the Turnstile and Google stand-ins. Its
 * verifier and the gateway's follow the session revocations on the bus, as
 * in production; `relay` publishes its outbox (else the events stay in it).
 */
export async function startAuth(name: string, options: { relay?: boolean } = {}): Promise<AuthApp> {
  const turnstile = await startTurnstileStandIn();
  const google = await startGoogleStandIn();
  const keys = await loadSigningKeys();
  // The app's own tokens must verify in its own identity plugin.
  const ctx = await createTestContext({ name, entities, migrations, configSchema, jwks: keys.jwks });
  const app = await buildApp(ctx, {
    keys,
    securityCheck: createTurnstile({ secret: TEST_SECRET, verifyUrl: turnstile.url }),
    google: createGoogleVerifier({ clientId: CLIENT_ID, certsUrl: google.certsUrl }),
  });
  if (options.relay) await ctx.relay.start();
  const api = await behindGateway(app, 'auth', keys.jwks, { namespace: ctx.id });
  return {
    ctx,
    app,
    api,
    keys,
    google,
    close: async () => {
      await api.close();
      await app.close();
      await ctx.cleanup();
      await turnstile.close();
      await google.close();
    },
  };
}
