import type { PublishableMedia } from './platform-adapter.js';
import { networkError, PlatformError } from './platform-error.js';
import { transportError } from './platform-fetch.js';

/** A post's media opened for streaming: its size and its bytes as they arrive, never the whole file in memory. */
export interface OpenedMedia {
  size: number;
  /** The type the posts service sniffed from the bytes, which the platform's rules were checked against. */
  contentType: string;
  body: ReadableStream<Uint8Array>;
  /** Lets the link's connection go when its bytes were not (all) read, e.g. a step before the upload failed. */
  discard(): Promise<void>;
}

/**
 * Fetches a media link (signed by the posts service) for a platform that takes
 * bytes. Only the wait for its headers is timed (`timeoutMs`): the bytes are
 * then read as fast as the platform takes them, bounded by the worker's signal.
 * The body errors (transiently) if it ends before or after the size the link
 * announced, so a cut download never becomes a short upload.
 */
export async function openMediaLink(platform: string, media: PublishableMedia, signal: AbortSignal, timeoutMs: number): Promise<OpenedMedia> {
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(new DOMException('The media link did not answer in time.', 'TimeoutError')), timeoutMs);
  let response: Response;
  try {
    response = await fetch(media.url, { signal: AbortSignal.any([signal, headersTimeout.signal]) });
  } catch (error) {
    throw networkError(platform, error);
  } finally {
    clearTimeout(timer);
  }
  const size = Number(response.headers.get('content-length'));
  if (!response.ok || !response.body || !Number.isSafeInteger(size) || size <= 0) {
    await response.body?.cancel();
    // An expired signature (403) or the posts service's own trouble passes with the next attempt's fresh link; a missing file does not.
    const kind = response.status >= 500 || response.status === 403 ? 'transient' : 'permanent';
    const what = response.ok ? 'gave no size' : `answered HTTP ${response.status}`;
    // Not worded by the spec. The link itself is never shown: it carries a signature.
    throw new PlatformError(kind, `The post's media could not be read for ${platform}: its link ${what}.`, { status: response.status });
  }
  let received = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (received > size) controller.error(networkError(platform, new Error(`media link sent more than its ${size} bytes`)));
      else controller.enqueue(chunk);
    },
    flush(controller) {
      if (received < size) controller.error(networkError(platform, new Error(`media link ended after ${received} of ${size} bytes`)));
    },
  });
  const body = response.body.pipeThrough(counted);
  // A stream being read (locked) is ended by its reader; one already read or failed has nothing left to let go.
  const discard = async () => {
    if (!body.locked) await body.cancel().catch(() => undefined);
  };
  return { size, contentType: media.contentType, body, discard };
}

/**
 * The stream in pieces, each held alone as its bytes arrive: of `sizes` bytes
 * (the last one shorter), or of the given sizes in turn (a platform's upload
 * parts), where a stream that ends before them is a cut download (transient).
 */
export async function* piecesOf(platform: string, body: ReadableStream<Uint8Array>, sizes: number | readonly number[]): AsyncGenerator<Buffer> {
  const reader = body.getReader();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for (let index = 0; ; index++) {
      const size = typeof sizes === 'number' ? sizes : sizes[index];
      if (size === undefined) return;
      while (pendingBytes < size) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw transportError(platform, error);
        }
        if (chunk.done) {
          if (typeof sizes !== 'number') throw new PlatformError('transient', `A media file of the post ended early while it was sent to ${platform}. It will be tried again.`);
          if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
          return;
        }
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

/** The stream without its first `count` bytes: what an upload session already holds when it is resumed. */
export function withoutFirstBytes(body: ReadableStream<Uint8Array>, count: number): ReadableStream<Uint8Array> {
  if (count === 0) return body;
  let toSkip = count;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (toSkip >= chunk.byteLength) {
          toSkip -= chunk.byteLength;
          return;
        }
        controller.enqueue(chunk.subarray(toSkip));
        toSkip = 0;
      },
    }),
  );
}
