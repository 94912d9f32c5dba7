/**
 * The upload routes and what they get more of: a larger body size limit (a
 * 300 MB video in a multipart form) and longer to send it (a slow line). The
 * proxy streams bodies to the services without Fastify's parsers, so the
 * gateway enforces both itself: the size by Content-Length up front and by
 * counting bytes of chunked bodies, the time with a timer per request.
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

/** A setting with its value on the upload routes and everywhere else: body size limits (bytes), request time-outs (ms). */
export interface PerRoute {
  general: number;
  upload: number;
}

/** The value that applies to a path (without its query). */
export function forPath(path: string, values: PerRoute): number {
  return isUploadPath(path) ? values.upload : values.general;
}

/** Whether the client sends a body: a non-zero length, or chunks. */
export function hasBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  const length = headers['content-length'];
  return length !== undefined ? length !== '0' : headers['transfer-encoding'] !== undefined;
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
