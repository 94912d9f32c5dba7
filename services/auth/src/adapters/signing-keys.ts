import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@planner/contracts';
import type { Redis } from '@planner/service-kit';

export interface SigningKeys {
  /** Public half, as served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  signAccessToken: (claims: AccessTokenClaims, lifetimeSeconds: number) => Promise<string>;
}

/** Where replicas without AUTH_SIGNING_KEY find the key the first of them generated. */
const SHARED_KEY = 'signing-key';

/** A new private Ed25519 JWK with its kid, as JSON: AUTH_SIGNING_KEY's form. */
export async function generateSigningJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return JSON.stringify({ ...(await exportJWK(privateKey)), kid: randomUUID() });
}

/**
 * Without AUTH_SIGNING_KEY, the key every auth replica signs with: the first
 * one generates it and leaves it in Redis, the others (and later restarts)
 * take it from there. Two replicas with keys of their own would each refuse
 * the other's tokens wherever the JWKS came from the other. Development only:
 * production sets AUTH_SIGNING_KEY.
 */
export async function sharedSigningJwk(redis: Redis): Promise<string> {
  await redis.set(SHARED_KEY, await generateSigningJwk(), 'NX');
  const jwk = await redis.get(SHARED_KEY);
  if (!jwk) throw new Error('the shared signing key vanished from Redis as it was stored');
  return jwk;
}

/**
 * The Ed25519 key that signs access tokens, from a private JWK
 * (AUTH_SIGNING_KEY, or the shared generated one); a fresh one when none is
 * given (tests).
 *
 * `verificationJwks` (AUTH_VERIFICATION_KEYS, a JSON array of JWKs) are
 * published in the JWKS beside it without signing anything: the next key
 * before a rotation (so every verifier knows it before the first token it
 * signs), the previous one after (so the tokens it signed stay valid until
 * they expire). Private parts given there are never published.
 */
export async function loadSigningKeys(privateJwk?: string, verificationJwks?: string): Promise<SigningKeys> {
  const jwk = JSON.parse(privateJwk ?? (await generateSigningJwk())) as JWK;
  const kid = jwk.kid ?? 'configured';
  const privateKey = await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA');
  const { d: _private, ...publicJwk } = jwk;
  const publicKey: JWK = { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' };
  return {
    jwks: { keys: [publicKey, ...(await verificationKeys(verificationJwks, kid))] },
    signAccessToken: ({ sub, role, email_verified, sid }, lifetimeSeconds) =>
      new SignJWT({ role, email_verified, ...(sid ? { sid } : {}) })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(privateKey),
  };
}

/** The public halves of AUTH_VERIFICATION_KEYS; each needs its own kid, for verifiers pick the key by it. */
async function verificationKeys(json: string | undefined, signingKid: string): Promise<JWK[]> {
  if (!json) return [];
  const given = JSON.parse(json) as unknown;
  if (!Array.isArray(given)) throw new Error('AUTH_VERIFICATION_KEYS must be a JSON array of JWKs');
  const kids = new Set([signingKid]);
  return Promise.all(
    (given as JWK[]).map(async ({ d: _private, ...jwk }) => {
      if (!jwk.kid || kids.has(jwk.kid)) throw new Error(`AUTH_VERIFICATION_KEYS: every key needs a kid of its own, unlike the signing key's and each other's ("${jwk.kid ?? ''}")`);
      kids.add(jwk.kid);
      // Refuses what is no Ed25519 public key before verifiers fetch it.
      await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA');
      return { ...jwk, alg: 'EdDSA', use: 'sig' };
    }),
  );
}
