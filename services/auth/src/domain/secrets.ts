import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret (refresh token, mailed link token): 256 random bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret token: its SHA-256, so a database leak gives no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The key under which a deleted e-mail is remembered without keeping the address. */
export function emailHash(email: string): string {
  return tokenHash(email.trim().toLowerCase());
}
