import { randomUUID } from 'node:crypto';

/** Keys are made by this service (`<organization uuid>/<media uuid>.<ext>`); anything else never reaches the disk or the bucket. */
const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/**
 * The key of a stored image's JPEG rendition (`<key>.jpg`), converted when it
 * is fetched, for platforms that take only JPEG (Instagram); never stored.
 */
export const jpegRenditionKey = (key: string) => `${key}.jpg`;

/** The stored media key a JPEG rendition's key is made from, or null when it is not one. */
export function jpegRenditionSource(key: string): string | null {
  const source = key.endsWith('.jpg') ? key.slice(0, -'.jpg'.length) : null;
  return source !== null && isMediaKey(source) ? source : null;
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
