import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedMediaSchema, PostMessages, PostRequests, storedMediaSchema } from '@planner/contracts';
import { ask, HttpError } from '@planner/service-kit';
import { startTestService, type TestServiceContext } from '@planner/service-kit/testing';
import type { PostsConfig } from '../src/config.js';
import { Media } from '../src/entities/media.entity.js';
import { Post } from '../src/entities/post.entity.js';
import { postsService } from '../src/service.js';
import { jpeg, mp4, png } from './media-fixtures.js';

let ctx: TestServiceContext<PostsConfig>;
let close: () => Promise<void>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-media-requests-'));

beforeAll(async () => {
  ({ ctx, close } = await startTestService(postsService, { env: { MEDIA_DIR: mediaDir } }));
});

afterAll(async () => {
  await close?.();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(mediaDir, key);

/** Stores a file as the scheduler does: the bytes as a bus transfer, the request naming it; the transfer removed once answered. */
async function store(organizationId: string, bytes: Buffer, mediaType: 'image' | 'video' | 'short' | 'story' | 'carousel' | 'text') {
  const transfer = await ctx.bus.putTransfer(bytes);
  try {
    return await ask(ctx, PostRequests.storeMedia, { organization_id: organizationId, transfer, media_type: mediaType }, { timeoutMs: 10_000 });
  } finally {
    await ctx.bus.removeTransfer(transfer);
  }
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as HttpError);

describe('posts.media.store', () => {
  it('stores an upload of the organization, its type sniffed from its bytes, and answers its path', async () => {
    const organizationId = randomUUID();
    const image = png(3 * 1024 * 1024);
    const answer = storedMediaSchema.parse(await store(organizationId, image, 'image'));
    expect(answer).toMatchObject({ mime: 'image/png', size: image.length });
    expect(answer.path).toMatch(new RegExp(`^${organizationId}/[0-9a-f-]{36}\\.png$`));
    expect(fs.readFileSync(fileOf(answer.path)).equals(image)).toBe(true);
    expect(await ctx.dataSource.getRepository(Media).findOneBy({ key: answer.path })).toMatchObject({ organizationId, mime: 'image/png', source: 'upload' });

    const clip = storedMediaSchema.parse(await store(organizationId, mp4(20), 'short'));
    expect(clip).toMatchObject({ mime: 'video/mp4' });
  });

  it('refuses a file its media type does not take, or that is no media, with the spec’s message; a file past its size with 413; nothing stays', async () => {
    const organizationId = randomUUID();
    for (const [bytes, mediaType] of [[png(), 'video'], [mp4(5), 'image'], [Buffer.from('just text'), 'image'], [jpeg(), 'text']] as const) {
      const error = await refusal(store(organizationId, bytes, mediaType));
      expect(error).toBeInstanceOf(HttpError);
      expect([error!.statusCode, error!.message]).toEqual([400, PostMessages.invalidMediaType]);
    }
    const tooLarge = await refusal(store(organizationId, png(11 * 1024 * 1024), 'image'));
    expect([tooLarge!.statusCode, tooLarge!.message]).toEqual([413, PostMessages.fileTooLarge('Image', '10 MB')]);
    expect(await ctx.dataSource.getRepository(Media).countBy({ organizationId })).toBe(0);
    expect(fs.existsSync(path.join(mediaDir, organizationId)) ? fs.readdirSync(path.join(mediaDir, organizationId)) : []).toEqual([]);
  });

  it('refuses a transfer that is not there, and a request outside its contract, with 400', async () => {
    const missing = await refusal(ask(ctx, PostRequests.storeMedia, { organization_id: randomUUID(), transfer: randomUUID(), media_type: 'image' }));
    expect(missing!.statusCode).toBe(400);
    const malformed = await refusal(ctx.bus.request(PostRequests.storeMedia, { organization_id: 'nope', transfer: 'x', media_type: 'image' }));
    expect(malformed!.statusCode).toBe(400);
  });
});

describe('posts.media.delete', () => {
  const remove = async (organizationId: string, paths: string[]) =>
    deletedMediaSchema.parse(await ask(ctx, PostRequests.deleteMedia, { organization_id: organizationId, paths }));

  it('deletes the organization’s files by path or media URL, keeps those a live post shows, and never touches another organization’s', async () => {
    const organizationId = randomUUID();
    const [dropped, byUrl, shown, shownByDeleted] = await Promise.all([1, 2, 3, 4].map(async () => (await store(organizationId, png(), 'image')).path));
    const stranger = randomUUID();
    const theirs = (await store(stranger, png(), 'image')).path;
    const posts = ctx.dataSource.getRepository(Post);
    await posts.save(posts.create({ organizationId, content: 'Still shown', mediaType: 'image', mediaPaths: [shown!] }));
    const gone = await posts.save(posts.create({ organizationId, content: 'Deleted', mediaType: 'image', mediaPaths: [shownByDeleted!] }));
    await posts.softDelete(gone.id);

    const answer = await remove(organizationId, [dropped!, `https://planner.example/api/media/${byUrl}?expires=1&signature=x`, shown!, shownByDeleted!, theirs, 'not/a/key.png']);
    expect(answer.deleted.sort()).toEqual([dropped!, byUrl!, shownByDeleted!].sort());
    expect(answer.in_use).toEqual([shown]);
    for (const key of answer.deleted) expect(fs.existsSync(fileOf(key))).toBe(false);
    expect(await ctx.dataSource.getRepository(Media).findBy({ organizationId })).toMatchObject([{ key: shown }]);
    expect(fs.existsSync(fileOf(shown!))).toBe(true);
    expect(fs.existsSync(fileOf(theirs))).toBe(true);

    expect(await remove(organizationId, [dropped!])).toEqual({ deleted: [], in_use: [] });
    expect(await remove(organizationId, [])).toEqual({ deleted: [], in_use: [] });
  });
});
