import { pipeline, Readable } from 'node:stream';
import { In, type EntityManager } from 'typeorm';
import { acceptsMime, PostMessages, SchedulerRequests, sizeLimit, tooLargeMessage, type DeletedMedia, type MediaFacts, type MediaType, type StoredMediaFacts } from '@planner/contracts';
import { ask, badRequest, HttpError, type ServiceContext } from '@planner/service-kit';
import { afterCommit } from '@planner/service-kit/data';
import type { ByteSpan } from '../adapters/media-storage.js';
import type { PostsContext } from '../context.js';
import { byteRange } from '../domain/byte-range.js';
import { JPEG_RENDITION_TYPES, pngAsJpeg } from '../domain/jpeg-image.js';
import { MediaMeter, MediaTooLargeError } from '../domain/media-meter.js';
import { mediaKeyOf, newMediaKey } from '../domain/media-keys.js';
import { SNIFF_BYTES, sniffMediaType } from '../domain/media-types.js';
import { signedMediaUrl } from '../domain/signed-url.js';
import { Media } from '../entities/media.entity.js';

/** A stored media file, as the rules and the post see it: its duration as its container gave it (never left out, so a story video whose length cannot be read is refused). */
export interface StoredMedia extends MediaFacts {
  durationSeconds: number | null;
  key: string;
  source: Media['source'];
  /** The facts the platforms' rules read (picture as shown, frame rate, size, duration). */
  facts: StoredMediaFacts;
}

const factsOf = (media: Media): StoredMedia => ({
  key: media.key,
  mime: media.mime,
  kind: media.mime.startsWith('image/') ? 'image' : 'video',
  size: media.size,
  durationSeconds: media.durationSeconds,
  source: media.source,
  facts: factsView(media),
});

const factsView = (media: Pick<Media, 'size' | 'durationSeconds' | 'width' | 'height' | 'frameRate'>): StoredMediaFacts => ({
  size: media.size,
  duration_seconds: media.durationSeconds,
  width: media.width,
  height: media.height,
  frame_rate: media.frameRate,
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
  // pipeline(), not pipe(): the write fails with the source (a body cut short, a client that went away), the
  // source stops with the meter, and the meter has a listener for its error while the storage is not yet
  // reading it (pipe()'s own rethrows it when alone: an uncaught exception).
  const meter = pipeline(stream, new MediaMeter(type, limit.bytes), () => {});
  const key = newMediaKey(organizationId, type.ext);
  try {
    await ctx.adapters.storage.put(key, meter, type.mime);
  } catch (error) {
    if (error instanceof MediaTooLargeError) throw new HttpError(413, tooLargeMessage(limit));
    throw error;
  }
  const media = ctx.dataSource.getRepository(Media);
  try {
    return factsOf(
      await media.save(
        media.create({ key, organizationId, mime: type.mime, size: meter.size, ...meter.videoFacts, source, createdBy }),
      ),
    );
  } catch (error) {
    await ctx.adapters.storage.remove(key);
    throw error;
  }
}

/** What is known of the bytes of these stored media, by key, as the scheduler's platform rules read it; a key with no row is absent. */
export async function storedMediaFacts(ctx: PostsContext, keys: readonly string[]): Promise<Map<string, StoredMediaFacts>> {
  if (keys.length === 0) return new Map();
  const rows = await ctx.dataSource.getRepository(Media).find({
    where: { key: In([...new Set(keys)]) },
    select: { key: true, size: true, durationSeconds: true, width: true, height: true, frameRate: true },
  });
  return new Map(rows.map((row) => [row.key, factsView(row)]));
}

/** Removes media stored for something that did not happen (a refused form): rows and bytes. */
export async function discardMedia(ctx: PostsContext, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.dataSource.getRepository(Media).delete({ key: In([...keys]) });
  await Promise.all(keys.map((key) => ctx.adapters.storage.remove(key)));
}

/** Media keys of the paths given (keys or media URLs), each once; what names no media is left out. */
const mediaKeysOf = (paths: readonly string[]) => [...new Set(paths.map(mediaKeyOf).filter((key): key is string => key !== null))];

/**
 * SQL: whether the media key `key` of organization `organization` is shown by
 * a post that is not deleted or kept in a generation draft's request.
 */
const shownSql = (organization: string, key: string) => `(
  EXISTS (SELECT 1 FROM posts WHERE organization_id = ${organization} AND deleted_at IS NULL AND media_paths @> ARRAY[${key}]::text[])
  OR EXISTS (SELECT 1 FROM generation_drafts WHERE organization_id = ${organization} AND ${key} = ANY(string_to_array(request->>'media_paths', ',')))
)`;

/**
 * Holds the rows of the media a post is being saved with until its
 * transaction ends, so that a clean-up deciding whether they are still shown
 * (deleteUnshown) waits for the post; 400 when one was deleted meanwhile.
 */
export async function holdMedia(manager: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const held = await manager.query<Array<{ key: string }>>(`SELECT key FROM media WHERE key = ANY($1::text[]) FOR KEY SHARE`, [[...keys]]);
  if (held.length < new Set(keys).size) throw badRequest(PostMessages.mediaNotFound);
}

/**
 * A post's media set to `keys` in the transaction of `manager` (the caller
 * assigns them): they are held until it ends (holdMedia), and those the post
 * had and drops are deleted once it has committed, unless something else
 * still shows them (deleteDroppedMedia).
 */
export async function replaceMedia(ctx: PostsContext, manager: EntityManager, post: { organizationId: string; mediaPaths?: string[] }, keys: readonly string[]): Promise<void> {
  await holdMedia(manager, keys);
  const dropped = (post.mediaPaths ?? []).filter((key) => !keys.includes(key));
  if (dropped.length > 0) afterCommit(manager, () => deleteDroppedMedia(ctx, post.organizationId, dropped));
}

/**
 * Deletes those of the organization's media (keys) that nothing shows any
 * more — no post that is not deleted, no generation draft, none of `kept`
 * (an auto-schedule's) — their rows, then their bytes. The rows are locked
 * first: a post being saved with one holds it (holdMedia) and is seen once it
 * has committed.
 */
async function deleteUnshown(ctx: PostsContext, organizationId: string, keys: readonly string[], kept: ReadonlySet<string> = new Set()): Promise<DeletedMedia> {
  if (keys.length === 0) return { deleted: [], in_use: [] };
  const outcome = await ctx.dataSource.transaction(async (manager) => {
    const locked = await manager.query<Array<{ key: string }>>(
      `SELECT key FROM media WHERE organization_id = $1 AND key = ANY($2::text[]) ORDER BY key FOR UPDATE`,
      [organizationId, [...keys]],
    );
    // A statement of its own, so it sees the posts committed while the rows were waited for.
    const shown = await manager.query<Array<{ key: string }>>(`SELECT key FROM unnest($2::text[]) AS candidate(key) WHERE ${shownSql('$1', 'candidate.key')}`, [
      organizationId,
      locked.map((row) => row.key),
    ]);
    const inUse = new Set([...shown.map((row) => row.key), ...locked.map((row) => row.key).filter((key) => kept.has(key))]);
    const deleted = locked.map((row) => row.key).filter((key) => !inUse.has(key));
    if (deleted.length > 0) await manager.delete(Media, { key: In(deleted) });
    return { deleted, in_use: locked.map((row) => row.key).filter((key) => inUse.has(key)) };
  });
  await Promise.all(outcome.deleted.map((key) => ctx.adapters.storage.remove(key)));
  return outcome;
}

/**
 * Deletes the organization's stored files these paths name (keys or media
 * URLs; other organizations' and unknown paths are skipped), except those a
 * post that is not deleted or a draft still shows: the scheduler's request
 * for an auto-schedule's media it no longer keeps.
 */
export function deleteOrganizationMedia(ctx: PostsContext, organizationId: string, paths: readonly string[]): Promise<DeletedMedia> {
  return deleteUnshown(ctx, organizationId, mediaKeysOf(paths));
}

/** The media the organization's auto-schedules keep (their specific media), as the scheduler tells. */
async function scheduleMedia(ctx: PostsContext, organizationId: string): Promise<Set<string>> {
  const schedules = await ask(ctx, SchedulerRequests.listForOrganization, { organization_id: organizationId });
  return new Set(mediaKeysOf(schedules.flatMap((schedule) => schedule.specific_media.split(','))));
}

/**
 * Media a post no longer shows after an edit, deleted unless another post, a
 * draft or an auto-schedule of the organization still shows them. Runs once
 * the edit has committed; a failure (the scheduler not answering) is logged
 * and left to the daily sweep.
 */
export async function deleteDroppedMedia(ctx: PostsContext, organizationId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await deleteUnshown(ctx, organizationId, keys, await scheduleMedia(ctx, organizationId));
  } catch (error) {
    ctx.logger.warn({ err: error, organizationId }, 'media an edit dropped were not deleted; the daily sweep deletes them');
  }
}

/** Media nothing shows are kept this long: a file is stored before the post that shows it is saved (an upload, an AI image in an open form). */
export const UNSHOWN_MEDIA_GRACE_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 500;

/**
 * The daily sweep: deletes stored media older than the grace that nothing
 * shows (what a crash between storing a file and refusing its form left, an
 * AI image never used), a batch of an organization at a time. An
 * organization whose auto-schedules cannot be asked keeps its files until
 * the next sweep. Answers how many were deleted.
 */
export async function sweepUnshownMedia(ctx: PostsContext, now = new Date()): Promise<number> {
  const storedBefore = new Date(now.getTime() - UNSHOWN_MEDIA_GRACE_MS);
  let after = '';
  let deleted = 0;
  for (;;) {
    const candidates = await ctx.dataSource.query<Array<{ key: string; organization_id: string }>>(
      `SELECT key, organization_id FROM media AS m WHERE created_at < $1 AND key > $2 AND NOT ${shownSql('m.organization_id', 'm.key')} ORDER BY key LIMIT ${SWEEP_BATCH}`,
      [storedBefore, after],
    );
    const byOrganization = new Map<string, string[]>();
    for (const { key, organization_id: organizationId } of candidates) byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), key]);
    for (const [organizationId, keys] of byOrganization) {
      try {
        const outcome = await deleteUnshown(ctx, organizationId, keys, await scheduleMedia(ctx, organizationId));
        deleted += outcome.deleted.length;
      } catch (error) {
        ctx.logger.warn({ err: error, organizationId }, 'the media sweep skipped an organization');
      }
    }
    if (candidates.length < SWEEP_BATCH) return deleted;
    after = candidates.at(-1)!.key;
  }
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

/**
 * A stored PNG as JPEG (its rendition's bytes, made as they are fetched: the
 * same bytes each time), or null when the media is not stored or is not of a
 * type converted. The whole file is read, within part 2 §5's 10 MB for images.
 */
export async function openJpegRendition(ctx: PostsContext, key: string): Promise<{ mime: 'image/jpeg'; size: number; body: Buffer } | null> {
  const media = await ctx.dataSource.getRepository(Media).findOneBy({ key });
  if (!media || !JPEG_RENDITION_TYPES.includes(media.mime)) return null;
  const opened = await ctx.adapters.storage.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const jpeg = await pngAsJpeg(Buffer.concat(chunks));
  return { mime: 'image/jpeg', size: jpeg.length, body: jpeg };
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

/** Set by the replica that sweeps; while it lasts no other sweeps. A little under a day, so hourly checks never skip one. */
const SWEPT_MARK = 'media-sweep:swept';
const SWEPT_MARK_MS = 23 * 60 * 60_000;

/**
 * The sweep, once a day across the service's replicas and restarts: the
 * replica that takes the day's mark in Redis sweeps. Answers how many media
 * were deleted, or null when another sweep had the day.
 */
export async function dailyMediaSweep(ctx: PostsContext): Promise<number | null> {
  const taken = await ctx.redis.set(SWEPT_MARK, new Date().toISOString(), 'PX', SWEPT_MARK_MS, 'NX');
  return taken === 'OK' ? sweepUnshownMedia(ctx) : null;
}
