import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenVerifier } from '@planner/service-kit';
import { loadSigningKeys } from '../src/adapters/signing-keys.js';

/** A private Ed25519 JWK as the runbook makes one: one line of JSON with its kid. */
const privateJwk = (kid: string) => JSON.stringify({ ...generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }), kid });
const claims = { sub: 'user-1', role: 'pro' as const, email_verified: true };

describe('signing key rotation with overlap', () => {
  it('publishes the verification keys beside the signing key, without their private parts', async () => {
    const keys = await loadSigningKeys(privateJwk('2026-b'), JSON.stringify([JSON.parse(privateJwk('2026-a'))]));
    expect(keys.jwks.keys.map((k) => k.kid)).toEqual(['2026-b', '2026-a']);
    for (const key of keys.jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it('keeps tokens of the previous key valid once the new one signs, and a verifier that knew only the old key accepts the new one after phase 1', async () => {
    const oldKey = privateJwk('old');
    const newKey = privateJwk('new');
    const publicOf = (jwk: string) => JSON.stringify([{ ...JSON.parse(jwk), d: undefined }]);
    // Phase 1: the old key signs, the new one is published. Phase 2: the new key signs, the old one is still published.
    const phase1 = await loadSigningKeys(oldKey, publicOf(newKey));
    const phase2 = await loadSigningKeys(newKey, publicOf(oldKey));
    const tokenOfPhase1 = await phase1.signAccessToken(claims, 900);
    const tokenOfPhase2 = await phase2.signAccessToken(claims, 900);
    const verifierAtPhase1 = new TokenVerifier({ jwks: phase1.jwks });
    const verifierAtPhase2 = new TokenVerifier({ jwks: phase2.jwks });
    await expect(verifierAtPhase2.verify(tokenOfPhase1)).resolves.toMatchObject({ userId: 'user-1' });
    await expect(verifierAtPhase1.verify(tokenOfPhase2)).resolves.toMatchObject({ userId: 'user-1' });
    // Phase 3: the old key is gone, and so are its tokens.
    const phase3 = await loadSigningKeys(newKey);
    await expect(new TokenVerifier({ jwks: phase3.jwks }).verify(tokenOfPhase1)).rejects.toThrow();
  });

  it('refuses verification keys without a kid of their own, or that are no JWK list', async () => {
    const signing = privateJwk('same');
    await expect(loadSigningKeys(signing, JSON.stringify([JSON.parse(privateJwk('same'))]))).rejects.toThrow(/kid of its own/);
    const { kid: _kid, ...noKid } = JSON.parse(privateJwk('x')) as Record<string, string>;
    await expect(loadSigningKeys(signing, JSON.stringify([noKid]))).rejects.toThrow(/kid of its own/);
    await expect(loadSigningKeys(signing, privateJwk('y'))).rejects.toThrow(/JSON array of JWKs/);
  });
});
