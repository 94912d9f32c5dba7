import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import { bearer, publishEvent, waitFor } from '@planner/service-kit/testing';
import { PostMessages, PostRequests, SharedMessages, type PostForPublishing, type Role } from '@planner/contracts';
import { mediaSignature } from '../src/domain/signed-url.js';
import { Media } from '../src/entities/media.entity.js';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';
import { jpeg, mp4, png } from './media-fixtures.js';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-media-'));
const WAIT_MS = 4000;
const SIGNING_KEY = 'test-media-signing-key-5d1c0e';
const h = usePosts(() => ({ env: { MEDIA_DIR: mediaDir, PUBLISH_NOW_WAIT_MS: String(WAIT_MS), MEDIA_SIGNING_KEY: SIGNING_KEY } }));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const MB = 1024 * 1024;
const users = { alice: randomUUID(), bob: randomUUID() };
const orgs = {} as { alice: string; aliceInactive: string; bob: string };
const token = (userId: string, role: Role = 'pro') => h.ctx.keys.sign({ sub: userId, role });
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  alice = bearer(await token(users.alice));
  bob = bearer(await token(users.bob));
  [orgs.alice, orgs.aliceInactive, orgs.bob] = await Promise.all([
    h.addOrganization(users.alice),
    h.addOrganization(users.alice, { isActive: false }),
    h.addOrganization(users.bob),
  ]);
});

type Part = [name: string, value: string] | [name: string, bytes: Buffer, filename: string, type?: string];

function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([value], { type: type ?? 'application/octet-stream' }), filename);
  }
  return data;
}

async function submit(mode: 'now' | 'later', parts: Part[], headers = alice) {
  const res = await h.api.fetch(`/schedule_post/${mode}`, { method: 'POST', body: form(parts), headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the service answered
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const later = (parts: Part[], headers = alice) => submit('later', [['organization_id', orgs.alice], ['scheduled_time', inAnHour()], ...parts], headers);

/** Files under MEDIA_DIR and rows of the media table: what a refused form must not leave. */
async function storedCount(): Promise<{ files: number; rows: number }> {
  const files = fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  return { files, rows: await h.ctx.dataSource.getRepository(Media).count() };
}

/** The publish requests the posts service put in its outbox for a post. */
async function publishRequests(postId: string) {
  const rows = await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'posts.post.publish_requested' });
  return rows.map((row) => row.envelope.data as { postId: string; version: number; platforms: string[]; dueAt: string | null }).filter((data) => data.postId === postId);
}

/** Acts as the scheduler: waits for the next publish request of the organization and answers each platform as told. */
async function actAsScheduler(organizationId: string, answer: Record<string, { link: string } | { reason: string }>) {
  const seen = new Set((await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'posts.post.publish_requested' })).map((row) => row.id));
  const row = await waitFor(
    async () =>
      (await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'posts.post.publish_requested' })).find(
        (event) => !seen.has(event.id) && (event.envelope.data as { organizationId: string }).organizationId === organizationId,
      ),
    (found) => found !== undefined,
  );
  const request = row!.envelope.data as { postId: string; organizationId: string; version: number; platforms: Array<'x' | 'linkedin' | 'instagram'> };
  for (const platform of request.platforms) {
    const outcome = answer[platform]!;
    const ref = { postId: request.postId, organizationId, version: request.version, platform };
    if ('link' in outcome) await publishEvent(h.ctx, 'scheduler.post.published', { ...ref, link: outcome.link, platformPostId: '1', publishedAt: new Date().toISOString() });
    else await publishEvent(h.ctx, 'scheduler.post.publish_failed', { ...ref, reason: outcome.reason });
  }
}

describe('schedule for later', () => {
  it("is refused with each platform's own rule that the post breaks, naming the platform, before anything is saved", async () => {
    const before = await h.ctx.dataSource.getRepository(Post).count();
    const res = await later([['platforms', 'X,TikTok'], ['content', 'Words only'], ['media_type', 'text']]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('TikTok cannot publish text-only posts: add a video or photos.');
    expect(await h.ctx.dataSource.getRepository(Post).count()).toBe(before);
  });

  it("reads what an uploaded video's bytes say: a landscape Short is refused for YouTube, the upright one goes", async () => {
    const short = (quarterTurn: boolean) => mp4(30, { tracks: [{ width: 1920, height: 1080, quarterTurn }] });
    const landscape = await later([['platforms', 'YouTube'], ['content', 'Behind the counter'], ['media_type', 'short'], ['m', short(false), 'wide.mp4']]);
    expect(landscape.status).toBe(400);
    expect(landscape.body.message).toBe('YouTube Shorts are vertical or square; this video is 1920×1080, wider than it is tall.');
    const upright = await later([['platforms', 'YouTube'], ['content', 'Behind the counter'], ['media_type', 'short'], ['m', short(true), 'upright.mp4']]);
    expect(upright.status).toBe(201);
  });

  it('saves an approved post and asks the scheduler for it at that time, per platform', async () => {
    const when = new Date(Date.now() + 2 * 3600_000);
    const res = await submit('later', [
      ['organization_id', orgs.alice],
      ['platforms', 'X,linkedin'],
      ['content', 'Spring sale!'],
      ['media_type', 'text'],
      ['scheduled_time', when.toISOString()],
      ['topic', 'Sale'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: PostMessages.scheduledFor('X, LinkedIn'), posted_links: [] });
    expect(res.body.post).toMatchObject({ status: 'approved', platforms: 'X,LinkedIn', content: 'Spring sale!', version: 1, scheduled_time: when.toISOString() });
    expect(res.body.post.original_request).toMatchObject({ business_name: 'Acme', topic: 'Sale', schedule_option: 'later' });
    expect(res.body.post.publications.x.status).toBe('queued');
    const saved = await h.ctx.dataSource.getRepository(Post).findOneByOrFail({ id: res.body.post.id });
    expect(saved.createdBy).toBe(users.alice);
    expect(await publishRequests(saved.id)).toEqual([expect.objectContaining({ version: 1, platforms: ['x', 'linkedin'], dueAt: when.toISOString() })]);
  });

  it('reads the time picker’s YYYY-MM-DDTHH:mm in the organization’s time zone (UTC here)', async () => {
    const res = await submit('later', [['organization_id', orgs.alice], ['platforms', 'X'], ['content', 'Hi'], ['scheduled_time', '2099-05-01T09:30']]);
    expect(res.status).toBe(201);
    expect(res.body.post.scheduled_time).toBe('2099-05-01T09:30:00.000Z');
  });

  it('refuses a time that has passed, none, or one that is no time', async () => {
    const base: Part[] = [['organization_id', orgs.alice], ['platforms', 'X'], ['content', 'Hi']];
    expect((await submit('later', [...base, ['scheduled_time', '2020-01-01T10:00:00Z']])).body.message).toBe(PostMessages.scheduledTimeInPast);
    expect((await submit('later', base)).body.message).toBe(PostMessages.scheduledTimeRequired);
    expect((await submit('later', [...base, ['scheduled_time', 'next week']])).body).toMatchObject({ message: PostMessages.scheduledTimeInvalid });
  });

  it('is refused for basic and test users (403, the spec’s message); basic may still publish now', async () => {
    for (const role of ['basic', 'test'] as const) {
      const res = await later([['platforms', 'X'], ['content', 'Hi']], bearer(await token(users.alice, role)));
      expect(res).toMatchObject({ status: 403, body: { message: PostMessages.upgradeToSchedule } });
    }
  });
});

describe('the post form’s rules (part 2 §5) in the spec’s words', () => {
  it.each([
    ['no platform', [['content', 'Hi']], 400, PostMessages.selectPlatform],
    ['an unknown platform', [['platforms', 'X,Myspace'], ['content', 'Hi']], 400, PostMessages.unknownPlatform('Myspace')],
    ['text without content', [['platforms', 'X'], ['content', '  ']], 400, PostMessages.addText],
    ['an image post without media', [['platforms', 'X'], ['media_type', 'image']], 400, PostMessages.addMedia('image')],
    ['a video post with an image', [['platforms', 'X'], ['media_type', 'video'], ['media', png(), 'a.png', 'image/png']], 400, PostMessages.invalidMediaType],
    ['a short of two videos', [['platforms', 'Instagram'], ['media_type', 'short'], ['m', mp4(10), 'a.mp4'], ['m', mp4(10), 'b.mp4']], 400, PostMessages.shortSingleFile],
    ['a story with text', [['platforms', 'Instagram'], ['media_type', 'story'], ['content', 'Hi'], ['m', jpeg(), 'a.jpg']], 400, PostMessages.storiesWithoutText],
    ['a story video of 2 s', [['platforms', 'Instagram'], ['media_type', 'story'], ['m', mp4(2), 'a.mp4']], 400, PostMessages.storyVideoDuration],
    ['a story video of 61 s', [['platforms', 'Instagram'], ['media_type', 'story'], ['m', mp4(61, { moovFirst: true }), 'a.mp4']], 400, PostMessages.storyVideoDuration],
    ['a carousel of one', [['platforms', 'Instagram'], ['media_type', 'carousel'], ['m', png(), 'a.png']], 400, PostMessages.carouselMinimum],
    ['an image of 11 MB', [['platforms', 'X'], ['media_type', 'image'], ['m', png(11 * MB), 'a.png']], 413, PostMessages.fileTooLarge('Image', '10 MB')],
    ['a story image of 9 MB', [['platforms', 'Instagram'], ['media_type', 'story'], ['m', jpeg(9 * MB), 'a.jpg']], 413, PostMessages.fileTooLarge('Story image', '8 MB')],
  ] as Array<[string, Part[], number, string]>)('%s', async (_case, parts, status, message) => {
    const before = await storedCount();
    const res = await later(parts);
    expect(res).toMatchObject({ status, body: { message } });
    // A refused form leaves no file and no row behind.
    expect(await storedCount()).toEqual(before);
  });

  it('sniffs the type from the bytes: a text file renamed photo.png and declared image/png is refused', async () => {
    const before = await storedCount();
    const renamed = Buffer.from('this is not a picture, whatever its name says');
    const res = await later([['platforms', 'X'], ['media_type', 'image'], ['m', renamed, 'photo.png', 'image/png']]);
    expect(res).toMatchObject({ status: 400, body: { message: PostMessages.invalidMediaType } });
    expect(await storedCount()).toEqual(before);
  });

  it('wants organization_id before any file, and at all', async () => {
    const fileFirst = await submit('later', [['m', png(), 'a.png'], ['organization_id', orgs.alice], ['platforms', 'X'], ['media_type', 'image']]);
    expect(fileFirst).toMatchObject({ status: 400, body: { message: PostMessages.organizationIdBeforeFiles } });
    expect((await submit('now', [['platforms', 'X'], ['content', 'Hi']])).body.message).toBe(PostMessages.organizationIdMissing);
  });

  it('takes existing media by URL and counts them toward the rules (a carousel of an earlier upload and a new one)', async () => {
    // Instagram takes JPEG images only (its adapter's rules): a PNG would be refused.
    const first = await later([['platforms', 'Instagram'], ['media_type', 'image'], ['m', jpeg(), 'a.jpg']]);
    expect(first.status).toBe(201);
    const key = first.body.post.media_paths;
    expect(key).toMatch(new RegExp(`^${orgs.alice}/[0-9a-f-]{36}\\.jpg$`));
    const carousel = await later([['platforms', 'Instagram'], ['media_type', 'carousel'], ['media_urls', `/api/media/${key}`], ['m', mp4(5), 'b.mov']]);
    expect(carousel.status).toBe(201);
    expect(carousel.body.post.media_paths.split(',')).toEqual([key, expect.stringMatching(/\.mp4$/)]);
  });
});

describe('tenant isolation and the organization’s state', () => {
  it('another user’s organization is a 404 before any file is stored; an inactive one is refused', async () => {
    const before = await storedCount();
    const res = await submit('later', [['organization_id', orgs.alice], ['platforms', 'X'], ['media_type', 'image'], ['m', png(), 'a.png']], bob);
    expect(res).toMatchObject({ status: 404, body: { message: SharedMessages.notFound } });
    expect(await storedCount()).toEqual(before);
    const inactive = await submit('now', [['organization_id', orgs.aliceInactive], ['platforms', 'X'], ['content', 'Hi']]);
    expect(inactive.status).toBe(403);
  });

  it('another organization’s post id is a 404, its media are not found', async () => {
    const alicePost = await later([['platforms', 'X'], ['media_type', 'image'], ['m', png(), 'a.png']]);
    const asBob = (parts: Part[]) => submit('later', [['organization_id', orgs.bob], ['scheduled_time', inAnHour()], ...parts], bob);
    expect((await asBob([['post_id', alicePost.body.post.id], ['platforms', 'X'], ['content', 'Mine now']])).status).toBe(404);
    const stolen = await asBob([['platforms', 'X'], ['media_type', 'image'], ['media_urls', alicePost.body.post.media_paths]]);
    expect(stolen).toMatchObject({ status: 400, body: { message: PostMessages.mediaNotFound } });
  });
});

describe('editing a post through the form (post_id)', () => {
  it('saves a new version of a pending post, approved; a published one only deletes (409)', async () => {
    const pending = await h.addPost(orgs.alice, { status: 'pending_review', platforms: ['X'] });
    const res = await later([['post_id', pending], ['platforms', 'X'], ['content', 'Edited']]);
    expect(res.body.post).toMatchObject({ id: pending, status: 'approved', version: 2, content: 'Edited' });
    expect((await publishRequests(pending)).map((request) => request.version)).toEqual([2]);
    const published = await h.addPost(orgs.alice, { status: 'published', platforms: ['X'] });
    expect(await later([['post_id', published], ['platforms', 'X'], ['content', 'Edited']])).toMatchObject({
      status: 409,
      body: { message: PostMessages.onlyDelete('published') },
    });
  });
});

describe('publish now', () => {
  const now = (parts: Part[]) => submit('now', [['organization_id', orgs.alice], ...parts]);

  it('answers once every platform is published, with their links', async () => {
    const [res] = await Promise.all([
      now([['platforms', 'X,LinkedIn'], ['content', 'Live!']]),
      actAsScheduler(orgs.alice, { x: { link: 'https://x.com/acme/status/1' }, linkedin: { link: 'https://www.linkedin.com/feed/update/2' } }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: PostMessages.publishedTo('X, LinkedIn'), posted_links: ['https://x.com/acme/status/1', 'https://www.linkedin.com/feed/update/2'] });
    expect(res.body.post).toMatchObject({ status: 'published', scheduled_time: null });
  });

  it('a platform’s refusal: 502 with "Failed to publish: <platform>: <reason>" and the links that went out', async () => {
    const [res] = await Promise.all([
      now([['platforms', 'X,Instagram'], ['media_type', 'image'], ['m', jpeg(), 'a.jpg']]),
      actAsScheduler(orgs.alice, { x: { link: 'https://x.com/acme/status/3' }, instagram: { reason: 'The image is too small.' } }),
    ]);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ message: PostMessages.publishFailedOn('Instagram: The image is too small.'), posted_links: ['https://x.com/acme/status/3'] });
    expect(res.body.post.status).toBe('failed');
  });

  it('past its wait: 202, publishing continues', async () => {
    const started = Date.now();
    const res = await now([['platforms', 'LinkedIn'], ['content', 'Slow']]);
    expect(res).toMatchObject({ status: 202, body: { message: PostMessages.publishContinues('LinkedIn'), posted_links: [] } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 300);
  });
});

describe('serving media', () => {
  let key: string;
  const bytes = png(5000);

  beforeAll(async () => {
    key = (await later([['platforms', 'X'], ['media_type', 'image'], ['m', bytes, 'a.png']])).body.post.media_paths;
  });

  it('to the organization’s owner with the sniffed type, whole or a range; not to anyone else', async () => {
    const whole = await h.api.fetch(`/media/${key}`, { headers: alice });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const part = await h.api.fetch(`/media/${key}`, { headers: { ...alice, range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    expect((await h.api.fetch(`/media/${key}`, { headers: { ...alice, range: 'bytes=9000-' } })).status).toBe(416);
    expect((await h.api.fetch(`/media/${key}`, { headers: bob })).status).toBe(404);
    expect((await h.api.fetch(`/media/${key}`)).status).toBe(401);
  });

  it('without login through the signed URL the scheduler gets, until it expires; a tampered one is refused', async () => {
    const post = await h.ctx.dataSource.getRepository(Post).findOneByOrFail({ mediaPaths: [key] } as never);
    const { posts } = await ask(h.ctx, PostRequests.getForPublishing, { post_ids: [post.id, randomUUID()] });
    expect(posts.map((found) => found.id)).toEqual([post.id]); // a post that does not exist is absent
    const [forPublishing] = posts as [PostForPublishing];
    expect(forPublishing.media[0]!.content_type).toMatch(/^(image|video)\//);
    const signed = new URL(forPublishing.media[0]!.url);
    expect(signed.pathname).toBe(`/api/media/${key}`);
    expect(Number(signed.searchParams.get('expires')) - Date.now() / 1000).toBeGreaterThan(86_000);
    const viaGateway = (search: string) => h.api.fetch(`/media/${key}${search}`);
    expect((await viaGateway(signed.search)).status).toBe(200);
    const tampered = signed.search.replace(/signature=(.)/, (_all, first: string) => `signature=${first === 'a' ? 'b' : 'a'}`);
    expect((await viaGateway(tampered)).status).toBe(403);
    const otherKey = `/media/${key.replace(/\.png$/, '.jpg')}${signed.search}`;
    expect((await h.api.fetch(otherKey)).status).toBe(403);

    const soon = Math.floor(Date.now() / 1000) + 2;
    const short = `?expires=${soon}&signature=${mediaSignature(key, soon, SIGNING_KEY)}`;
    expect((await viaGateway(short)).status).toBe(200);
    await waitFor(() => Date.now(), (time) => time > soon * 1000, 5000);
    expect(await viaGateway(short).then(async (res) => ({ status: res.status, body: await res.json() }))).toEqual({
      status: 403,
      body: expect.objectContaining({ message: PostMessages.mediaLinkInvalid }),
    });
  });

  it('with what their bytes said when stored: a video’s size, length, picture as shown and frame rate', async () => {
    const video = mp4(12, { tracks: [{ width: 1920, height: 1080, quarterTurn: true, timescale: 30, frames: [[360, 1]] }] });
    const uploaded = await later([['platforms', 'X'], ['media_type', 'video'], ['m', video, 'upright.mp4']]);
    expect(uploaded.status).toBe(201);
    const { posts } = await ask(h.ctx, PostRequests.getForPublishing, { post_ids: [uploaded.body.post.id] });
    expect(posts[0]!.media).toEqual([
      { url: expect.any(String), content_type: 'video/mp4', facts: { size: video.length, duration_seconds: 12, width: 1080, height: 1920, frame_rate: 30 } },
    ]);
  });

  it('a deleted organization’s media go: rows and files', async () => {
    const org = await h.addOrganization(users.bob);
    const uploaded = await submit('later', [['organization_id', org], ['scheduled_time', inAnHour()], ['platforms', 'X'], ['media_type', 'image'], ['m', png(), 'a.png']], bob);
    const file = path.join(mediaDir, uploaded.body.post.media_paths);
    expect(fs.existsSync(file)).toBe(true);
    await publishEvent(h.ctx, 'organizations.organization.deleted', { organizationId: org, ownerId: users.bob, reason: 'owner_request' });
    await waitFor(() => fs.existsSync(file), (exists) => !exists);
    expect(await h.ctx.dataSource.getRepository(Media).countBy({ organizationId: org })).toBe(0);
  });
});
