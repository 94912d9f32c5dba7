/**
 * Which body size limit applies to a request. The proxy streams bodies to the
 * services without Fastify's parsers, so the gateway enforces the limit itself:
 * by Content-Length up front, and by counting bytes of chunked bodies.
 */
const UPLOAD_PREFIXES = ['/api/schedule_post', '/api/auto-schedule', '/api/media'];

/** Multipart media uploads: `/api/schedule_post/*`, `/api/auto-schedule*`, `/api/media/*`. */
export function isUploadPath(path: string): boolean {
  for (const prefix of UPLOAD_PREFIXES) {
    if (!path.startsWith(prefix)) continue;
    const next = path.charCodeAt(prefix.length);
    // /api/auto-schedule matches anything that continues it (auto-schedules, auto-schedule/…);
    // the others only themselves and their sub-paths.
    if (prefix === '/api/auto-schedule' || Number.isNaN(next) || next === 47 /* / */) return true;
  }
  return false;
}

export interface BodyLimits {
  general: number;
  upload: number;
}

export function bodyLimitFor(path: string, limits: BodyLimits): number {
  return isUploadPath(path) ? limits.upload : limits.general;
}

/**
 * The verdict on a declared Content-Length: 'ok', 'too-large', or 'stream' when
 * no length is declared but a body may follow (chunked): its bytes must be counted.
 */
export function checkDeclaredLength(
  contentLength: string | undefined,
  transferEncoding: string | undefined,
  limit: number,
): 'ok' | 'too-large' | 'stream' {
  if (contentLength !== undefined) {
    const length = Number(contentLength);
    return Number.isFinite(length) && length > limit ? 'too-large' : 'ok';
  }
  return transferEncoding !== undefined ? 'stream' : 'ok';
}
