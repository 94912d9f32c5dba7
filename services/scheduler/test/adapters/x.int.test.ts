import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mp4Video, startMediaHost, startXStandIn, X_STAND_IN_USER, type XStandIn } from '@planner/platform-stand-ins';
import { type PlatformAdapter, type PublishablePost, type PublishHandle, type PublishSteps } from '../../src/adapters/platforms/index.js';
import { premiumRule, xAdapter } from '../../src/adapters/platforms/x.js';
import { config, credentials as credentialsOf, platformFailure, post as publishable, recordingSteps, signal } from './harness.js';

const MB = 1024 * 1024;
const bytes = (size: number, seed: number) => Buffer.alloc(size, seed);
/** A 30-second 1280x720 MP4 of exactly `size` bytes. */
const video = (size: number, facts = { seconds: 30, width: 1280, height: 720 }) => mp4Video({ ...facts, mdatBytes: size - mp4Video({ ...facts, mdatBytes: 0 }).length });
const FILES = {
  'one.png': { contentType: 'image/png', bytes: bytes(300_000, 1) },
  'two.jpg': { contentType: 'image/jpeg', bytes: bytes(200_000, 2) },
  'big.png': { contentType: 'image/png', bytes: bytes(6 * MB, 3) },
  'moving.gif': { contentType: 'image/gif', bytes: bytes(1 * MB, 4) },
  'clip.mp4': { contentType: 'video/mp4', bytes: video(9 * MB) },
  'long.mp4': { contentType: 'video/mp4', bytes: video(MB, { seconds: 25 * 60, width: 1280, height: 720 }) },
  'unreadable.mp4': { contentType: 'video/mp4', bytes: bytes(MB, 8) },
};

let x: XStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
let adapter: PlatformAdapter;

beforeAll(async () => {
  [x, media] = await Promise.all([startXStandIn({ slowMs: 1500 }), startMediaHost(FILES)]);
  adapter = xAdapter(config({ X_API_URL: x.url }));
});

afterAll(async () => {
  await Promise.all([x?.close(), media?.close()]);
});

beforeEach(() => {
  x.requests.length = 0;
});

/** A connection as organizations keeps it: the username, name and user id read at connect. */
const credentials = (token = X_STAND_IN_USER.token, username: string | undefined = X_STAND_IN_USER.username) =>
  credentialsOf('x', { access_token: token, specific_data: username ? { username, name: X_STAND_IN_USER.name, user_id: X_STAND_IN_USER.id } : {} });

/** A post with a text of its own (X refuses the same text twice). */
function postOf(text: string | null, mediaType: PublishablePost['mediaType'] = 'text', files: Array<keyof typeof FILES> = []): PublishablePost {
  return publishable({
    text: text ?? `Spring opening hours ${randomUUID()}`,
    mediaType,
    media: files.map((name) => ({ url: media.urlOf(name), contentType: FILES[name].contentType })),
  });
}

async function publish(post: PublishablePost, handle: PublishHandle = {}, options: { token?: string; signal?: AbortSignal } = {}) {
  const recording = recordingSteps(x, handle);
  const published = await adapter.publish({ post, credentials: credentials(options.token), steps: recording.steps, signal: options.signal ?? signal() });
  return { published, ...recording };
}

const calls = (method: string, path: RegExp) => x.requests.filter((r) => r.method === method && path.test(r.path));

describe('X adapter: publishing', () => {
  it('posts a text with the user token and links it under the username', async () => {
    const post = postOf(null);
    const { published, events, creates } = await publish(post);

    const created = x.posts.find((p) => p.id === published.platformPostId)!;
    expect(created).toMatchObject({ authorId: X_STAND_IN_USER.id, text: post.text, mediaKeys: [] });
    expect(published.link).toBe(`https://x.com/standin_brand/status/${created.id}`);
    const [request] = calls('POST', /^\/2\/tweets$/);
    expect(request!.headers.authorization).toBe(`Bearer ${X_STAND_IN_USER.token}`);
    expect(JSON.parse(request!.body.toString())).toEqual({ text: post.text });
    expect(events.map((entry) => entry.step)).toEqual(['remember', 'create']);
    expect(creates()[0]!.requests.map((r) => r.path)).toEqual(['/2/tweets']);
  });

  it("links through X's id-only link when the connection has no username", async () => {
    const recording = recordingSteps(x);
    const published = await adapter.publish({ post: postOf(null), credentials: credentials(undefined, ''), steps: recording.steps, signal: signal() });
    expect(published.link).toBe(`https://x.com/i/web/status/${published.platformPostId}`);
  });

  it('uploads images by the chunked upload, remembers each media id with its expiry, then creates the post with them', async () => {
    const { published, events, creates } = await publish(postOf(null, 'image', ['one.png', 'two.jpg']));

    const inits = calls('POST', /initialize$/).map((r) => JSON.parse(r.body.toString()));
    expect(inits).toEqual([
      { media_type: 'image/png', total_bytes: 300_000, media_category: 'tweet_image' },
      { media_type: 'image/jpeg', total_bytes: 200_000, media_category: 'tweet_image' },
    ]);
    expect(calls('GET', /^\/2\/media\/upload$/)).toHaveLength(0);
    const uploads = [...x.media.values()].slice(-2);
    expect(uploads[0]!.bytes!.equals(FILES['one.png'].bytes) && uploads[1]!.bytes!.equals(FILES['two.jpg'].bytes)).toBe(true);
    expect(x.posts.find((p) => p.id === published.platformPostId)!.mediaKeys).toEqual(uploads.map((upload) => upload.key));

    expect(events.map((entry) => entry.step)).toEqual(['remember', 'remember', 'remember', 'create']);
    const remembered = events[1]!.step === 'remember' ? (events[1]!.values.media as Array<{ id: string; expiresAt: string }>) : [];
    expect(remembered.map((item) => item.id)).toEqual(uploads.map((upload) => upload.id));
    expect(Date.parse(remembered[0]!.expiresAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(creates()[0]!.requests.map((r) => r.path)).toEqual(['/2/tweets']);
  });

  it('streams a video in 4 MB segments, waits for processing through STATUS, then posts it', async () => {
    const { published } = await publish(postOf(null, 'video', ['clip.mp4']));

    expect(JSON.parse(calls('POST', /initialize$/)[0]!.body.toString())).toEqual({ media_type: 'video/mp4', total_bytes: 9 * MB, media_category: 'tweet_video' });
    expect(calls('POST', /append$/)).toHaveLength(3);
    expect(calls('GET', /^\/2\/media\/upload$/).map((r) => r.query.get('command'))).toEqual(['STATUS', 'STATUS']);
    const upload = [...x.media.values()].at(-1)!;
    expect(upload).toMatchObject({ state: 'succeeded', category: 'tweet_video' });
    expect(upload.bytes!.equals(FILES['clip.mp4'].bytes)).toBe(true);
    // Uploaded as 13_<id>, listed on the post as 7_<id>, as X does.
    expect(x.posts.find((p) => p.id === published.platformPostId)!.mediaKeys).toEqual([`7_${upload.id}`]);
  });

  it('uploads an animated GIF as tweet_gif', async () => {
    await publish(postOf(null, 'image', ['moving.gif']));
    expect(JSON.parse(calls('POST', /initialize$/)[0]!.body.toString())).toMatchObject({ media_type: 'image/gif', media_category: 'tweet_gif' });
    expect([...x.media.values()].at(-1)!.state).toBe('succeeded');
  });

  it('fails for good when X cannot process the video, and before any upload when an image is over 5 MB', async () => {
    x.failNext('refused', { path: '/2/media/upload' });
    const processing = await platformFailure(publish(postOf(null, 'video', ['clip.mp4'])));
    expect(processing.kind).toBe('permanent');
    expect(processing.message).toBe('X could not process the video: Unsupported video format.');

    x.requests.length = 0;
    const large = await platformFailure(publish(postOf(null, 'image', ['big.png'])));
    expect(large.kind).toBe('permanent');
    expect(large.message).toBe('X takes an image of up to 5 MB; this one is 6.0 MB.');
    expect(calls('POST', /initialize$/)).toHaveLength(0);
  });

  it("refuses, as X's processing does, a video longer than the account may post or one it cannot read", async () => {
    const before = x.posts.length;
    const long = await platformFailure(publish(postOf(null, 'video', ['long.mp4'])));
    expect(long).toMatchObject({ kind: 'permanent', message: 'X could not process the video: Duration 25.minutes exceeds max duration of 20.minutes.' });
    const unreadable = await platformFailure(publish(postOf(null, 'video', ['unreadable.mp4'])));
    expect(unreadable).toMatchObject({ kind: 'permanent', message: 'X could not process the video: Invalid or Unsupported media, Reason: UnsupportedMedia..' });
    expect(x.posts).toHaveLength(before);

    // An X Premium account posts up to 125 minutes.
    x.addUser({ ...X_STAND_IN_USER, token: 'premium-token', premium: true });
    const recording = recordingSteps(x);
    const published = await adapter.publish({ post: postOf(null, 'video', ['long.mp4']), credentials: credentials('premium-token'), steps: recording.steps, signal: signal() });
    expect(x.posts.find((p) => p.id === published.platformPostId)).toBeDefined();
  });

  it('a STATUS read that fails is transient: nothing is created, and the next attempt posts once', async () => {
    const post = postOf(null, 'video', ['clip.mp4']);
    x.failNext('server_error', { path: '/2/media/upload' });
    const first = recordingSteps(x);
    const failed = await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: signal() }));
    expect(failed).toMatchObject({ kind: 'transient', message: 'X failed on its side (503: Service Unavailable).' });
    expect(first.creates()).toHaveLength(0);
    const { published } = await publish(post, first.remembered);
    expect(x.posts.filter((p) => p.id === published.platformPostId)).toHaveLength(1);
  });

  it('fails for good when a media link is gone, naming no link', async () => {
    const post = postOf(null, 'image', ['one.png']);
    post.media[0]!.url = `${media.url}/media/missing.png`;
    const error = await platformFailure(publish(post));
    expect(error).toMatchObject({ kind: 'permanent', message: "The post's media could not be read for X: its link answered HTTP 404." });
  });
});

describe('X adapter: errors', () => {
  it('429: rate limited until x-rate-limit-reset', async () => {
    x.failNext('rate_limited', { path: '/2/tweets' });
    const error = await platformFailure(publish(postOf(null)));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it("429 on a spent 24-hour cap: waits for the cap's reset, the user's or the app's, not the 15-minute window", async () => {
    for (const limits of [{ userDayLimit: 2 }, { appDayLimit: 2 }]) {
      const capped = await startXStandIn(limits);
      try {
        const cappedAdapter = xAdapter(config({ X_API_URL: capped.url }));
        const send = () => {
          const recording = recordingSteps(capped);
          return cappedAdapter.publish({ post: postOf(null), credentials: credentials(), steps: recording.steps, signal: signal() });
        };
        await send();
        await send();
        const error = await platformFailure(send());
        const answer = capped.requests.at(-1)!;
        expect(answer.path).toBe('/2/tweets');
        expect(error.kind).toBe('rate_limited');
        expect(error.message).toMatch(/^X's daily posting limit was reached \(Too Many Requests\); it resets at \d{4}-\d\d-\d\dT/);
        expect(error.retryAfterMs).toBeGreaterThan(23 * 3_600_000);
        expect(error.retryAfterMs).toBeLessThanOrEqual(24 * 3_600_000 + 1000);
        expect(capped.posts).toHaveLength(2);
      } finally {
        await capped.close();
      }
    }
  });

  it('401: auth, naming no token', async () => {
    x.failNext('expired_token', { path: '/2/tweets' });
    const expired = await platformFailure(publish(postOf(null)));
    expect(expired).toMatchObject({ kind: 'auth', message: 'X refused the access token (Unauthorized).' });

    const unknown = await platformFailure(publish(postOf(null), {}, { token: 'revoked-token' }));
    expect(unknown.kind).toBe('auth');
    expect(unknown.message).not.toContain('revoked-token');
  });

  it('403 duplicate content: permanent, in plain words', async () => {
    const post = postOf(null);
    await publish(post);
    const error = await platformFailure(publish({ ...post, postId: randomUUID() }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'X refused the post as duplicate content: this account already posted the same text.' });
    x.failNext('refused', { path: '/2/tweets' });
    expect((await platformFailure(publish(postOf(null)))).kind).toBe('permanent');
  });

  it('5xx and a call that does not answer in time: transient', async () => {
    x.failNext('server_error', { path: '/2/tweets' });
    expect(await platformFailure(publish(postOf(null)))).toMatchObject({ kind: 'transient', message: 'X failed on its side (503: Service Unavailable).' });

    x.failNext('slow', { path: '/2/tweets' });
    const slow = await platformFailure(publish(postOf(null), {}, { signal: AbortSignal.timeout(300) }));
    expect(slow.kind).toBe('transient');
  });
});

describe('X adapter: check', () => {
  const text = (t: string, mediaType: PublishablePost['mediaType'] = 'text', files: Array<keyof typeof FILES> = []) => adapter.check(postOf(t, mediaType, files));

  it('counts as X does: 280 weighted, links 23, CJK and emoji 2', () => {
    expect(text('a'.repeat(280))).toBeNull();
    expect(text(`${'a'.repeat(256)} https://example.com/a/very/long/path/that/is/shortened/by/t.co`)).toBeNull();
    // 178 code points, which X counts 270 + 1 + 12.
    expect(text(`${'日'.repeat(135)} ${'👩‍👩‍👧‍👦'.repeat(6)}`)).toBe('X allows 280 characters (links count 23, emoji and CJK characters 2); this text counts 283.');
    expect(text('日'.repeat(140))).toBeNull();
    expect(text('日'.repeat(141))).toBe('X allows 280 characters (links count 23, emoji and CJK characters 2); this text counts 282.');
  });

  it('takes text, up to 4 images or one GIF, or one MP4/MOV video', () => {
    expect(text('', 'text')).toBe('An X post needs text or media.');
    expect(text('Hi', 'story', ['one.png'])).toBe('X does not take story posts: choose text, image, video or carousel.');
    expect(text('Hi', 'short', ['clip.mp4'])).toBe('X does not take short posts: choose text, image, video or carousel.');
    expect(text('Hi', 'carousel', ['one.png', 'two.jpg', 'one.png', 'two.jpg'])).toBeNull();
    expect(text('Hi', 'carousel', ['one.png', 'two.jpg', 'one.png', 'two.jpg', 'one.png'])).toBe('X takes at most 4 images per post.');
    expect(text('Hi', 'carousel', ['one.png', 'clip.mp4'])).toBe('X does not mix videos with images: an X post takes up to 4 images or one video.');
    expect(text('Hi', 'image', ['one.png', 'moving.gif'])).toBe('An animated GIF goes alone on X: a post takes up to 4 images or one GIF.');
    expect(text('', 'video', ['clip.mp4'])).toBeNull();
    expect(text('Hi', 'video', ['clip.mp4', 'clip.mp4'])).toBe('An X post takes one video.');
    expect(adapter.check({ ...postOf('Hi', 'image'), media: [{ url: media.urlOf('one.png'), contentType: 'image/bmp' }] })).toBe('X takes JPEG, PNG, GIF and WEBP images.');
    expect(adapter.check({ ...postOf('Hi', 'video'), media: [{ url: media.urlOf('clip.mp4'), contentType: 'video/webm' }] })).toBe('X takes MP4 and MOV videos.');
  });

  it("checks the media's stored facts against X's limits before any upload, skipping facts not known", () => {
    const withFacts = (file: keyof typeof FILES, facts: Partial<NonNullable<PublishablePost['media'][number]['facts']>>) => {
      const post = postOf('Hi', FILES[file].contentType.startsWith('video/') ? 'video' : 'image', [file]);
      post.media[0]!.facts = { size: MB, durationSeconds: null, width: null, height: null, frameRate: null, ...facts };
      return adapter.check(post);
    };
    expect(withFacts('one.png', { size: 6 * MB })).toBe('X takes an image of up to 5 MB; this one is 6.0 MB.');
    expect(withFacts('moving.gif', { size: 16 * MB })).toBe('X takes an animated GIF of up to 15 MB; this one is 16.0 MB.');
    expect(withFacts('clip.mp4', { size: 17 * 1024 * MB })).toBe('X takes a video of up to 16 GB; this one is 17.0 GB.');
    expect(withFacts('clip.mp4', { durationSeconds: 0.3 })).toBe('X takes videos of at least 0.5 seconds; this one lasts 0.3 seconds.');
    expect(withFacts('clip.mp4', { durationSeconds: 126 * 60 })).toBe('X takes videos of up to 125 minutes (20 minutes without X Premium); this one lasts 126 minutes.');
    expect(withFacts('clip.mp4', { frameRate: 120 })).toBe('X takes videos of up to 60 frames a second; this one has 120.');
    expect(withFacts('clip.mp4', { width: 20, height: 20 })).toBe('X takes videos of at least 32x32 pixels; this one is 20x20.');
    expect(withFacts('clip.mp4', { width: 1280, height: 400 })).toBe('X takes videos with an aspect ratio between 1:3 and 3:1; this one is 1280x400.');
    expect(withFacts('clip.mp4', { durationSeconds: 140, width: 1920, height: 1080, frameRate: 60 })).toBeNull();
    expect(withFacts('one.png', { size: 4 * MB })).toBeNull();
  });

  it('refuses before any upload a video over what an account without X Premium may post, where the connection says which it is', async () => {
    const long = postOf('Our 25-minute bake-along', 'video', ['long.mp4']);
    long.media[0]!.facts = { size: MB, durationSeconds: 25 * 60, width: 1280, height: 720, frameRate: 30 };
    const huge = postOf('The whole night shift', 'video', ['clip.mp4']);
    huge.media[0]!.facts = { size: 9 * 1024 * MB, durationSeconds: 600, width: 1280, height: 720, frameRate: 30 };
    const as = (subscriptionType?: string) =>
      credentialsOf('x', { access_token: X_STAND_IN_USER.token, specific_data: { username: X_STAND_IN_USER.username, user_id: X_STAND_IN_USER.id, ...(subscriptionType && { subscription_type: subscriptionType }) } });
    const refused = await platformFailure(adapter.publish({ post: long, credentials: as('None'), steps: recordingSteps(x, {}).steps, signal: signal() }));
    expect(refused).toMatchObject({ kind: 'permanent', message: 'X takes videos of up to 20 minutes from this account (longer ones need X Premium); this one lasts 25 minutes.' });
    expect((await platformFailure(adapter.publish({ post: huge, credentials: as('Basic'), steps: recordingSteps(x, {}).steps, signal: signal() }))).message).toBe(
      'X takes a video of up to 8 GB; this one is 9.0 GB. Larger videos need X Premium.',
    );
    expect(x.requests).toEqual([]);
    // Premium, or a connection made before X was asked: X judges.
    expect(premiumRule(long, 'Premium')).toBeNull();
    expect(premiumRule(long, 'PremiumPlus')).toBeNull();
    expect(premiumRule(long, undefined)).toBeNull();
  });

  it('publishes within 100 posts per 15 minutes per user', async () => {
    expect(await adapter.rateWindows(credentials(), signal(), postOf(null))).toEqual([{ limit: 100, windowMs: 15 * 60_000 }]);
  });
});

describe('X adapter: resuming and recovery', () => {
  it('a later attempt reuses the media ids still valid, and uploads again those about to expire', async () => {
    const post = postOf(null, 'image', ['one.png', 'two.jpg']);
    x.failNext('server_error', { path: '/2/tweets' });
    const first = recordingSteps(x);
    await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: signal() }));
    const remembered = first.remembered.media as Array<{ id: string; expiresAt: string }>;

    x.requests.length = 0;
    // The second image's id expires within minutes: it is uploaded again.
    const handle = { ...first.remembered, media: [remembered[0], { ...remembered[1], expiresAt: new Date(Date.now() + 60_000).toISOString() }] };
    const { published } = await publish(post, handle);
    expect(calls('POST', /initialize$/).map((r) => JSON.parse(r.body.toString()).media_type)).toEqual(['image/jpeg']);
    const keys = x.posts.find((p) => p.id === published.platformPostId)!.mediaKeys;
    expect(keys[0]).toBe(`3_${remembered[0]!.id}`);
    expect(keys[1]).not.toBe(`3_${remembered[1]!.id}`);
  });

  it('recover: a create whose answer was lost is found among the recent posts, text and media matching', async () => {
    const post = { ...postOf(`Tom & Jerry <live> at https://example.com/show ${randomUUID()}`, 'image', ['one.png']) };
    x.failNext('slow', { path: '/2/tweets' });
    const attempt = recordingSteps(x);
    const lost = await platformFailure(adapter.publish({ post, credentials: credentials(), steps: attempt.steps, signal: AbortSignal.timeout(500) }));
    expect(lost.kind).toBe('transient');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const created = x.posts.at(-1)!;
    expect(created.text).toMatch(/^Tom &amp; Jerry &lt;live&gt; at https:\/\/t\.co\/\w+ [\w-]+ https:\/\/t\.co\/\w+$/);

    const recovered = await adapter.recover({ post, credentials: credentials(), handle: attempt.remembered, signal: signal() });
    expect(recovered).toEqual({ status: 'published', published: { platformPostId: created.id, link: `https://x.com/standin_brand/status/${created.id}` } });
    const timeline = calls('GET', /^\/2\/users\/\d+\/tweets$/)[0]!;
    expect(timeline.query.get('start_time')).toBe(new Date(Date.parse(attempt.remembered.createStartedAt as string) - 2 * 60_000).toISOString());

    // Published again anyway (a recovery that missed it): X's duplicate refusal leads to the same post, not a failure.
    const again = await publish(post, attempt.remembered);
    expect(again.published.platformPostId).toBe(created.id);
    expect(x.posts.filter((p) => p.text === created.text)).toHaveLength(1);
  });

  it('recover: not published when no recent post matches, nor an older one with the same text, nor one with other media', async () => {
    const post = postOf(null);
    const startedAt = new Date().toISOString();
    x.addPost({ authorId: X_STAND_IN_USER.id, text: post.text, createdAt: new Date(Date.now() - 3_600_000), mediaKeys: [] });
    x.addPost({ authorId: X_STAND_IN_USER.id, text: `${post.text} https://t.co/abc`, createdAt: new Date(), mediaKeys: ['3_1'] });
    x.addPost({ authorId: '99', text: post.text, createdAt: new Date(), mediaKeys: [] });
    const recovered = await adapter.recover({ post, credentials: credentials(), handle: { createStartedAt: startedAt }, signal: signal() });
    expect(recovered).toEqual({ status: 'not_published' });
  });

  it('recover: reads the timeline of the user id kept at connect, never asking /2/users/me (75 per 15 minutes)', async () => {
    const post = postOf(null);
    await adapter.recover({ post, credentials: credentials(), handle: { createStartedAt: new Date().toISOString() }, signal: signal() });
    expect(calls('GET', /^\/2\/users\/me$/)).toHaveLength(0);
    expect(calls('GET', /^\/2\/users\/\d+\/tweets$/).map((r) => r.path)).toEqual([`/2/users/${X_STAND_IN_USER.id}/tweets`]);

    // A connection made before the id was kept: X is asked who the token is.
    const older = credentialsOf('x', { access_token: X_STAND_IN_USER.token, specific_data: { username: X_STAND_IN_USER.username } });
    await adapter.recover({ post, credentials: older, handle: {}, signal: signal() });
    expect(calls('GET', /^\/2\/users\/me$/)).toHaveLength(1);
  });

  /** A media-only post whose create answer was lost: what recovery sees of it. */
  async function interruptedMediaOnly(files: Array<keyof typeof FILES>) {
    const post = postOf('', files[0] === 'clip.mp4' ? 'video' : 'image', files);
    x.failNext('slow', { path: '/2/tweets' });
    const attempt = recordingSteps(x);
    // The worker stops while the create call waits for its answer (uploads take longer than that).
    const worker = new AbortController();
    const steps: PublishSteps = {
      get handle() {
        return attempt.steps.handle;
      },
      remember: (values) => attempt.steps.remember(values),
      create: (call) => {
        setTimeout(() => worker.abort(), 300);
        return attempt.steps.create(call);
      },
    };
    expect((await platformFailure(adapter.publish({ post, credentials: credentials(), steps, signal: worker.signal }))).kind).toBe('transient');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { post, handle: attempt.remembered, created: x.posts.at(-1)! };
  }

  it('recover: a media-only post is found by the media ids the attempt remembered, whatever type prefix its media keys carry', async () => {
    const { post, handle, created } = await interruptedMediaOnly(['clip.mp4']);
    // Uploaded as 13_<id>; the post lists 7_<id>.
    expect(created.mediaKeys[0]).toMatch(/^7_/);
    x.addPost({ authorId: X_STAND_IN_USER.id, text: 'https://t.co/other', createdAt: new Date(), mediaKeys: ['7_1234'] });
    const recovered = await adapter.recover({ post, credentials: credentials(), handle, signal: signal() });
    expect(recovered).toEqual({ status: 'published', published: { platformPostId: created.id, link: `https://x.com/standin_brand/status/${created.id}` } });
  });

  it("recover: unknown, never a guess, when a candidate's attachments are not listed; not published when every candidate carries other media", async () => {
    const { post, handle, created } = await interruptedMediaOnly(['one.png', 'two.jpg']);
    created.attachmentsUnlisted = true;
    const unlisted = await adapter.recover({ post, credentials: credentials(), handle, signal: signal() });
    expect(unlisted).toEqual({ status: 'unknown', reason: 'X lists a post that may be this one without saying which media it carries. Check the account, then confirm it or publish again.' });

    // The same media-only shape, other media: not this post.
    x.posts.splice(x.posts.indexOf(created), 1);
    x.addPost({ authorId: X_STAND_IN_USER.id, text: 'https://t.co/other', createdAt: new Date(), mediaKeys: ['3_1', '3_2'] });
    expect(await adapter.recover({ post, credentials: credentials(), handle, signal: signal() })).toEqual({ status: 'not_published' });
  });

  it('recover: errors are classified as publishing ones are', async () => {
    x.failNext('expired_token', { path: '/2/users/:id/tweets' });
    const error = await platformFailure(adapter.recover({ post: postOf(null), credentials: credentials(), handle: {}, signal: signal() }));
    expect(error.kind).toBe('auth');
    x.failNext('server_error', { path: '/2/users/:id/tweets' });
    expect((await platformFailure(adapter.recover({ post: postOf(null), credentials: credentials(), handle: {}, signal: signal() }))).kind).toBe('transient');
  });
});
