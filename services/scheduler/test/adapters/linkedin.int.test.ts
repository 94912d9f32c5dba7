import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKEDIN_API_VERSION } from '@planner/contracts';
import { activeLinkedInVersions, startLinkedInStandIn, startMediaHost, type LinkedInStandIn } from '@planner/platform-stand-ins';
import type { PublishablePost, PublishHandle } from '../../src/adapters/platforms/index.js';
import { linkedinAdapter } from '../../src/adapters/platforms/linkedin.js';
import { config, credentials as credentialsOf, failedPublish, post as publishable, recordedPublish, signal, stepLog } from './harness.js';

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(30_000)]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(20_000)]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(250_000 - 12)]);
/** Named .mp4 but no MP4 inside: LinkedIn's processing fails on it. */
const notMp4 = randomBytes(150_000);
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
    'broken.mp4': { contentType: 'video/mp4', bytes: notMp4 },
  });
  adapter = linkedinAdapter(config({ LINKEDIN_API_URL: linkedin.url }), { requestTimeoutMs: 800, pollDelaysMs: [10], pollTimeoutMs: 1_000 });
});
afterAll(async () => {
  await linkedin?.close();
  await media?.close();
});
const ALL_SCOPES = ['openid', 'profile', 'email', 'w_member_social', 'w_organization_social', 'r_organization_social', 'rw_organization_admin'];
beforeEach(() => {
  linkedin.requests.length = 0;
  linkedin.activeVersions = null;
  linkedin.uploadUrlTtlMs = 86_400_000;
  linkedin.dailyPostLimit = null;
  linkedin.member.scopes = [...ALL_SCOPES];
});

const credentials = (specific: Record<string, unknown> = {}) =>
  credentialsOf('linkedin', { access_token: linkedin.member.accessToken, specific_data: { user_name: 'Ada Baker', organization_name: null, ...specific } });
const organization = () => credentials({ organization_name: 'Planner Bakery', organization_id: '5515715' });

const post = (fields: Partial<PublishablePost> = {}) => publishable({ text: TEXT, ...fields });
const images = (...names: string[]) => names.map((name) => ({ url: media.urlOf(name), contentType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png' }));
const video = (name = 'clip.mp4') => [{ url: media.urlOf(name), contentType: 'video/mp4' }];
const videoReads = () => paths().filter((p) => p.startsWith('GET /rest/videos'));
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
    expect(create.headers).toMatchObject({ 'linkedin-version': LINKEDIN_API_VERSION, 'x-restli-protocol-version': '2.0.0' });
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

  it("waits until a member's video is AVAILABLE too, before the post is created", async () => {
    await publish(post({ mediaType: 'video', media: video() }), credentials({ person_id: linkedin.member.sub }));
    const urn = (linkedin.posts.at(-1)!.content as { media: { id: string } }).media.id;
    expect(linkedin.assets.get(urn)).toMatchObject({ owner: `urn:li:person:${linkedin.member.sub}`, status: 'AVAILABLE' });
    const read = `GET /rest/videos/${encodeURIComponent(urn)}`;
    expect(paths().slice(-3)).toEqual([read, read, CREATE]);
  });

  it('the stand-in refuses a post whose video is not AVAILABLE yet, for a member and a page alike', async () => {
    for (const owner of [`urn:li:person:${linkedin.member.sub}`, ORGANIZATION]) {
      const urn = `urn:li:video:processing-${randomUUID()}`;
      linkedin.assets.set(urn, { urn, kind: 'video', owner, status: 'PROCESSING', bytes: mp4, uploadExpiresAt: Date.now(), checksLeft: 5 });
      const answer = await fetch(`${linkedin.url}/rest/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${linkedin.member.accessToken}`, 'linkedin-version': LINKEDIN_API_VERSION, 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' },
        body: JSON.stringify({
          author: owner,
          commentary: 'Too soon',
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED' },
          lifecycleState: 'PUBLISHED',
          content: { media: { id: urn } },
        }),
      });
      expect([answer.status, await answer.json()]).toEqual([
        422,
        { status: 422, code: 'UNPROCESSABLE_ENTITY', message: `ERROR :: /content/media/id :: ${urn} is not AVAILABLE (its status is PROCESSING)` },
      ]);
    }
  });

  it('fails for good, in plain words, on a video LinkedIn could not process, and creates nothing', async () => {
    const before = linkedin.posts.length;
    const { error, events } = await failure(post({ mediaType: 'video', media: video('broken.mp4') }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'LinkedIn could not process the video (The video file could not be decoded). Try another MP4 file.' });
    expect(stepLog(events).some((event) => event.step === 'create')).toBe(false);
    expect(linkedin.posts).toHaveLength(before);
  });

  it('a status read that fails now and then is tried again: the video URN is kept, and the post goes out once', async () => {
    linkedin.failReads(1);
    const item = post({ text: `Our new oven ${randomUUID()}`, mediaType: 'video', media: video() });
    const first = await failure(item, organization());
    expect(first.error).toMatchObject({ kind: 'transient', message: 'LinkedIn failed on its side. It will be tried again.' });
    expect(stepLog(first.events).some((event) => event.step === 'create')).toBe(false);
    linkedin.requests.length = 0;
    await publish(item, organization(), first.remembered);
    expect(paths().filter((p) => p.startsWith('POST /rest/videos') || p.startsWith('PUT '))).toEqual([]);
    expect(videoReads().length).toBeGreaterThan(0);
    expect(linkedin.posts.filter((created) => created.visibleText === item.text)).toHaveLength(1);
  });

  it('an upload URL used after it expired starts a new upload on the next attempt, never a failure for good', async () => {
    linkedin.uploadUrlTtlMs = 0;
    const item = post({ mediaType: 'image', media: images('a.jpg') });
    const expired = await failure(item);
    expect(expired.error).toMatchObject({ kind: 'transient', message: "LinkedIn's upload link expired before the upload finished. It will be tried again with a new one." });
    expect(expired.remembered.media_urns).toBeUndefined();
    linkedin.uploadUrlTtlMs = 86_400_000;
    linkedin.requests.length = 0;
    await publish(item, credentials(), expired.remembered);
    expect(paths().filter((p) => p === 'POST /rest/images')).toHaveLength(1);
  });

  it('the stand-in refuses media it never issued', async () => {
    const never = { author: ORGANIZATION, media_urns: ['urn:li:image:D4Enever-issued'] };
    const { error } = await failedPublish(adapter, linkedin, post({ mediaType: 'image', media: images('a.jpg') }), organization(), never);
    expect(error).toMatchObject({ kind: 'permanent', message: 'LinkedIn refused the post: ERROR :: /content :: urn:li:image:D4Enever-issued is not an asset of the author.' });
  });

  it("refuses a member's post without w_member_social and a page's without w_organization_social", async () => {
    linkedin.member.scopes = ALL_SCOPES.filter((scope) => scope !== 'w_member_social');
    expect((await failure(post(), credentials({ person_id: linkedin.member.sub }))).error).toMatchObject({
      kind: 'permanent',
      message: 'LinkedIn did not allow this: Not enough permissions to access: partnerApiPostsExternal.CREATE.',
    });
    await publish(post(), organization());

    linkedin.member.scopes = ALL_SCOPES.filter((scope) => scope !== 'w_organization_social');
    expect((await failure(post({ mediaType: 'image', media: images('a.jpg') }), organization())).error).toMatchObject({
      kind: 'permanent',
      message: 'LinkedIn did not allow this: Not enough permissions to access: images.ACTION-initializeUpload.',
    });
    await publish(post(), credentials({ person_id: linkedin.member.sub }));
  });

  it("waits for LinkedIn's daily limit until just after the next midnight UTC (its 429 names no wait), having created nothing", async () => {
    linkedin.dailyPostLimit = 0;
    const before = Date.now();
    const limited = await failure(post(), organization());
    const nextMidnight = Math.ceil((before + 1) / 86_400_000) * 86_400_000;
    expect(limited.error).toMatchObject({ kind: 'rate_limited', message: "LinkedIn's daily limit of calls for this account or app was reached; it resets at midnight UTC." });
    expect(limited.error.options.status).toBe(429);
    const resumesAt = before + limited.error.retryAfterMs!;
    expect(resumesAt).toBeGreaterThanOrEqual(nextMidnight);
    expect(resumesAt).toBeLessThanOrEqual(nextMidnight + 5 * 60_000);
    expect(stepLog(limited.events).at(-1)).toEqual({ step: 'create', requests: [CREATE], outcome: 'threw' });
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

  it('classifies 401 as auth, a refused post with its message', async () => {
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

    // A year on, LinkedIn no longer serves this version.
    linkedin.activeVersions = activeLinkedInVersions(Date.parse(`${LINKEDIN_API_VERSION.slice(0, 4)}-${LINKEDIN_API_VERSION.slice(4)}-15T00:00:00Z`) + 366 * 86_400_000);
    const sunset = await failure(post(), organization());
    expect(sunset.error).toMatchObject({
      kind: 'permanent',
      message: `LinkedIn no longer serves the API version this server uses (${LINKEDIN_API_VERSION}). The server needs an update.`,
    });
    expect(sunset.error.options.status).toBe(426);
  });

  it('sends a version LinkedIn serves today, and the stand-in answers a missing or unserved one as LinkedIn does', async () => {
    expect(activeLinkedInVersions()).toContain(LINKEDIN_API_VERSION);
    const ask = (headers: Record<string, string>) =>
      fetch(`${linkedin.url}/rest/posts?q=author&author=${encodeURIComponent(ORGANIZATION)}`, { headers: { authorization: `Bearer ${linkedin.member.accessToken}`, ...headers } });
    const missing = await ask({ 'x-restli-protocol-version': '2.0.0' });
    expect([missing.status, await missing.json()]).toEqual([
      400,
      { status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' },
    ]);
    const sunset = await ask({ 'linkedin-version': '202401', 'x-restli-protocol-version': '2.0.0' });
    expect([sunset.status, await sunset.json()]).toEqual([426, { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 202401 is not active' }]);
    expect((await ask({ 'linkedin-version': LINKEDIN_API_VERSION, 'x-restli-protocol-version': '2.0.0' })).status).toBe(200);
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
