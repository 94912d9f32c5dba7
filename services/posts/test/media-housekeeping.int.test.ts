import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalRequestSchema, PostMessages } from '@planner/contracts';
import { HttpError } from '@planner/service-kit';
import { bearer, waitFor } from '@planner/service-kit/testing';
import { dailyMediaSweep, deleteDroppedMedia, holdMedia, storeMedia, sweepUnshownMedia } from '../src/commands/media.js';
import { GenerationDraft } from '../src/entities/generation-draft.entity.js';
import { Media } from '../src/entities/media.entity.js';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';
import { png } from './media-fixtures.js';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-housekeeping-'));
const h = usePosts(() => ({ env: { MEDIA_DIR: mediaDir } }));

let owner: { id: string; token: string };
let org: string;

beforeAll(async () => {
  owner = await h.addMember('pro');
  org = await h.addOrganization(owner.id);
});

afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/** A file stored as an upload is (bytes on disk, its row), for the organization. */
const stored = async (organizationId = org) => (await storeMedia(h.ctx, organizationId, png(2048), { source: 'upload', createdBy: owner.id })).key;
/** Whether the file is still kept: its row and its bytes. */
const kept = async (key: string) => ({ row: (await h.ctx.dataSource.getRepository(Media).existsBy({ key })), bytes: fs.existsSync(path.join(mediaDir, key)) });
const KEPT = { row: true, bytes: true };
const GONE = { row: false, bytes: false };

/** An auto-schedule of the organization whose posts carry these media of its own. */
async function scheduleWith(organizationId: string, keys: string[]): Promise<void> {
  const id = await h.addSchedule(organizationId);
  await h.ctx.dataSource.query(`UPDATE "${h.ctx.id}_scheduler".auto_schedules SET specific_media = $2 WHERE id = $1`, [id, keys]);
}

async function draftWith(organizationId: string, keys: string[]): Promise<void> {
  const request = originalRequestSchema.parse({ business_name: 'Fjord Bakery', media_type: 'image', media_paths: keys.join(',') });
  await h.ctx.dataSource.getRepository(GenerationDraft).insert({ organizationId, createdBy: owner.id, request, posts: {}, sandbox: true });
}

const olderThanADay = (keys: string[]) => h.ctx.dataSource.query(`UPDATE media SET created_at = now() - interval '25 hours' WHERE key = ANY($1::text[])`, [keys]);

describe('an edit that drops media from a post', () => {
  it('deletes the files no other post, draft or auto-schedule shows, once the edit is saved', async () => {
    const [alone, shared, scheduled, drafted, shownByDeleted, next] = await Promise.all([stored(), stored(), stored(), stored(), stored(), stored()]);
    const id = await h.addPost(org, { platforms: ['LinkedIn'], mediaType: 'carousel', status: 'pending_review', mediaPaths: [alone, shared, scheduled, drafted, shownByDeleted] });
    await h.addPost(org, { platforms: ['LinkedIn'], mediaType: 'image', mediaPaths: [shared] });
    await h.addPost(org, { platforms: ['LinkedIn'], mediaType: 'image', mediaPaths: [shownByDeleted], deleted: true });
    await scheduleWith(org, [scheduled]);
    await draftWith(org, [drafted]);

    const res = await h.api.send({ method: 'POST', url: `/posts/${id}/update`, headers: bearer(owner.token), payload: { media_type: 'image', media_paths: [next] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().post.media_paths).toBe(next);
    expect(await kept(alone)).toEqual(GONE);
    expect(await kept(shownByDeleted)).toEqual(GONE);
    for (const key of [shared, scheduled, drafted, next]) expect(await kept(key)).toEqual(KEPT);
  });

  it('keeps every file when the edit keeps its media, and another post’s when a post takes them over', async () => {
    const [first, second] = await Promise.all([stored(), stored()]);
    const id = await h.addPost(org, { platforms: ['LinkedIn'], mediaType: 'carousel', status: 'pending_review', mediaPaths: [first, second] });
    const edit = (payload: object) => h.api.send({ method: 'POST', url: `/posts/${id}/update`, headers: bearer(owner.token), payload });
    expect((await edit({ content: 'New text' })).statusCode).toBe(200);
    expect((await edit({ media_paths: [second, first] })).statusCode).toBe(200);
    expect([await kept(first), await kept(second)]).toEqual([KEPT, KEPT]);
  });
});

describe('a post being saved with a file while an edit drops it elsewhere', () => {
  it('is waited for: the clean-up sees the post once it commits and keeps the file', async () => {
    const key = await stored();
    const saving = h.ctx.dataSource.createQueryRunner();
    await saving.connect();
    await saving.startTransaction();
    try {
      await holdMedia(saving.manager, [key]);
      await saving.manager.getRepository(Post).insert({ organizationId: org, platforms: ['LinkedIn'], mediaType: 'image', mediaPaths: [key], content: 'Buns' });
      const cleanup = deleteDroppedMedia(h.ctx, org, [key]);
      // The clean-up waits on the file's row the saving post holds.
      await waitFor(
        () =>
          h.ctx.dataSource.query<Array<{ waiting: number }>>(
            `SELECT count(*)::int AS waiting FROM pg_locks JOIN pg_stat_activity USING (pid) WHERE NOT granted AND query LIKE '%FROM media WHERE organization_id = $1%FOR UPDATE%'`,
          ),
        ([row]) => row!.waiting > 0,
      );
      await saving.commitTransaction();
      await cleanup;
    } finally {
      await saving.release();
    }
    expect(await kept(key)).toEqual(KEPT);
  });

  it('is refused with the spec’s message when the file was deleted first', async () => {
    const key = await stored();
    await deleteDroppedMedia(h.ctx, org, [key]);
    expect(await kept(key)).toEqual(GONE);
    const refusal = await h.ctx.dataSource.transaction((manager) => holdMedia(manager, [key])).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 400, message: PostMessages.mediaNotFound });
  });
});

describe('the daily sweep', () => {
  it('deletes stored media older than a day that nothing shows, and nothing younger or shown', async () => {
    const other = await h.addOrganization(owner.id);
    const [stray, strayOfOther, young, shown, scheduled, drafted] = await Promise.all([stored(), stored(other), stored(), stored(), stored(), stored()]);
    await olderThanADay([stray, strayOfOther, shown, scheduled, drafted]);
    await h.addPost(org, { platforms: ['LinkedIn'], mediaType: 'image', mediaPaths: [shown] });
    await scheduleWith(org, [scheduled]);
    await draftWith(org, [drafted]);

    expect(await sweepUnshownMedia(h.ctx)).toBe(2);
    expect([await kept(stray), await kept(strayOfOther)]).toEqual([GONE, GONE]);
    for (const key of [young, shown, scheduled, drafted]) expect(await kept(key)).toEqual(KEPT);
  });

  it('runs once a day whichever replica asks: the service swept at its start', async () => {
    const stray = await stored();
    await olderThanADay([stray]);
    expect(await dailyMediaSweep(h.ctx)).toBeNull();
    expect(await kept(stray)).toEqual(KEPT);
    await h.ctx.redis.del('media-sweep:swept');
    expect(await dailyMediaSweep(h.ctx)).toBe(1);
    expect(await dailyMediaSweep(h.ctx)).toBeNull();
    expect(await kept(stray)).toEqual(GONE);
  });
});
