import { describe, expect, it } from 'vitest';
import { bearerToken, InvalidTokenError, TokenVerifier } from '../src/index.js';
import { createTestKeys } from '../src/testing/index.js';

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

  it('refuses the tokens of a revoked user issued before the revocation', async () => {
    const verifier = new TokenVerifier({ jwks: keys.jwks });
    const issuedAt = Math.floor(Date.now() / 1000) - 10;
    const token = await keys.sign(user, { issuedAt });
    await verifier.verify(token);
    verifier.revokeUser(user.sub);
    expect(verifier.size).toBe(0);
    await expect(verifier.verify(token)).rejects.toThrow('revoked');
    const later = await keys.sign(user, { issuedAt: Math.floor(Date.now() / 1000) + 2 });
    await expect(verifier.verify(later)).resolves.toMatchObject({ userId: user.sub });
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
