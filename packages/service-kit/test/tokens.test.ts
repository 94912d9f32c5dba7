import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { bearerToken, InvalidTokenError, KeysUnavailableError, MAX_ACCESS_TOKEN_LIFETIME_MS, TokenVerifier } from '../src/index.js';
import { createTestKeys, freePort, loopbackUrl } from '../src/testing/index.js';

const keys = await createTestKeys();
const user = { sub: '5b0e7a52-4a56-4d43-9f55-1c1f1c1f1c1f', role: 'pro' as const };

describe('TokenVerifier', () => {
  it('accepts a token signed by the key set and returns the identity', async () => {
    const verifier = new TokenVerifier({ jwks: keys.jwks });
    expect(await verifier.verify(await keys.sign(user))).toEqual({ userId: user.sub, role: 'pro', emailVerified: true });
  });

  it('refuses tampered, expired and foreign tokens', async () => {
    const verifier = new TokenVerifier({ jwks: keys.jwks });
    const token = await keys.sign(user);
    const [header, payload, signature] = token.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
    await expect(verifier.verify(`${header}.${elevated}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verify(await keys.sign(user, { expiresIn: '-1s' }))).rejects.toBeInstanceOf(InvalidTokenError);
    const foreign = await createTestKeys('test-key');
    await expect(verifier.verify(await foreign.sign(user))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verify('not.a.token')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('answers from its cache, but never past the token expiry', async () => {
    let now = Date.now();
    const verifier = new TokenVerifier({ jwks: keys.jwks, now: () => now });
    const token = await keys.sign(user, { expiresIn: '60s' });
    await verifier.verify(token);
    expect(verifier.size).toBe(1);
    now += 61_000;
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(verifier.size).toBe(0);
  });

  it('stays within its bound by dropping the oldest entries', async () => {
    const verifier = new TokenVerifier({ jwks: keys.jwks, cacheSize: 2 });
    for (let i = 0; i < 3; i++) await verifier.verify(await keys.sign({ ...user, sub: `user-${i}` }));
    expect(verifier.size).toBe(2);
  });

  it('refuses every token of a revoked session and no other session of the user', async () => {
    const verifier = new TokenVerifier({ jwks: keys.jwks });
    const ended = await keys.sign({ ...user, sid: 'session-ended' });
    const other = await keys.sign({ ...user, sid: 'session-other' });
    await verifier.verify(ended);
    await verifier.verify(other);
    verifier.revokeSessions(['session-ended']);
    expect(verifier.size).toBe(1);
    await expect(verifier.verify(ended)).rejects.toThrow('revoked');
    await expect(verifier.verify(await keys.sign({ ...user, sid: 'session-ended' }))).rejects.toThrow('revoked');
    await expect(verifier.verify(other)).resolves.toMatchObject({ userId: user.sub, sessionId: 'session-other' });
  });

  it('accepts a session opened in the same second as a revocation (issue 13: dead on arrival)', async () => {
    // The revocation lands half a second into a second; the next login's token carries that
    // same second as its `iat`. A revocation by time cannot tell the two apart.
    const second = Math.floor(Date.now() / 1000);
    const verifier = new TokenVerifier({ jwks: keys.jwks, now: () => second * 1000 + 500 });
    verifier.revokeSessions(['session-before']);
    const fresh = await keys.sign({ ...user, sid: 'session-after' }, { issuedAt: second });
    await expect(verifier.verify(fresh)).resolves.toMatchObject({ sessionId: 'session-after' });
  });

  it('forgets a revocation once no token of the session can still be live', async () => {
    let now = Date.now();
    const verifier = new TokenVerifier({ jwks: keys.jwks, now: () => now });
    verifier.revokeSessions(['session-old']);
    now += MAX_ACCESS_TOKEN_LIFETIME_MS + 1;
    verifier.revokeSessions(['session-new']);
    const token = await keys.sign({ ...user, sid: 'session-old' }, { issuedAt: Math.floor(now / 1000), expiresIn: Math.floor(now / 1000) + 900 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ sessionId: 'session-old' });
  });
});

/** A JWKS address answering `status` with `body`; closed at the end of `use`. */
async function withJwksServer(status: number, body: string, use: (url: string) => Promise<void>): Promise<void> {
  const server = http.createServer((_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`${loopbackUrl(server)}/.well-known/jwks.json`);
  } finally {
    server.close();
  }
}

describe('TokenVerifier over several auth replicas', () => {
  it('gets the keys from the next JWKS address when one replica is down', async () => {
    await withJwksServer(200, JSON.stringify(keys.jwks), async (url) => {
      const down = `http://127.0.0.1:${await freePort()}/.well-known/jwks.json`;
      const verifier = new TokenVerifier({ jwks: `${down},${url}` });
      expect(await verifier.verify(await keys.sign(user))).toMatchObject({ userId: user.sub });
    });
  });

  it('says the keys are out of reach, not that the token is bad, when no replica gives them (drill: 401 after a restart)', async () => {
    const down = `http://127.0.0.1:${await freePort()}/.well-known/jwks.json`;
    await expect(new TokenVerifier({ jwks: down }).verify(await keys.sign(user))).rejects.toBeInstanceOf(KeysUnavailableError);
    await withJwksServer(500, '{"error":"Internal Server Error"}', async (failing) => {
      await expect(new TokenVerifier({ jwks: `${down},${failing}` }).verify(await keys.sign(user))).rejects.toBeInstanceOf(KeysUnavailableError);
    });
  });

  it('still refuses a token whose key no replica that answered has', async () => {
    const down = `http://127.0.0.1:${await freePort()}/.well-known/jwks.json`;
    const foreign = await createTestKeys('foreign-key');
    await withJwksServer(200, JSON.stringify(keys.jwks), async (url) => {
      await expect(new TokenVerifier({ jwks: `${url},${down}` }).verify(await foreign.sign(user))).rejects.toBeInstanceOf(InvalidTokenError);
    });
  });
});

describe('bearerToken', () => {
  it('reads only a Bearer authorization', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
