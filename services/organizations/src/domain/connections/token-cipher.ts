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

/** The plaintext of one of encryptToken's values when `key` sealed it, else null (another key, or altered data). */
function openWith(key: Buffer, iv: string, tag: string, ciphertext: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Which of `keys` sealed `stored` and what it holds; null when none did or the value was tampered with. */
export function openSealed(keys: Buffer | readonly Buffer[], stored: string): { keyIndex: number; plaintext: string } | null {
  const candidates = [keys].flat();
  candidates.forEach(requireKey);
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  for (const [keyIndex, key] of candidates.entries()) {
    const plaintext = openWith(key, iv, tag, ciphertext);
    if (plaintext !== null) return { keyIndex, plaintext };
  }
  return null;
}

/**
 * The plaintext of encryptToken's output, opened by whichever of `keys` sealed it (the sealing key first,
 * then those that only open); TokenCipherError when none did or the value was tampered with.
 */
export function decryptToken(keys: Buffer | readonly Buffer[], stored: string): string {
  const opened = openSealed(keys, stored);
  if (!opened) throw new TokenCipherError();
  return opened.plaintext;
}

/** How a stored value is sealed: with keys[0] (the sealing key), with another of `keys`, or with none of them. */
export type SealState = 'current' | 'other' | 'none';

export function sealState(keys: readonly Buffer[], stored: string): SealState {
  const opened = openSealed(keys, stored);
  return opened === null ? 'none' : opened.keyIndex === 0 ? 'current' : 'other';
}

/** `stored` sealed again with keys[0] when another of `keys` sealed it; null when keys[0] did already, or none opens it. */
export function resealToken(keys: readonly Buffer[], stored: string): string | null {
  const opened = openSealed(keys, stored);
  return opened === null || opened.keyIndex === 0 ? null : encryptToken(keys[0]!, opened.plaintext);
}
