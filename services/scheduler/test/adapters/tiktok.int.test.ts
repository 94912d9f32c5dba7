import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TikTokPostOptions } from '@planner/contracts';
import { startMediaHost, startTikTokStandIn, type TikTokStandIn } from '@planner/platform-stand-ins';
import type { PublishablePost, PublishHandle } from '../../src/adapters/platforms/index.js';
import { tiktokAdapter } from '../../src/adapters/platforms/tiktok.js';
import { config, credentials as credentialsOf, failedPublish, post as publishable, recordedPublish, signal, stepLog } from './harness.js';

const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(size - 12)]);
const largeVideo = mp4(21_000_000);
const smallVideo = mp4(300_000);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(20_000)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), randomBytes(20_000)]);

let tiktok: TikTokStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
let adapter: ReturnType<typeof tiktokAdapter>;
const INIT = 'POST /v2/post/publish/video/init/';

beforeAll(async () => {
  tiktok = await startTikTokStandIn({ slowMs: 1_500 });
  media = await startMediaHost({
    'large.mp4': { contentType: 'video/mp4', bytes: largeVideo },
    'small.mp4': { contentType: 'video/mp4', bytes: smallVideo },
    'a.jpg': { contentType: 'image/jpeg', bytes: jpeg },
    'b.webp': { contentType: 'image/webp', bytes: webp },
  });
  adapter = tiktokAdapter(config({ TIKTOK_API_URL: tiktok.url, TIKTOK_APP_AUDITED: 'true' }), { requestTimeoutMs: 1_000, pollDelaysMs: [10], pollTimeoutMs: 1_000 });
});
afterAll(async () => {
  await tiktok?.close();
  await media?.close();
});
beforeEach(() => {
  tiktok.requests.length = 0;
  tiktok.processingChecks = 1;
  tiktok.verifiedUrlPrefixes = [];
  tiktok.audited = true;
  tiktok.initCalls.clear();
  tiktok.creator.maxVideoPostDurationSec = 600;
  tiktok.creator.duetDisabled = false;
  tiktok.creator.stitchDisabled = true;
  tiktok.creator.privacyLevelOptions = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
});

const credentials = () => credentialsOf('tiktok', { access_token: tiktok.accessToken, specific_data: { username: 'planner.bakery', open_id: 'open-id-1' } });

/** What the user chose in the designer: everyone sees it, everything allowed, nothing to disclose. */
const chosen: TikTokPostOptions = { privacy_level: 'PUBLIC_TO_EVERYONE', allow_comment: true, allow_duet: true, allow_stitch: true, brand_organic: false, brand_content: false };
const post = (fields: Partial<PublishablePost> = {}) =>
  publishable({
    text: 'How we shape a country loaf #sourdough',
    mediaType: 'video',
    media: [{ url: media.urlOf('large.mp4'), contentType: 'video/mp4' }],
    options: { tiktok: chosen },
    ...fields,
  });

const photos = (...names: string[]) => names.map((name) => ({ url: media.urlOf(name), contentType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' }));
const paths = () => tiktok.requests.map((r) => `${r.method} ${r.path}`);
const bodyOf = (path: string) => JSON.parse(tiktok.requests.find((r) => r.path === path)!.body.toString('utf8')) as Record<string, Record<string, unknown>>;


const publish = (item: PublishablePost, handle: PublishHandle = {}) => recordedPublish(adapter, tiktok, item, credentials(), handle);
const failure = (item: PublishablePost, connection = credentials()) => failedPublish(adapter, tiktok, item, connection);

describe('TikTok adapter against the Content Posting API stand-in', () => {
  it('posts a video: creator info, init inside create, publish id remembered, chunked upload, status until complete', async () => {
    const { published, events } = await publish(post());

    const made = [...tiktok.publishes.values()].at(-1)!;
    expect(made.status).toBe('PUBLISH_COMPLETE');
    // A 19-digit id, unrounded.
    expect(published).toEqual({ platformPostId: made.postId, link: `https://www.tiktok.com/@planner.bakery/video/${made.postId}` });
    expect(stepLog(events)).toEqual([
      { step: 'create', requests: [INIT], outcome: 'returned' },
      { step: 'remember', values: { publish_id: made.publishId, upload_url: expect.stringContaining('/video/?upload_id='), initiated_at: expect.any(Number), username: 'planner.bakery' } },
    ]);
    expect(paths()).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      INIT,
      'PUT /video/',
      'PUT /video/',
      'POST /v2/post/publish/status/fetch/',
      'POST /v2/post/publish/status/fetch/',
    ]);
    expect(bodyOf('/v2/post/publish/video/init/')).toEqual({
      post_info: {
        title: 'How we shape a country loaf #sourdough',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: false,
        disable_stitch: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: 21_000_000, chunk_size: 10_000_000, total_chunk_count: 2 },
    });
    const puts = tiktok.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['content-range'])).toEqual(['bytes 0-9999999/21000000', 'bytes 10000000-20999999/21000000']);
    expect(Buffer.concat(made.upload!.received).equals(largeVideo)).toBe(true);
  });

  it('uploads a small video in one chunk, and posts privately where the account allows only that', async () => {
    tiktok.creator.privacyLevelOptions = ['SELF_ONLY'];
    await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }], options: { tiktok: { ...chosen, privacy_level: 'SELF_ONLY' } } }));
    const init = bodyOf('/v2/post/publish/video/init/');
    expect(init.source_info).toEqual({ source: 'FILE_UPLOAD', video_size: 300_000, chunk_size: 300_000, total_chunk_count: 1 });
    expect(init.post_info!.privacy_level).toBe('SELF_ONLY');
    expect(tiktok.requests.find((r) => r.method === 'PUT')!.headers['content-range']).toBe('bytes 0-299999/300000');
  });

  it('posts photos with content/init, TikTok pulling them from their links', async () => {
    const { published, events } = await publish(post({ mediaType: 'carousel', media: photos('a.jpg', 'b.webp') }));
    const made = [...tiktok.publishes.values()].at(-1)!;
    expect(made).toMatchObject({ kind: 'photo', status: 'PUBLISH_COMPLETE' });
    expect(made.pulled!.files.map((f) => f.bytes.length)).toEqual([jpeg.length, webp.length]);
    expect(bodyOf('/v2/post/publish/content/init/')).toEqual({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        description: 'How we shape a country loaf #sourdough',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
        auto_add_music: true,
      },
      source_info: { source: 'PULL_FROM_URL', photo_images: [media.urlOf('a.jpg'), media.urlOf('b.webp')], photo_cover_index: 0 },
    });
    expect(stepLog(events)).toEqual([
      { step: 'create', requests: ['POST /v2/post/publish/content/init/'], outcome: 'returned' },
      { step: 'remember', values: { publish_id: made.publishId, username: 'planner.bakery' } },
    ]);
    expect(published.link).toBe(`https://www.tiktok.com/@planner.bakery/video/${made.postId}`);
  });

  it('checks the caption, text-only posts, stories and media types before any call', () => {
    expect(adapter.check(post())).toBeNull();
    expect(adapter.check(post({ media: photos('a.jpg', 'b.webp') }))).toBeNull();
    expect(adapter.check(post({ mediaType: 'text', media: [] }))).toBe('TikTok cannot publish text-only posts: add a video or photos.');
    // TikTok counts UTF-16 code units: 1,101 emoji are 2,202 of them.
    expect(adapter.check(post({ text: '🍞'.repeat(1101) }))).toBe(
      'TikTok video captions are limited to 2,200 characters as TikTok counts them, an emoji counting as two (this one has 2,202).',
    );
    expect(adapter.check(post({ text: 'a'.repeat(2200) }))).toBeNull();
    // A photo post's text is its description: 4,000.
    expect(adapter.check(post({ text: 'a'.repeat(3000), media: photos('a.jpg') }))).toBeNull();
    expect(adapter.check(post({ text: 'a'.repeat(4001), media: photos('a.jpg') }))).toBe(
      'TikTok photo descriptions are limited to 4,000 characters as TikTok counts them, an emoji counting as two (this one has 4,001).',
    );
    expect(adapter.check(post({ mediaType: 'story' }))).toBe('TikTok stories cannot be published through its API.');
    expect(adapter.check(post({ media: [{ url: 'https://x/a.png', contentType: 'image/png' }] }))).toBe(
      'TikTok takes MP4, MOV or WebM videos and JPEG or WebP photos, not image/png.',
    );
    expect(adapter.check(post({ media: [...post().media, ...photos('a.jpg')] }))).toBe('A TikTok post holds one video, or photos, not both or several videos.');
    expect(adapter.check(post({ media: Array.from({ length: 36 }, () => photos('a.jpg')[0]!) }))).toBe('TikTok photo posts hold at most 35 photos (this post has 36).');
  });

  it('classifies rate limits: a minute for rate_limit_exceeded, an hour for the daily cap; nothing was created', async () => {
    tiktok.failNext('rate_limited', { path: '/v2/post/publish/video/init/' });
    const perMinute = await failure(post());
    expect(perMinute.error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60_000, message: "TikTok's limit of posts a minute was reached." });
    expect(stepLog(perMinute.events)).toEqual([{ step: 'create', requests: [INIT], outcome: 'threw' }]);

    tiktok.refuseNextInit(403, 'spam_risk_too_many_posts', 'The user has reached the daily post cap.');
    expect((await failure(post())).error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000, message: "TikTok's daily limit of posts for this account is reached." });
  });

  it('classifies an invalid token as auth before anything is created', async () => {
    tiktok.failNext('expired_token');
    const { error, events } = await failure(post());
    expect(error).toMatchObject({ kind: 'auth', message: 'The TikTok connection has expired. Please connect it again.' });
    expect(stepLog(events)).toEqual([]);
  });

  it('says refusals in plain words: a banned account, a privacy mismatch, an unverified link domain', async () => {
    tiktok.failNext('refused', { path: '/v2/post/publish/video/init/' });
    expect((await failure(post())).error).toMatchObject({ kind: 'permanent', message: 'TikTok has banned this account from posting.' });
    tiktok.refuseNextInit(400, 'privacy_level_option_mismatch', 'privacy_level is invalid');
    expect((await failure(post())).error.message).toBe('The privacy level is not one this TikTok account allows.');
    tiktok.verifiedUrlPrefixes = ['https://media.planner.example/'];
    expect((await failure(post({ media: photos('a.jpg') }))).error.message).toBe(
      "TikTok refused the media links: their domain is not verified for this app in TikTok's developer portal.",
    );
  });

  it('fails with the fail_reason in plain words when TikTok refuses the post while processing it', async () => {
    tiktok.failNextPublish('spam_risk_text');
    const { error, events } = await failure(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }));
    expect(error).toMatchObject({ kind: 'permanent', message: "TikTok refused the post's caption as a spam risk." });
    expect(stepLog(events).map((e) => e.step)).toEqual(['create', 'remember']);
  });

  it('treats a server error or a slow answer of init as transient inside create', async () => {
    tiktok.failNext('server_error', { path: '/v2/post/publish/video/init/' });
    const failed = await failure(post());
    expect(failed.error.kind).toBe('transient');
    expect(stepLog(failed.events)).toEqual([{ step: 'create', requests: [INIT], outcome: 'threw' }]);
    const made = tiktok.publishes.size;
    tiktok.failNext('slow', { path: '/v2/post/publish/video/init/' });
    expect((await failure(post())).error.kind).toBe('transient');
    // TikTok still acts on the init the adapter stopped waiting for: it ends here, not during a later test
    // (where it took the publish failure that test had queued, on a loaded CI machine).
    await vi.waitFor(() => expect(tiktok.publishes.size).toBe(made + 1), { timeout: 5_000 });
  });

  it('resumes from the remembered publish id: the rest of the upload, no second init', async () => {
    tiktok.failNext('server_error', { path: '/video/' });
    const first = await failure(post());
    expect(first.error).toMatchObject({ kind: 'transient', message: 'TikTok refused the video upload (HTTP 500). It will be tried again.' });
    const handle = first.remembered;
    const made = tiktok.publishes.get(String(handle.publish_id))!;
    // Say the first chunk went through before the worker stopped.
    const chunk = await fetch(String(handle.upload_url), {
      method: 'PUT',
      body: largeVideo.subarray(0, 10_000_000),
      headers: { 'content-type': 'video/mp4', 'content-range': 'bytes 0-9999999/21000000' },
    });
    expect(chunk.status).toBe(206);
    expect(await adapter.recover({ post: post(), credentials: credentials(), handle, signal: signal() })).toEqual({ status: 'not_published' });

    tiktok.requests.length = 0;
    const { published, events } = await publish(post(), handle);
    expect(stepLog(events)).toEqual([]);
    expect(paths().filter((p) => p !== 'POST /v2/post/publish/status/fetch/')).toEqual(['PUT /video/']);
    expect(tiktok.requests.find((r) => r.method === 'PUT')!.headers['content-range']).toBe('bytes 10000000-20999999/21000000');
    expect(Buffer.concat(made.upload!.received).equals(largeVideo)).toBe(true);
    expect(published.platformPostId).toBe(made.postId);
  });

  it('recovers from the publish status: published, not published once FAILED, unknown without a publish id', async () => {
    const { published, remembered } = await publish(post({ media: photos('a.jpg') }));
    expect(await adapter.recover({ post: post(), credentials: credentials(), handle: remembered, signal: signal() })).toEqual({ status: 'published', published });

    tiktok.failNextPublish('video_pull_failed');
    const failed = await failure(post({ media: photos('a.jpg') }));
    expect(await adapter.recover({ post: post(), credentials: credentials(), handle: failed.remembered, signal: signal() })).toEqual({ status: 'not_published' });

    expect(await adapter.recover({ post: post(), credentials: credentials(), handle: {}, signal: signal() })).toEqual({
      status: 'unknown',
      reason: 'TikTok cannot be asked about a post whose publish id was not kept. Check the TikTok account, then confirm it or publish again.',
    });
  });

  it('publishes anew after a remembered publish that FAILED', async () => {
    tiktok.failNextPublish('internal');
    const failed = await failure(post({ media: photos('a.jpg') }));
    expect(failed.error.message).toBe('TikTok failed while processing the post.');
    const { published, remembered } = await publish(post({ media: photos('a.jpg') }), failed.remembered);
    expect(remembered.publish_id).not.toBe(failed.remembered.publish_id);
    expect(published.platformPostId).toBe(tiktok.publishes.get(String(remembered.publish_id))!.postId);
  });

  it('refuses a video longer than the creator may post before init: nothing created', async () => {
    tiktok.creator.maxVideoPostDurationSec = 60;
    const long = post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4', facts: { size: 300_000, durationSeconds: 61.2, width: 1080, height: 1920, frameRate: 30 } }] });
    const { error, events } = await failure(long);
    expect(error).toMatchObject({ kind: 'permanent', message: 'TikTok takes videos of at most 60 seconds from this account (this one lasts 62 seconds).' });
    expect(stepLog(events)).toEqual([]);
    expect(paths()).toEqual(['POST /v2/post/publish/creator_info/query/']);
    // Without the fact (older media) the rule skips: TikTok checks the length itself.
    expect((await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }))).published.platformPostId).toMatch(/^75/);
  });

  it('a resumed upload whose URL is over an hour old starts a new init; the old publish never completes', async () => {
    tiktok.failNext('server_error', { path: '/video/' });
    const first = await failure(post());
    const old = tiktok.publishes.get(String(first.remembered.publish_id))!;
    // An hour later: TikTok no longer takes bytes at that URL.
    old.upload!.expiresAt = Date.now() - 1;
    const handle = { ...first.remembered, initiated_at: Date.now() - 3_600_001 };

    tiktok.requests.length = 0;
    const { published, events, remembered } = await publish(post(), handle);
    expect(stepLog(events).map((e) => e.step)).toEqual(['create', 'remember']);
    expect(paths().filter((p) => p === INIT)).toHaveLength(1);
    expect(remembered.publish_id).not.toBe(old.publishId);
    expect(published.platformPostId).toBe(tiktok.publishes.get(String(remembered.publish_id))!.postId);
    expect(old.status).toBe('PROCESSING_UPLOAD');
  });

  it('a resumed upload whose bytes are all in is not made anew, however old', async () => {
    const { remembered } = await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }));
    tiktok.requests.length = 0;
    const again = await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }), { ...remembered, initiated_at: Date.now() - 7_200_000 });
    expect(paths()).not.toContain(INIT);
    expect(again.published.platformPostId).toBe(tiktok.publishes.get(String(remembered.publish_id))!.postId);
  });

  it('waits on the daily cap, at init or as a fail_reason, never failing for good', async () => {
    tiktok.failNextPublish('spam_risk_too_many_posts');
    const { error } = await failure(post({ media: photos('a.jpg') }));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000, message: "TikTok's daily limit of posts for this account is reached." });
    tiktok.refuseNextInit(403, 'reached_active_user_cap', 'The daily quota for active publishing users from your client is reached.');
    expect((await failure(post())).error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000 });
  });

  it('the stand-in refuses what TikTok refuses: a 7th init in a minute, a non-private level from an unaudited app, a level the creator lacks, a caption over 2,200 UTF-16 units, an expired upload URL', async () => {
    const init = (postInfo: Record<string, unknown>) =>
      fetch(`${tiktok.url}/v2/post/publish/content/init/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tiktok.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ media_type: 'PHOTO', post_mode: 'DIRECT_POST', post_info: postInfo, source_info: { source: 'PULL_FROM_URL', photo_images: [media.urlOf('a.jpg')], photo_cover_index: 0 } }),
      }).then(async (res) => ({ status: res.status, error: ((await res.json()) as { error: { code: string; log_id: string } }).error }));

    tiktok.audited = false;
    expect(await init({ privacy_level: 'PUBLIC_TO_EVERYONE' })).toMatchObject({ status: 403, error: { code: 'unaudited_client_can_only_post_to_private_accounts' } });
    expect(await init({ privacy_level: 'SELF_ONLY' })).toMatchObject({ status: 200, error: { code: 'ok' } });
    tiktok.audited = true;
    tiktok.creator.privacyLevelOptions = ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
    expect(await init({ privacy_level: 'PUBLIC_TO_EVERYONE' })).toMatchObject({ status: 403, error: { code: 'privacy_level_option_mismatch' } });
    // 90 UTF-16 units for a photo title: 46 emoji are 92.
    expect(await init({ privacy_level: 'SELF_ONLY', title: '🍞'.repeat(46) })).toMatchObject({ status: 400, error: { code: 'invalid_params' } });
    expect(await init({ privacy_level: 'SELF_ONLY' })).toMatchObject({ status: 200 });
    // Refused calls count too: this is the sixth.
    expect(await init({ privacy_level: 'SELF_ONLY' })).toMatchObject({ status: 200 });
    expect(await init({ privacy_level: 'SELF_ONLY' })).toMatchObject({ status: 429, error: { code: 'rate_limit_exceeded', log_id: expect.any(String) } });

    tiktok.initCalls.clear();
    tiktok.creator.privacyLevelOptions = ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'];
    const caption = await failure(post({ text: '🍞'.repeat(1101) }));
    expect(caption.error).toMatchObject({ kind: 'permanent' });
    expect(tiktok.requests.filter((r) => r.path === '/v2/post/publish/video/init/').at(-1)!.body.toString()).toContain('🍞');

    tiktok.failNext('server_error', { path: '/video/' });
    const stopped = await failure(post());
    tiktok.publishes.get(String(stopped.remembered.publish_id))!.upload!.expiresAt = Date.now() - 1;
    const put = await fetch(String(stopped.remembered.upload_url), { method: 'PUT', body: largeVideo.subarray(0, 10_000_000), headers: { 'content-type': 'video/mp4', 'content-range': 'bytes 0-9999999/21000000' } });
    expect(put.status).toBe(403);
  });

  it('the stand-in refuses what TikTok refuses of post_info: a duet or stitch the creator disabled left on (videos only), branded content seen by the creator only', async () => {
    const call = (path: string, body: Record<string, unknown>) =>
      fetch(`${tiktok.url}/v2/post/publish/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tiktok.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, error: ((await res.json()) as { error: { code: string; message: string } }).error }));
    const videoInit = (postInfo: Record<string, unknown>) =>
      call('video/init/', { post_info: postInfo, source_info: { source: 'FILE_UPLOAD', video_size: 300_000, chunk_size: 300_000, total_chunk_count: 1 } });
    const photoInit = (postInfo: Record<string, unknown>) =>
      call('content/init/', { media_type: 'PHOTO', post_mode: 'DIRECT_POST', post_info: postInfo, source_info: { source: 'PULL_FROM_URL', photo_images: [media.urlOf('a.jpg')], photo_cover_index: 0 } });
    const open = { privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false, disable_duet: false, disable_stitch: false };

    tiktok.creator.duetDisabled = true;
    tiktok.creator.stitchDisabled = false;
    expect(await videoInit(open)).toMatchObject({ status: 400, error: { code: 'invalid_params', message: 'Duets are disabled for this creator.' } });
    expect(await videoInit({ ...open, disable_duet: undefined })).toMatchObject({ status: 400, error: { code: 'invalid_params' } });
    expect(await videoInit({ ...open, disable_duet: true })).toMatchObject({ status: 200, error: { code: 'ok' } });
    tiktok.creator.duetDisabled = false;
    tiktok.creator.stitchDisabled = true;
    expect(await videoInit(open)).toMatchObject({ status: 400, error: { code: 'invalid_params', message: 'Stitches are disabled for this creator.' } });
    // Photo posts take no duet or stitch: nothing to refuse.
    tiktok.creator.duetDisabled = true;
    expect(await photoInit({ privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false })).toMatchObject({ status: 200 });

    tiktok.initCalls.clear();
    const closed = { ...open, disable_duet: true, disable_stitch: true };
    expect(await videoInit({ ...closed, privacy_level: 'SELF_ONLY', brand_content_toggle: true })).toMatchObject({
      status: 400,
      error: { code: 'invalid_params', message: 'Branded content cannot be posted with privacy_level SELF_ONLY.' },
    });
    expect(await photoInit({ privacy_level: 'SELF_ONLY', brand_content_toggle: true })).toMatchObject({ status: 400, error: { code: 'invalid_params' } });
    expect(await videoInit({ ...closed, privacy_level: 'SELF_ONLY', brand_content_toggle: false, brand_organic_toggle: true })).toMatchObject({ status: 200 });
    expect(await videoInit({ ...closed, privacy_level: 'FOLLOWER_OF_CREATOR', brand_content_toggle: true })).toMatchObject({ status: 200 });
  });

  it('budgets init calls at 6 a minute', async () => {
    expect(await adapter.rateWindows(credentials(), signal(), post())).toEqual([{ limit: 6, windowMs: 60_000 }]);
  });
});

describe('TikTok adapter: the user’s choices (issue 29 §7)', () => {
  const INIT_PATHS = ['/v2/post/publish/video/init/', '/v2/post/publish/content/init/'];
  const initCalls = () => tiktok.requests.filter((r) => INIT_PATHS.includes(r.path));

  it('sends the chosen privacy level, toggles and disclosure; what the creator turned off stays off; photo posts take no duet or stitch', async () => {
    const choice: TikTokPostOptions = { privacy_level: 'MUTUAL_FOLLOW_FRIENDS', allow_comment: false, allow_duet: true, allow_stitch: true, brand_organic: true, brand_content: true };
    await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }], options: { tiktok: choice } }));
    // The stand-in's creator has stitches disabled.
    expect(bodyOf('/v2/post/publish/video/init/').post_info).toEqual({
      title: 'How we shape a country loaf #sourdough',
      privacy_level: 'MUTUAL_FOLLOW_FRIENDS',
      disable_comment: true,
      disable_duet: false,
      disable_stitch: true,
      brand_content_toggle: true,
      brand_organic_toggle: true,
    });

    await publish(post({ mediaType: 'carousel', media: photos('a.jpg'), options: { tiktok: { ...choice, privacy_level: 'FOLLOWER_OF_CREATOR', allow_comment: true } } }));
    expect(bodyOf('/v2/post/publish/content/init/').post_info).toEqual({
      description: 'How we shape a country loaf #sourdough',
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: false,
      brand_content_toggle: true,
      brand_organic_toggle: true,
      auto_add_music: true,
    });
  });

  it('sends duets and stitches off where the creator disabled them, whatever was chosen, so TikTok takes the init', async () => {
    tiktok.creator.duetDisabled = true;
    tiktok.creator.stitchDisabled = true;
    const { published } = await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }));
    expect(bodyOf('/v2/post/publish/video/init/').post_info).toMatchObject({ disable_duet: true, disable_stitch: true });
    expect(published.platformPostId).toBe([...tiktok.publishes.values()].at(-1)!.postId);

    tiktok.creator.duetDisabled = false;
    tiktok.creator.stitchDisabled = false;
    tiktok.requests.length = 0;
    await publish(post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }));
    expect(bodyOf('/v2/post/publish/video/init/').post_info).toMatchObject({ disable_duet: false, disable_stitch: false });
  });

  it('its check refuses branded content seen by the creator only, naming TikTok, before any call (an unaudited app: whatever was chosen)', () => {
    expect(adapter.check(post({ options: { tiktok: { ...chosen, privacy_level: 'SELF_ONLY', brand_content: true } } }))).toBe(
      'TikTok does not allow branded content visible only to the creator. Choose who else can see the TikTok post.',
    );
    expect(adapter.check(post({ options: { tiktok: { ...chosen, privacy_level: 'SELF_ONLY', brand_organic: true } } }))).toBeNull();
    expect(adapter.check(post({ options: { tiktok: { ...chosen, brand_content: true } } }))).toBeNull();
    const unaudited = tiktokAdapter(config({ TIKTOK_API_URL: tiktok.url }));
    expect(unaudited.check(post({ options: { tiktok: { ...chosen, brand_content: true } } }))).toBe(
      'TikTok does not allow branded content visible only to the creator, and this app, not yet audited by TikTok, can post only that way.',
    );
    expect(unaudited.check(post())).toBeNull();
    expect(tiktok.requests).toEqual([]);
  });

  it('refuses before anything is created: no choice made (a post from before), a privacy level the account no longer offers, branded content only the creator sees', async () => {
    const none = await failure(post({ options: {} }));
    expect(none.error).toMatchObject({ kind: 'permanent', message: 'Choose who can see the TikTok post.' });
    expect(tiktok.requests).toEqual([]);

    tiktok.creator.privacyLevelOptions = ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
    const withdrawn = await failure(post());
    expect(withdrawn.error).toMatchObject({
      kind: 'permanent',
      message: 'This TikTok account no longer lets posts be seen by "Everyone". Choose who can see the TikTok post again.',
    });
    expect(stepLog(withdrawn.events)).toEqual([]);

    const branded = await failure(post({ options: { tiktok: { ...chosen, privacy_level: 'SELF_ONLY', brand_content: true } } }));
    expect(branded.error).toMatchObject({ kind: 'permanent', message: 'TikTok does not allow branded content visible only to the creator. Choose who else can see the TikTok post.' });
    expect(stepLog(branded.events)).toEqual([]);
    expect(initCalls()).toEqual([]);
  });

  it('an app TikTok has not audited posts visible to the creator only, whatever was chosen, and says so', async () => {
    const UNAUDITED = 'TikTok posted it visible to the creator only: this app is not yet audited by TikTok.';
    const unaudited = tiktokAdapter(config({ TIKTOK_API_URL: tiktok.url }), { requestTimeoutMs: 1_000, pollDelaysMs: [10], pollTimeoutMs: 1_000 });
    const { published } = await recordedPublish(unaudited, tiktok, post({ mediaType: 'carousel', media: photos('a.jpg') }), credentials());
    expect(bodyOf('/v2/post/publish/content/init/').post_info!.privacy_level).toBe('SELF_ONLY');
    expect(published.notice).toBe(UNAUDITED);

    // Found by a later check, or finished by a later attempt, it says so too.
    const { remembered } = await recordedPublish(unaudited, tiktok, post({ mediaType: 'carousel', media: photos('a.jpg') }), credentials());
    expect(await unaudited.recover({ post: post(), credentials: credentials(), handle: remembered, signal: signal() })).toMatchObject({ status: 'published', published: { notice: UNAUDITED } });
    tiktok.failNext('server_error', { path: '/video/' });
    const cut = await failedPublish(unaudited, tiktok, post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }), credentials());
    const resumed = await recordedPublish(unaudited, tiktok, post({ media: [{ url: media.urlOf('small.mp4'), contentType: 'video/mp4' }] }), credentials(), cut.remembered);
    expect(resumed.remembered.publish_id).toBe(cut.remembered.publish_id);
    expect(resumed.published.notice).toBe(UNAUDITED);

    tiktok.requests.length = 0;
    const branded = await failedPublish(unaudited, tiktok, post({ options: { tiktok: { ...chosen, brand_content: true } } }), credentials());
    expect(branded.error).toMatchObject({
      kind: 'permanent',
      message: 'TikTok does not allow branded content visible only to the creator, and this app, not yet audited by TikTok, can post only that way.',
    });
    expect(initCalls()).toEqual([]);
  });
});
