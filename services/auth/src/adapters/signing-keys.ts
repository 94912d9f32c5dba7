import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@planner/contracts';

export interface SigningKeys {
  /** Public half, as served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  signAccessToken: (claims: AccessTokenClaims, lifetimeSeconds: number) => Promise<string>;
}

/**
 * The Ed25519 key that signs access tokens: from AUTH_SIGNING_KEY (a private
 * JWK) when configured, else generated for this process — tokens then end
 * with the process, which is acceptable only in development.
 */
export async function loadSigningKeys(privateJwk?: string): Promise<SigningKeys> {
  let privateKey: Awaited<ReturnType<typeof importJWK>>;
  let publicJwk: JWK;
  let kid: string;
  if (privateJwk) {
    const jwk = JSON.parse(privateJwk) as JWK;
    kid = jwk.kid ?? 'configured';
    privateKey = await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA');
    const { d: _private, ...rest } = jwk;
    publicJwk = rest;
  } else {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    kid = randomUUID();
    privateKey = pair.privateKey;
    publicJwk = await exportJWK(pair.publicKey);
  }
  const publicKey: JWK = { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' };
  return {
    jwks: { keys: [publicKey] },
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
