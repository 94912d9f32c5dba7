import { setTimeout as sleep } from 'node:timers/promises';
import type { PublishableMedia } from './platform-adapter.js';
import { networkError, PlatformError } from './platform-error.js';

/** How long the HTTP adapters wait; tests shorten these. */
export interface AdapterTiming {
  /** One API call, until its whole answer. */
  requestTimeoutMs: number;
  /** One upload request (an image, one chunk of a video). */
  uploadTimeoutMs: number;
  /** Between status checks of media or a post the platform is processing. */
  pollIntervalMs: number;
  /** How long one attempt waits on processing before it leaves the rest to the next attempt. */
  pollTimeoutMs: number;
}

export const DEFAULT_TIMING: AdapterTiming = { requestTimeoutMs: 30_000, uploadTimeoutMs: 300_000, pollIntervalMs: 5_000, pollTimeoutMs: 300_000 };

/** `base` (a configured API origin, with or without a path or trailing slash) joined with `path`. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * fetch bounded by the worker's signal and a timeout. A failure before an answer is
 * transient; the error never carries the URL (Telegram's holds the bot token).
 */
export async function fetchPlatform(platform: string, url: string, init: RequestInit, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
  } catch (error) {
    throw networkError(platform, error);
  }
}

/**
 * The answer's body as JSON, or {} when it is not JSON (an HTML error page); a body cut off is transient.
 * `prepare` may rewrite the text first (to quote 64-bit ids a JavaScript number would round).
 */
export async function readJson(platform: string, res: Response, prepare: (text: string) => string = (text) => text): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw networkError(platform, error);
  }
  try {
    const parsed: unknown = JSON.parse(prepare(text));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A media link opened for reading: its size, type and bytes, read once as they arrive. */
export interface MediaDownload {
  size: number;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * Opens a post's media link. Only the wait for its headers is timed: the bytes are
 * then read as fast as the platform takes them, bounded by the worker's signal.
 */
export async function downloadMedia(platform: string, media: PublishableMedia, signal: AbortSignal, timeoutMs: number): Promise<MediaDownload> {
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(new DOMException('The media link did not answer in time.', 'TimeoutError')), timeoutMs);
  let res: Response;
  try {
    res = await fetch(media.url, { signal: AbortSignal.any([signal, headersTimeout.signal]) });
  } catch (error) {
    throw networkError(platform, error);
  } finally {
    clearTimeout(timer);
  }
  const size = Number(res.headers.get('content-length'));
  if (!res.ok || !res.body || !Number.isSafeInteger(size) || size <= 0) {
    await res.body?.cancel();
    // Not worded by the spec. The posts service serves the links; a 5xx there passes.
    const message = res.ok ? 'A media file of the post has no size at its link.' : `A media file of the post could not be read from its link (HTTP ${res.status}).`;
    throw new PlatformError(res.status >= 500 ? 'transient' : 'permanent', message, { status: res.status });
  }
  return { size, contentType: res.headers.get('content-type')?.split(';')[0]?.trim() || media.contentType, body: res.body };
}

/**
 * Reads `body` as consecutive pieces of the given sizes (a platform's upload
 * chunks), holding one piece at a time rather than the whole file.
 */
export async function* bytePieces(platform: string, body: ReadableStream<Uint8Array>, sizes: number[]): AsyncGenerator<Buffer> {
  const reader = body.getReader();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for (const size of sizes) {
      while (pendingBytes < size) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw networkError(platform, error);
        }
        if (chunk.done) throw new PlatformError('transient', `A media file of the post ended early while it was sent to ${platform}. It will be tried again.`);
        pending.push(Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength));
        pendingBytes += chunk.value.byteLength;
      }
      const joined = Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, size);
      pending = pendingBytes > size ? [joined.subarray(size)] : [];
      pendingBytes -= size;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Waits between polls; an aborted worker stops waiting (transient: the next attempt resumes). */
export async function pause(platform: string, ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw networkError(platform, error);
  }
}
