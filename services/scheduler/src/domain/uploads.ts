import type { ScheduleUpload } from '@planner/contracts';

const DATA_URL_PREFIX = /^data:[^,]*;base64,/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * An uploaded file's bytes (part 2 §3: a name plus base64), base64 or
 * base64url, with or without a `data:` URL's prefix; null when the data is
 * not base64 or holds nothing.
 */
export function uploadBytes(upload: ScheduleUpload): Buffer | null {
  const data = upload.data.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!BASE64.test(data) || data.replace(/=+$/, '').length % 4 === 1) return null;
  const bytes = Buffer.from(data, 'base64');
  return bytes.length > 0 ? bytes : null;
}
