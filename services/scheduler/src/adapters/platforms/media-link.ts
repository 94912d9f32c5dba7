import type { PublishableMedia } from './platform-adapter.js';
import { networkError, PlatformError } from './platform-error.js';

/** A post's media opened for streaming: its size and its bytes as they arrive, never the whole file in memory. */
export interface OpenedMedia {
  size: number;
  contentType: string;
  body: ReadableStream<Uint8Array>;
  /** Lets the link's connection go when its bytes were not (all) read, e.g. a step before the upload failed. */
  discard(): Promise<void>;
}

/**
 * Fetches a media link (signed by the posts service) for a platform that takes
 * bytes. The body errors (transiently) if it ends before or after the size the
 * link announced, so a cut download never becomes a short upload.
 */
export async function openMediaLink(platform: string, media: PublishableMedia, signal: AbortSignal): Promise<OpenedMedia> {
  let response: Response;
  try {
    response = await fetch(media.url, { signal });
  } catch (error) {
    throw networkError(platform, error);
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

/** The stream in pieces of `size` bytes (the last one shorter), each read as the bytes arrive. */
export async function* piecesOf(body: ReadableStream<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body) {
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
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
