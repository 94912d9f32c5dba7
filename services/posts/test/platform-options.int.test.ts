import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ask } from '@planner/service-kit';
import { bearer } from '@planner/service-kit/testing';
import { PostMessages, PostRequests, type TikTokPostOptions } from '@planner/contracts';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';

const h = usePosts();
const user = randomUUID();
let orgId: string;
let auth: Record<string, string>;
/** A stored vertical video: every platform of these posts (TikTok, YouTube, X) takes it, so only their choices decide. */
let video: string;

beforeAll(async () => {
  auth = bearer(await h.ctx.keys.sign({ sub: user, role: 'pro' }));
  orgId = await h.addOrganization(user);
  video = await h.addMedia(orgId, { mime: 'video/mp4', size: 2_000_000, durationSeconds: 20, width: 1080, height: 1920, frameRate: 30 });
});

const tiktok: TikTokPostOptions = {
  privacy_level: 'MUTUAL_FOLLOW_FRIENDS',
  allow_comment: true,
  allow_duet: false,
  allow_stitch: false,
  brand_organic: true,
  brand_content: false,
};

async function later(fields: Record<string, string>) {
  const body = new FormData();
  const all = { organization_id: orgId, content: 'Spring sale', media_type: 'video', media_urls: video, scheduled_time: new Date(Date.now() + 3600_000).toISOString(), ...fields };
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  const res = await h.api.fetch('/schedule_post/later', { method: 'POST', body, headers: auth });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the service answered
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const stored = (id: string) => h.ctx.dataSource.getRepository(Post).findOneByOrFail({ id });
const update = (id: string, payload: object) => h.api.send({ method: 'POST', url: `/posts/${id}/update`, headers: auth, payload });

describe('a post’s per-platform choices', () => {
  it('a TikTok post is not scheduled without its privacy level, nor with choices that cannot be read; nothing is saved', async () => {
    const before = await h.ctx.dataSource.getRepository(Post).countBy({ organizationId: orgId });
    const none = await later({ platforms: 'TikTok,X' });
    expect(none).toMatchObject({ status: 400, body: { message: PostMessages.tiktokPrivacyRequired } });
    const youtubeOnly = await later({ platforms: 'TikTok', platform_options: JSON.stringify({ youtube: { privacy_status: 'private' } }) });
    expect(youtubeOnly).toMatchObject({ status: 400, body: { message: PostMessages.tiktokPrivacyRequired } });
    for (const broken of ['{not json', JSON.stringify({ tiktok: { ...tiktok, privacy_level: 'EVERYONE' } })]) {
      expect(await later({ platforms: 'TikTok', platform_options: broken })).toMatchObject({ status: 400, body: { message: PostMessages.platformOptionsInvalid } });
    }
    expect(await h.ctx.dataSource.getRepository(Post).countBy({ organizationId: orgId })).toBe(before);
  });

  it('are stored for the post’s platforms only, YouTube’s public when not chosen, shown in the post and sent for publishing', async () => {
    const answer = await later({ platforms: 'TikTok,YouTube', platform_options: JSON.stringify({ tiktok, facebook: { x: 1 } }) });
    expect(answer.status).toBe(201);
    const shown = { tiktok, youtube: { privacy_status: 'public' } };
    expect(answer.body.post.platform_options).toEqual(shown);
    expect((await stored(answer.body.post.id)).platformOptions).toEqual(shown);

    const other = await later({ platforms: 'X', platform_options: JSON.stringify({ tiktok, youtube: { privacy_status: 'unlisted' } }) });
    expect(other.body.post.platform_options).toEqual({});

    const { posts } = await ask(h.ctx, PostRequests.getForPublishing, { post_ids: [answer.body.post.id, other.body.post.id] });
    expect(Object.fromEntries(posts.map((post) => [post.id, post.platform_options]))).toEqual({ [answer.body.post.id]: shown, [other.body.post.id]: {} });
  });

  it('an update that changes them makes a new version; the same choices in another order do not; a dropped platform loses its own', async () => {
    const id = (await later({ platforms: 'TikTok,YouTube', platform_options: JSON.stringify({ tiktok }) })).body.post.id as string;
    const version = (await stored(id)).version;
    const reordered = Object.fromEntries(Object.entries(tiktok).reverse());
    const same = await update(id, { platform_options: { youtube: { privacy_status: 'public' }, tiktok: reordered } });
    expect(same.statusCode).toBe(200);
    expect((await stored(id)).version).toBe(version);

    const changed = await update(id, { platform_options: { tiktok, youtube: { privacy_status: 'unlisted' } } });
    expect(changed.json().post).toMatchObject({ version: version + 1, platform_options: { tiktok, youtube: { privacy_status: 'unlisted' } } });

    const withoutTikTok = await update(id, { platforms: ['YouTube'] });
    expect(withoutTikTok.json().post).toMatchObject({ version: version + 2, platform_options: { youtube: { privacy_status: 'unlisted' } } });
    expect((await stored(id)).platformOptions).toEqual({ youtube: { privacy_status: 'unlisted' } });

    // The approved post is to be published as edited: TikTok back without its choice is refused.
    const backToTikTok = await update(id, { platforms: ['YouTube', 'TikTok'] });
    expect(backToTikTok.statusCode).toBe(400);
    expect(backToTikTok.json().message).toBe(PostMessages.tiktokPrivacyRequired);
  });

  it('a TikTok post waiting for review is approved only once its privacy level is chosen', async () => {
    const id = await h.addPost(orgId, { status: 'pending_review', platforms: ['TikTok'], mediaType: 'video', mediaPaths: [video], scheduledTime: new Date(Date.now() + 3600_000) });
    const approve = () => h.api.send({ method: 'POST', url: `/posts/${id}/approve`, headers: auth, payload: {} });
    const refused = await approve();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PostMessages.tiktokPrivacyRequired);
    expect((await stored(id)).status).toBe('pending_review');
    expect((await update(id, { platform_options: { tiktok } })).statusCode).toBe(200);
    expect((await approve()).json().post).toMatchObject({ status: 'approved', platform_options: { tiktok } });
  });
});
