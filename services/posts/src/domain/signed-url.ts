import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media links: who holds one may fetch that key until `expires` (unix
 * seconds) without login; platforms that pull media by URL get them. The
 * signature is HMAC-SHA256 (hex) over the key and the expiry.
 */
export function mediaSignature(key: string, expires: number, secret: string): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');
}

export function signedMediaUrl(appUrl: string, key: string, expires: number, secret: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/media/${key}?expires=${expires}&signature=${mediaSignature(key, expires, secret)}`;
}

/** Whether the link is ours and still valid at `now` (ms). */
export function isValidSignature(key: string, expires: number, signature: string, secret: string, now: number): boolean {
  if (!Number.isInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(mediaSignature(key, expires, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
