import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, connectInfrastructure, createLogger, disconnectInfrastructure, InvalidTokenError, TokenVerifier, type BaseServiceContext } from '../src/index.js';
import { createTestContext, publishEvent, testInfrastructure, waitFor, type TestServiceContext } from '../src/testing/index.js';

/** auth's side (it publishes revocations) and the replicas of another service, started before and after one. */
let auth: TestServiceContext;
const replicas: BaseServiceContext[] = [];

async function startReplica(): Promise<BaseServiceContext> {
  const urls = await testInfrastructure();
  const replica = await connectInfrastructure({
    name: 'gateway',
    config: baseConfigSchema.parse({ NODE_ENV: 'test', REDIS_URL: urls.redisUrl, NATS_URL: urls.natsUrl }),
    logger: createLogger({ service: 'gateway', level: 'silent' }),
    redisPrefix: `${auth.id}:gateway:`,
    namespace: auth.id,
    verifier: new TokenVerifier({ jwks: auth.keys.jwks }),
  });
  replicas.push(replica);
  return replica;
}

beforeAll(async () => {
  auth = await createTestContext({ name: 'auth' });
});

afterAll(async () => {
  for (const replica of replicas) await disconnectInfrastructure(replica);
  await auth?.cleanup();
});

describe('session revocations on every replica', () => {
  it('reach a replica running at the time and one started after it', async () => {
    const user = '00000000-0000-4000-8000-000000000042';
    const token = await auth.keys.sign({ sub: user, role: 'pro', sid: 'session-ended' }, { issuedAt: Math.floor(Date.now() / 1000) - 5 });
    const other = await auth.keys.sign({ sub: user, role: 'pro', sid: 'session-kept' }, { issuedAt: Math.floor(Date.now() / 1000) - 5 });
    const running = await startReplica();
    expect(await running.verifier.verify(token)).toMatchObject({ userId: user });

    await publishEvent(auth, 'auth.sessions.revoked', { userId: user, sessionIds: ['session-ended'], reason: 'logout' });
    await waitFor(() => running.verifier.verify(token).then(() => 'valid', (error: unknown) => (error instanceof InvalidTokenError ? 'refused' : 'error')), (state) => state === 'refused');

    // A replica started (or restarted) after the revocation refuses the session too.
    const later = await startReplica();
    await waitFor(() => later.verifier.verify(token).then(() => 'valid', () => 'refused'), (state) => state === 'refused', 5000);
    expect(await later.verifier.verify(other)).toMatchObject({ userId: user });
  });
});
