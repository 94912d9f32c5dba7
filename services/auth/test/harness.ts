import { afterAll, beforeAll } from 'vitest';
import { behindGateway, type GatewayClient, type TestGateway } from '@planner/gateway/testing';
import { startTestService, type TestService } from '@planner/service-kit/testing';
import { createGoogleVerifier } from '../src/adapters/google.js';
import type { AuthAdapters } from '../src/adapters/index.js';
import { loadSigningKeys, type SigningKeys } from '../src/adapters/signing-keys.js';
import { createTurnstile } from '../src/adapters/turnstile.js';
import type { AuthConfig } from '../src/config.js';
import { authService } from '../src/service.js';
import { CLIENT_ID, startGoogleStandIn } from './google-stand-in.js';
import { startTurnstileStandIn, TEST_SECRET } from './turnstile-stand-in.js';

export interface Harness {
  ctx: TestService<AuthConfig, AuthAdapters>['ctx'];
  /** The service's signing keys: tokens signed with them pass the gateway and the service. */
  keys: SigningKeys;
  /** Calls through the real gateway; `api.gateway` is that gateway (its verifier, say). */
  api: GatewayClient & { gateway: TestGateway };
  /** Google's stand-in, which signs the ID tokens a test signs in with. */
  google: Awaited<ReturnType<typeof startGoogleStandIn>>;
}

/**
 * The auth service as main runs it, behind the real gateway, on this file's
 * schema and namespace, with local stand-ins for Turnstile and Google. The
 * gateway joins auth's namespace, so its verifier and auth's own follow the
 * session revocations auth publishes, as in production.
 */
export function useAuth(): Harness {
  const h = {} as Harness;
  let turnstile: Awaited<ReturnType<typeof startTurnstileStandIn>> | undefined;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    turnstile = await startTurnstileStandIn();
    h.google = await startGoogleStandIn();
    h.keys = await loadSigningKeys();
    // The app's own tokens must verify in its own identity plugin.
    const service = await startTestService(authService, {
      jwks: h.keys.jwks,
      adapters: {
        keys: h.keys,
        securityCheck: createTurnstile({ secret: TEST_SECRET, verifyUrl: turnstile.url }),
        google: createGoogleVerifier({ clientId: CLIENT_ID, certsUrl: h.google.certsUrl }),
      },
    });
    ({ ctx: h.ctx, close } = service);
    h.api = await behindGateway(service.app, 'auth', h.keys.jwks, { namespace: h.ctx.id });
  });

  afterAll(async () => {
    await h.api?.close();
    await close?.();
    await turnstile?.close();
    await h.google?.close();
  });
  return h;
}
