import { Readable } from 'node:stream';
import { In, type EntityManager } from 'typeorm';
import { PostMessages, type DeletedMedia, type MediaType } from '@planner/contracts';
import { badRequest, HttpError, type ServiceContext } from '@planner/service-kit';
import type { ByteSpan } from '../adapters/media-storage.js';
import type { PostsContext } from '../context.js';
import { byteRange } from '../domain/byte-range.js';
import { MediaMeter, MediaTooLargeError } from '../domain/media-meter.js';
import { mediaKeyOf, newMediaKey } from '../domain/media-keys.js';
import { acceptsMime, sizeLimit, tooLargeMessage, type MediaFacts } from '../domain/media-rules.js';
import { SNIFF_BYTES, sniffMediaType } from '../domain/media-types.js';
import { signedMediaUrl } from '../domain/signed-url.js';
import { Media } from '../entities/media.entity.js';

/** A stored media file, as the rules and the post see it. */
export interface StoredMedia extends MediaFacts {
  key: string;
  source: Media['source'];
}

const factsOf = (media: Media): StoredMedia => ({
  key: media.key,
  mime: media.mime,
  kind: media.mime.startsWith('image/') ? 'image' : 'video',
  size: media.size,
  durationSeconds: media.durationSeconds,
  source: media.source,
});

/** The first `bytes` of a stream, and a stream of the whole again (what was read is put back). */
function peek(body: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (ended: boolean) => {
      body.off('readable', read).off('end', onEnd).off('error', reject);
      const head = Buffer.concat(chunks);
      if (!ended) body.unshift(head);
      resolve({ head: head.subarray(0, bytes), stream: ended ? Readable.from([head]) : body });
    };
    const read = () => {
      for (let chunk = body.read() as Buffer | null; chunk !== null; chunk = body.read() as Buffer | null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= bytes) return finish(false);
      }
    };
    const onEnd = () => finish(true);
    body.on('readable', read).once('end', onEnd).once('error', reject);
  });
}

/**
 * Stores a media file of the organization: its type sniffed from its first
 * bytes ('Invalid media type' for anything else, or for a type `mediaType`
 * does not take), streamed to storage through a meter that cuts it off past
 * its size limit (the post's media type's when known, else the largest) and
 * reads a video's duration on the way, then recorded. Nothing stays of a file
 * refused. The AI image generator stores its images through it too.
 */
export async function storeMedia(
  ctx: PostsContext,
  organizationId: string,
  body: Readable | Buffer,
  { source, mediaType = null, createdBy = null }: { source: Media['source']; mediaType?: MediaType | null; createdBy?: string | null },
): Promise<StoredMedia> {
  const { head, stream } = Buffer.isBuffer(body) ? { head: body.subarray(0, SNIFF_BYTES), stream: Readable.from([body]) } : await peek(body, SNIFF_BYTES);
  const type = sniffMediaType(head);
  if (!type || (mediaType && !acceptsMime(mediaType, type.mime))) throw badRequest(PostMessages.invalidMediaType);
  const limit = sizeLimit(mediaType, type.kind);
  const meter = new MediaMeter(type, limit.bytes);
  // pipe() does not pass the source's failure on (a client that went away): the write must fail with it.
  stream.once('error', (error) => meter.destroy(error));
  const key = newMediaKey(organizationId, type.ext);
  try {
    await ctx.adapters.storage.put(key, stream.pipe(meter), type.mime);
  } catch (error) {
    if (error instanceof MediaTooLargeError) throw new HttpError(413, tooLargeMessage(limit));
    throw error;
  }
  const media = ctx.dataSource.getRepository(Media);
  try {
    return factsOf(
      await media.save(
        media.create({ key, organizationId, mime: type.mime, size: meter.size, durationSeconds: meter.durationSeconds, source, createdBy }),
      ),
    );
  } catch (error) {
    await ctx.adapters.storage.remove(key);
    throw error;
  }
}

/** Removes media stored for something that did not happen (a refused form): rows and bytes. */
export async function discardMedia(ctx: PostsContext, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.dataSource.getRepository(Media).delete({ key: In([...keys]) });
  await Promise.all(keys.map((key) => ctx.adapters.storage.remove(key)));
}

/**
 * Deletes the organization's stored files these paths name (keys or media
 * URLs; other organizations' and unknown paths are skipped), except those a
 * post that is not deleted still shows: their rows, then their bytes.
 */
export async function deleteOrganizationMedia(ctx: PostsContext, organizationId: string, paths: readonly string[]): Promise<DeletedMedia> {
  const keys = [...new Set(paths.map(mediaKeyOf).filter((key): key is string => key !== null))];
  if (keys.length === 0) return { deleted: [], in_use: [] };
  const owned = await ctx.dataSource.getRepository(Media).findBy({ key: In(keys), organizationId });
  const shown = await ctx.dataSource.query<Array<{ key: string }>>(
    `SELECT DISTINCT unnest(media_paths) AS key FROM posts WHERE organization_id = $1 AND deleted_at IS NULL AND media_paths && $2::text[]`,
    [organizationId, owned.map((media) => media.key)],
  );
  const inUse = new Set(shown.map((row) => row.key));
  const deleted = owned.map((media) => media.key).filter((key) => !inUse.has(key));
  await discardMedia(ctx, deleted);
  return { deleted, in_use: owned.map((media) => media.key).filter((key) => inUse.has(key)) };
}

/** The organization's media of these keys, in their order; 400 when one is not the organization's or does not exist. */
export async function organizationMedia(ctx: ServiceContext, organizationId: string, keys: readonly string[]): Promise<StoredMedia[]> {
  if (keys.length === 0) return [];
  const found = await ctx.dataSource.getRepository(Media).findBy({ key: In([...keys]), organizationId });
  const byKey = new Map(found.map((media) => [media.key, factsOf(media)]));
  return keys.map((key) => {
    const media = byKey.get(key);
    if (!media) throw badRequest(PostMessages.mediaNotFound);
    return media;
  });
}

/** The organization's media named by these references (keys, or /api/media/ URLs signed or not); 400 when one names none of its media. */
export function referencedMedia(ctx: ServiceContext, organizationId: string, references: readonly string[]): Promise<StoredMedia[]> {
  const keys = references.map((reference) => mediaKeyOf(reference));
  if (keys.includes(null)) throw badRequest(PostMessages.mediaNotFound);
  return organizationMedia(ctx, organizationId, keys as string[]);
}

/**
 * A stored file to serve, with its sniffed type and whole size: all of it, or
 * the span a `Range` header asks for; 'unsatisfiable' for a range past its
 * end; null when there is none.
 */
export async function openMedia(
  ctx: PostsContext,
  key: string,
  range: string | undefined,
): Promise<{ mime: string; size: number; span: ByteSpan | null; body: Readable } | { unsatisfiable: true; size: number } | null> {
  const media = await ctx.dataSource.getRepository(Media).findOneBy({ key });
  if (!media) return null;
  const span = byteRange(range, media.size);
  if (span === 'unsatisfiable') return { unsatisfiable: true, size: media.size };
  const opened = await ctx.adapters.storage.open(key, span ?? undefined);
  if (!opened) return null;
  return { mime: media.mime, size: media.size, span, body: opened.body };
}

/** A deleted organization's media: rows in the caller's transaction; the bytes are for the caller to remove after it commits. */
export async function forgetOrganizationMedia(manager: EntityManager, organizationId: string): Promise<void> {
  await manager.delete(Media, { organizationId });
}

export const SIGNED_URL_TTL_SECONDS = 24 * 60 * 60;

/** Links platforms fetch without login (Instagram, Threads, TikTok, Facebook pull media by URL), valid for a day. */
export function signedMediaUrls(ctx: PostsContext, keys: readonly string[], now = Date.now()): string[] {
  const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
  return keys.map((key) => signedMediaUrl(ctx.config.APP_URL, key, expires, ctx.config.MEDIA_SIGNING_KEY));
}
