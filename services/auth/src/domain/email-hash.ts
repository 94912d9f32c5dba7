import { createHash } from 'node:crypto';

/** The key under which a deleted e-mail is remembered without keeping the address. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
