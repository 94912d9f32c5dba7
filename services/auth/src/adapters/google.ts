import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  /** Google's stable account id (`sub`). */
  googleId: string;
  email: string;
  emailVerified: boolean;
}

export interface GoogleVerifier {
  /** False when no client id is configured: Google sign-in is off. */
  readonly enabled: boolean;
  /** The identity in a Google ID token, or null when the token is not valid for this app. */
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

/**
 * Verifies Google ID tokens with google-auth-library: signature against
 * Google's published certificates (URL configurable, so tests run against a
 * local stand-in), issuer accounts.google.com, audience our client id, expiry.
 */
export function createGoogleVerifier({ clientId, certsUrl }: { clientId?: string; certsUrl: string }): GoogleVerifier {
  if (!clientId) return { enabled: false, verify: async () => null };
  const client = new OAuth2Client({ clientId, endpoints: { oauth2FederatedSignonPemCertsUrl: certsUrl } });
  return {
    enabled: true,
    async verify(idToken) {
      let payload;
      try {
        payload = (await client.verifyIdToken({ idToken, audience: clientId })).getPayload();
      } catch {
        return null;
      }
      if (!payload?.sub || !payload.email) return null;
      return { googleId: payload.sub, email: payload.email, emailVerified: payload.email_verified === true };
    },
  };
}
