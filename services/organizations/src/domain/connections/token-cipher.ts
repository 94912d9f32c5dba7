import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export class TokenCipherError extends Error {
  constructor(message = 'stored token could not be decrypted (wrong key or altered data)') {
    super(message);
    this.name = 'TokenCipherError';
  }
}

function requireKey(key: Buffer): void {
  if (key.length !== 32) throw new TokenCipherError('the token key must be 32 bytes');
}

/**
 * AES-256-GCM with a fresh IV per value: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * The GCM tag makes any alteration of the stored value fail decryption.
 */
export function encryptToken(key: Buffer, plaintext: string): string {
  requireKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * The plaintext of encryptToken's output, opened by whichever of `keys` sealed it (the current key,
 * then those it replaced); TokenCipherError when none did or the value was tampered with.
 */
export function decryptToken(keys: Buffer | readonly Buffer[], stored: string): string {
  const candidates = [keys].flat();
  candidates.forEach(requireKey);
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) throw new TokenCipherError();
  for (const key of candidates) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // Another key sealed it, or nobody did: the next one is tried.
    }
  }
  throw new TokenCipherError();
}

/** `stored` sealed again with the current key (`current`) when one of `previous` sealed it; null when `current` already did. */
export function resealToken(current: Buffer, previous: readonly Buffer[], stored: string): string | null {
  try {
    decryptToken(current, stored);
    return null;
  } catch {
    return encryptToken(current, decryptToken(previous, stored));
  }
}
