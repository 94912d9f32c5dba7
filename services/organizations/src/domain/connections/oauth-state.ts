import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConnectionPlatform } from '@planner/contracts';

/** How long a started connect may take before its state expires. */
export const STATE_TTL_SECONDS = 600;

/** What the server keeps of a started connect, under the state's nonce; never sent to the browser. */
export interface PendingConnect {
  organizationId: string;
  userId: string;
  platform: ConnectionPlatform;
  /** PKCE verifier (X, TikTok). */
  codeVerifier?: string;
}

function mac(key: Buffer, nonce: string, platform: string): string {
  return createHmac('sha256', key).update(`${platform}:${nonce}`).digest('base64url');
}

/** A fresh state `<nonce>.<hmac(platform, nonce)>`: the nonce names the pending connect, the MAC proves we issued it for this platform. */
export function issueState(key: Buffer, platform: ConnectionPlatform): { state: string; nonce: string } {
  const nonce = randomBytes(24).toString('base64url');
  return { state: `${nonce}.${mac(key, nonce, platform)}`, nonce };
}

/** The nonce of a state one of `keys` signed for this platform, or null for a forged or altered one. */
export function verifyState(keys: Buffer | readonly Buffer[], platform: string, state: string): string | null {
  const [nonce, signature, ...rest] = state.split('.');
  if (!nonce || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature);
  const signedBy = (key: Buffer) => {
    const expected = Buffer.from(mac(key, nonce, platform));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  return [keys].flat().some(signedBy) ? nonce : null;
}

/** RFC 7636 S256 pair. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
