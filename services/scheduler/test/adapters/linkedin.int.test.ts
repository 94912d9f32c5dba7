import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLinkedInStandIn, startMediaHost, type LinkedInStandIn } from '@planner/platform-stand-ins';
import type { PublishablePost, PublishHandle } from '../../src/adapters/platforms/index.js';
import { LINKEDIN_VERSION, linkedinAdapter } from '../../src/adapters/platforms/linkedin.js';
import { config, credentials as credentialsOf, failedPublish, post as publishable, recordedPublish, signal, stepLog } from './harness.js';

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(30_000)]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(20_000)]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(250_000 - 12)]);
const TEXT = 'Fresh loaves (from 8 am) — ask_us @ the counter! #sourdough https://bakery.example/menu_2026';
const ORGANIZATION = 'urn:li:organization:5515715';
const CREATE = 'POST /rest/posts';

let linkedin: LinkedInStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
let adapter: ReturnType<typeof linkedinAdapter>;

beforeAll(async () => {
  linkedin = await startLinkedInStandIn({ videoPartBytes: 100_000, slowMs: 1_200 });
  media = await startMediaHost({
    'a.jpg': { contentType: 'image/jpeg', bytes: jpeg },
    'b.png': { contentType: 'image/png', bytes: png },
    'clip.mp4': { contentType: 'video/mp4', bytes: mp4 },
  });
  adapter = linkedinAdapter(config({ LINKEDIN_API_URL: linkedin.url }), { requestTimeoutMs: 800, pollDelaysMs: [10], pollTimeoutMs: 1_000 });
});
afterAll(async () => {
  await linkedin?.close();
  await media?.close();
});
beforeEach(() => {
  linkedin.requests.length = 0;
  linkedin.activeVersions = null;
});

const credentials = (specific: Record<string, unknown> = {}) =>
  credentialsOf('linkedin', { access_token: linkedin.member.accessToken, specific_data: { user_name: 'Ada Baker', organization_name: null, ...specific } });
const organization = () => credentials({ organization_name: 'Planner Bakery', organization_id: '5515715' });

const post = (fields: Partial<PublishablePost> = {}) => publishable({ text: TEXT, ...fields });
const images = (...names: string[]) => names.map((name) => ({ url: media.urlOf(name), contentType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png' }));
const video = () => [{ url: media.urlOf('clip.mp4'), contentType: 'video/mp4' }];
const paths = () => linkedin.requests.map((r) => `${r.method} ${r.path}`);

const publish = (item: PublishablePost, connection = credentials(), handle: PublishHandle = {}) => recordedPublish(adapter, linkedin, item, connection, handle);
const failure = (item: PublishablePost, connection = credentials()) => failedPublish(adapter, linkedin, item, connection);

describe('LinkedIn adapter against the Posts API stand-in', () => {
  it("posts a member's text: the member from userinfo, commentary escaped so nothing is cut, the id from x-restli-id", async () => {
    const { published, events } = await publish(post());
    const created = linkedin.posts.at(-1)!;
    expect(created).toMatchObject({ author: `urn:li:person:${linkedin.member.sub}`, visibleText: TEXT, visibility: 'PUBLIC' });
    expect(created.commentary).toBe('Fresh loaves \\(from 8 am\\) — ask\\_us \\@ the counter! #sourdough https://bakery.example/menu_2026');
    expect(published).toEqual({ platformPostId: created.id, link: `https://www.linkedin.com/feed/update/${created.id}` });
    expect(paths()).toEqual(['GET /v2/userinfo', CREATE]);
    const create = linkedin.requests.at(-1)!;
    expect(create.headers).toMatchObject({ 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' });
    expect(stepLog(events)).toEqual([
      { step: 'remember', values: { author: created.author, media_urns: [], attempted_at: expect.any(String) } },
      { step: 'create', requests: [CREATE], outcome: 'returned' },
    ]);
  });

  it('uses the member or organization id organizations keeps, without asking userinfo', async () => {
    await publish(post(), credentials({ person_id: linkedin.member.sub }));
    await publish(post(), organization());
    expect(paths()).toEqual([CREATE, CREATE]);
    expect(linkedin.posts.at(-1)!.author).toBe(ORGANIZATION);
  });

  it('uploads an image (initializeUpload, PUT bytes), remembers its URN, then posts it', async () => {
    const { events } = await publish(post({ mediaType: 'image', media: images('a.jpg') }));
    const created = linkedin.posts.at(-1)!;
    const urn = (created.content as { media: { id: string } }).media.id;
    expect(linkedin.assets.get(urn)!.bytes.equals(jpeg)).toBe(true);
    expect(paths()).toEqual(['GET /v2/userinfo', 'POST /rest/images', `PUT /dms-uploads/${urn.split(':').at(-1)}`, CREATE]);
    expect(stepLog(events).map((e) => e.step)).toEqual(['remember', 'remember', 'create']);
    expect(stepLog(events)[0]).toEqual({ step: 'remember', values: { author: created.author, media_urns: [urn] } });
    expect(stepLog(events)[2]).toEqual({ step: 'create', requests: [CREATE], outcome: 'returned' });
  });

  it("posts 2–20 images as a multiImage post on an organization's page", async () => {
    await publish(post({ mediaType: 'carousel', media: images('a.jpg', 'b.png') }), organization());
    const created = linkedin.posts.at(-1)!;
    const ids = (created.content as { multiImage: { images: Array<{ id: string }> } }).multiImage.images.map((image) => image.id);
    expect(ids).toHaveLength(2);
    expect(linkedin.assets.get(ids[1]!)!.bytes.equals(png)).toBe(true);
    expect(created.author).toBe(ORGANIZATION);
  });

  it("uploads a video in LinkedIn's parts with their ETags, finalizes, waits until an organization's video is available", async () => {
    await publish(post({ mediaType: 'video', media: video() }), organization());
    const created = linkedin.posts.at(-1)!;
    const urn = (created.content as { media: { id: string } }).media.id;
    const asset = linkedin.assets.get(urn)!;
    expect(asset).toMatchObject({ kind: 'video', status: 'AVAILABLE', owner: ORGANIZATION });
    expect(asset.bytes.equals(mp4)).toBe(true);
    const id = urn.split(':').at(-1);
    expect(paths()).toEqual([
      'POST /rest/videos',
      `PUT /dms-uploads/${id}/part/0`,
      `PUT /dms-uploads/${id}/part/1`,
      `PUT /dms-uploads/${id}/part/2`,
      'POST /rest/videos',
      `GET /rest/videos/${encodeURIComponent(urn)}`,
      `GET /rest/videos/${encodeURIComponent(urn)}`,
      CREATE,
    ]);
  });

  it("posts a member's video without reading it back (a member token may not)", async () => {
    await publish(post({ mediaType: 'video', media: video() }));
    expect(paths().filter((p) => p.startsWith('GET /rest/videos'))).toEqual([]);
    expect(linkedin.posts.at(-1)!.content).toMatchObject({ media: { id: expect.stringMatching(/^urn:li:video:/) } });
  });

  it('checks text length, stories and media before any call', () => {
    expect(adapter.check(post())).toBeNull();
    expect(adapter.check(post({ text: 'x'.repeat(3001) }))).toBe('LinkedIn posts are limited to 3,000 characters (this one has 3,001).');
    expect(adapter.check(post({ text: ' ' }))).toBe('LinkedIn cannot publish an empty post.');
    expect(adapter.check(post({ mediaType: 'story', media: images('a.jpg') }))).toBe('LinkedIn has no stories to publish to.');
    expect(adapter.check(post({ media: [{ url: 'https://x/a.webm', contentType: 'video/webm' }] }))).toBe(
      'LinkedIn takes JPEG, PNG or GIF images and MP4 videos, not video/webm.',
    );
    expect(adapter.check(post({ media: [...video(), ...images('a.jpg')] }))).toBe('A LinkedIn post holds one video, or images, not both or several videos.');
    expect(adapter.check(post({ media: Array.from({ length: 21 }, () => images('a.jpg')[0]!) }))).toBe('LinkedIn posts hold at most 20 images (this post has 21).');
  });

  it('classifies 429 as rate_limited, 401 as auth, a refused post with its message', async () => {
    linkedin.failNext('rate_limited', { path: '/rest/posts' });
    const limited = await failure(post(), organization());
    expect(limited.error).toMatchObject({ kind: 'rate_limited', message: "LinkedIn's limit of requests for this account or app was reached." });
    expect(stepLog(limited.events).at(-1)).toEqual({ step: 'create', requests: [CREATE], outcome: 'threw' });

    linkedin.failNext('expired_token');
    expect((await failure(post())).error).toMatchObject({ kind: 'auth', message: 'The LinkedIn connection has expired. Please connect it again.' });

    linkedin.failNext('refused', { path: '/rest/posts' });
    expect((await failure(post(), organization())).error).toMatchObject({
      kind: 'permanent',
      message: expect.stringMatching(/^LinkedIn refused the post: Content is a duplicate of urn:li:share:\d+\.$/),
    });
  });

  it('refuses a page the member does not administer, and a sunset API version, in plain words', async () => {
    const notAdmin = await failure(post(), credentials({ organization_id: '999' }));
    expect(notAdmin.error).toMatchObject({ kind: 'permanent', message: 'LinkedIn did not allow this: Not enough permissions to access: partnerApiPostsExternal.CREATE.' });

    linkedin.activeVersions = ['202610', '202611'];
    const sunset = await failure(post(), organization());
    expect(sunset.error).toMatchObject({
      kind: 'permanent',
      message: `LinkedIn no longer serves the API version this server uses (${LINKEDIN_VERSION}). The server needs an update.`,
    });
    expect(sunset.error.options.status).toBe(426);
  });

  it('treats a server error inside create as transient, and resumes with the remembered media URNs', async () => {
    linkedin.failNext('server_error', { path: '/rest/posts' });
    const first = await failure(post({ mediaType: 'carousel', media: images('a.jpg', 'b.png') }), organization());
    expect(first.error.kind).toBe('transient');
    expect(stepLog(first.events).at(-1)).toEqual({ step: 'create', requests: [CREATE], outcome: 'threw' });
    const urns = first.remembered.media_urns as string[];
    expect(urns).toHaveLength(2);

    linkedin.requests.length = 0;
    await publish(post({ mediaType: 'carousel', media: images('a.jpg', 'b.png') }), organization(), first.remembered);
    expect(paths()).toEqual([CREATE]);
    expect(linkedin.posts.at(-1)!.content).toEqual({ multiImage: { images: urns.map((id) => ({ id })) } });
  });

  it("recovers an organization's interrupted post by listing its recent posts: published, or not", async () => {
    const item = post({ text: `Open on Sunday (${randomUUID()})`, mediaType: 'image', media: images('a.jpg') });
    // The answer is too slow: the worker gives up, LinkedIn still creates the post.
    linkedin.failNext('slow', { path: '/rest/posts' });
    const lost = await failure(item, organization());
    expect(lost.error.kind).toBe('transient');
    await sleep(600);
    const created = linkedin.posts.at(-1)!;
    expect(created.visibleText).toBe(item.text);
    expect(await adapter.recover({ post: item, credentials: organization(), handle: lost.remembered, signal: signal() })).toEqual({
      status: 'published',
      published: { platformPostId: created.id, link: `https://www.linkedin.com/feed/update/${created.id}` },
    });
    expect(linkedin.requests.at(-1)!.query.get('author')).toBe(ORGANIZATION);

    // The same text posted before this attempt, or with other media, is not this post.
    const later = { ...lost.remembered, attempted_at: new Date(Date.now() + 3_600_000).toISOString() };
    expect(await adapter.recover({ post: item, credentials: organization(), handle: later, signal: signal() })).toEqual({ status: 'not_published' });
    const otherMedia = { ...lost.remembered, media_urns: ['urn:li:image:other'] };
    expect(await adapter.recover({ post: item, credentials: organization(), handle: otherMedia, signal: signal() })).toEqual({ status: 'not_published' });
  });

  it("answers unknown for a member's post: LinkedIn does not let apps list it", async () => {
    const handle = { author: `urn:li:person:${linkedin.member.sub}`, media_urns: [], attempted_at: new Date().toISOString() };
    expect(await adapter.recover({ post: post(), credentials: credentials(), handle, signal: signal() })).toEqual({
      status: 'unknown',
      reason: "LinkedIn does not let apps read a member's posts, so an interrupted post cannot be checked. Check the LinkedIn account, then confirm it or publish again.",
    });
    expect(linkedin.requests).toEqual([]);
  });

  it('budgets 150 posts a day', async () => {
    expect(await adapter.rateWindows(credentials(), signal(), post())).toEqual([{ limit: 150, windowMs: 86_400_000 }]);
  });
});
