import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVerifier, type App } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import { startTestService, type TestService } from '@planner/service-kit/testing';
import type { AuthAdapters } from '../src/adapters/index.js';
import { loadSigningKeys, type SigningKeys } from '../src/adapters/signing-keys.js';
import { verifyPassword } from '../src/adapters/password-hasher.js';
import { seedAdmin } from '../src/commands/seed-admin.js';
import type { AuthConfig } from '../src/config.js';
import { User } from '../src/entities/user.entity.js';
import { authService } from '../src/service.js';

let ctx: TestService<AuthConfig, AuthAdapters>['ctx'];
let app: App;
let close: (() => Promise<void>) | undefined;
let keys: SigningKeys;

beforeAll(async () => {
  keys = await loadSigningKeys();
  ({ ctx, app, close } = await startTestService(authService, { adapters: { keys } }));
});

afterAll(async () => {
  await close?.();
});

describe('admin seed', () => {
  it('creates a verified admin once, whatever the number of starts', async () => {
    expect(await seedAdmin(ctx, 'Boss@Example.com', 'Admin123!')).toBe('created');
    expect(await seedAdmin(ctx, 'boss@example.com', 'Other456?')).toBe('unchanged');

    const admins = await ctx.dataSource.getRepository(User).find();
    expect(admins).toHaveLength(1);
    const [admin] = admins;
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true, username: 'Boss' });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash!, 'Admin123!')).toBe(true);

    const events = await ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'auth.user.registered' });
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope.data).toMatchObject({ userId: admin!.id, role: 'admin', emailVerified: true });
  });

  it('promotes an existing account with that e-mail instead of making a second one', async () => {
    const users = ctx.dataSource.getRepository(User);
    const member = await users.save(users.create({ username: 'member', email: 'member@example.com', role: 'pro' }));
    expect(await seedAdmin(ctx, 'MEMBER@example.com', 'Admin123!')).toBe('promoted');
    expect(await users.findOneByOrFail({ id: member.id })).toMatchObject({ role: 'admin', passwordHash: null });
  });

  it('refuses a weak admin password', async () => {
    await expect(seedAdmin(ctx, 'weak@example.com', 'password')).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});

describe('access-token keys', () => {
  it('publishes only the public key and signs tokens that the kit verifier accepts through HTTP', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const jwks = (await (await fetch(`${address}/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });

    const verifier = new TokenVerifier({ jwks: `${address}/.well-known/jwks.json` });
    const token = await keys.signAccessToken({ sub: 'user-1', role: 'pro', email_verified: true }, 900);
    expect(await verifier.verify(token)).toEqual({ userId: 'user-1', role: 'pro', emailVerified: true });

    const foreign = await (await loadSigningKeys()).signAccessToken({ sub: 'user-1', role: 'admin', email_verified: true }, 900);
    await expect(verifier.verify(foreign)).rejects.toThrow();
  });

  it('reports its dependencies on /health', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      service: 'auth',
      checks: { postgres: { status: 'up' }, redis: { status: 'up' }, nats: { status: 'up' } },
    });
  });
});
