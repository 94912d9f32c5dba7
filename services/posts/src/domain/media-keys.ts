import { randomUUID } from 'node:crypto';

/** Keys are made by this service (`<organization uuid>/<media uuid>.<ext>`); anything else never reaches the disk or the bucket. */
const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** A new key for a file of the organization. */
export function newMediaKey(organizationId: string, ext: string): string {
  return `${organizationId}/${randomUUID()}.${ext}`;
}

/**
 * The storage key a media reference names: a key itself, or a media URL as
 * the API hands them out (`/api/media/<key>`, absolute or not, signed or not).
 * Null for anything else.
 */
export function mediaKeyOf(reference: string): string | null {
  const trimmed = reference.trim();
  let pathname = trimmed;
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      pathname = new URL(trimmed).pathname;
    } catch {
      return null;
    }
  }
  const key = pathname.split(/[?#]/)[0]!.replace(/^\/?(api\/)?media\//, '');
  return isMediaKey(key) ? key : null;
}
