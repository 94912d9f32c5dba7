import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startMediaHost,
  startYouTubeStandIn,
  YOUTUBE_SCOPES,
  YOUTUBE_SESSION_LIFETIME_MS,
  YOUTUBE_STAND_IN_TOKEN,
  type YouTubeStandIn,
} from '@planner/platform-stand-ins';
import { type MediaFacts, type PlatformAdapter, type PublishablePost, type PublishHandle } from '../../src/adapters/platforms/index.js';
import { youtubeAdapter } from '../../src/adapters/platforms/youtube.js';
import { untilNextMidnight } from '../../src/domain/daily-reset.js';
import { config, credentials as credentialsOf, platformFailure, post as publishable, recordingSteps, signal } from './harness.js';

const FILES = {
  'clip.mp4': { contentType: 'video/mp4', bytes: Buffer.from(Array.from({ length: 1_000_000 }, (_, i) => i % 251)) },
  'vertical.mov': { contentType: 'video/quicktime', bytes: Buffer.alloc(400_000, 9) },
  'photo.png': { contentType: 'image/png', bytes: Buffer.alloc(1000, 1) },
};

/** Tokens of grants that left a scope out on Google's consent screen. */
const UPLOAD_ONLY_TOKEN = 'youtube-upload-only-token';
const READ_ONLY_TOKEN = 'youtube-read-only-token';

let youtube: YouTubeStandIn;
let limited: YouTubeStandIn;
let channelLimited: YouTubeStandIn;
let keepsPrivate: YouTubeStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
let adapter: PlatformAdapter;

beforeAll(async () => {
  [youtube, limited, channelLimited, keepsPrivate, media] = await Promise.all([
    startYouTubeStandIn({
      slowMs: 1000,
      tokens: {
        [YOUTUBE_STAND_IN_TOKEN]: [YOUTUBE_SCOPES.upload, YOUTUBE_SCOPES.readonly],
        [UPLOAD_ONLY_TOKEN]: [YOUTUBE_SCOPES.upload],
        [READ_ONLY_TOKEN]: [YOUTUBE_SCOPES.readonly],
      },
    }),
    startYouTubeStandIn({ uploadsPerDay: 1 }),
    startYouTubeStandIn({ channelUploadsPerDay: 1 }),
    startYouTubeStandIn({ keepsUploadsPrivate: true, slowMs: 1000 }),
    startMediaHost(FILES),
  ]);
  adapter = youtubeAdapter(config({ YOUTUBE_API_URL: youtube.url }));
});

afterAll(async () => {
  await Promise.all([youtube?.close(), limited?.close(), channelLimited?.close(), keepsPrivate?.close(), media?.close()]);
});

beforeEach(() => {
  youtube.requests.length = 0;
});

const credentials = (token = YOUTUBE_STAND_IN_TOKEN) =>
  credentialsOf('youtube', { access_token: token, specific_data: { channel_id: 'UCstandInChannel000000001', channel_title: 'Stand-in Brand' } });

function postOf(text: string, mediaType: PublishablePost['mediaType'] = 'video', files: Array<keyof typeof FILES> = ['clip.mp4'], facts?: Partial<MediaFacts>): PublishablePost {
  return publishable({
    text,
    mediaType,
    media: files.map((name) => ({
      url: media.urlOf(name),
      contentType: FILES[name].contentType,
      ...(facts && { facts: { size: FILES[name].bytes.length, durationSeconds: null, width: null, height: null, frameRate: null, ...facts } }),
    })),
  });
}

async function publish(post: PublishablePost, handle: PublishHandle = {}, options: { signal?: AbortSignal; on?: PlatformAdapter; token?: string } = {}) {
  const recording = recordingSteps(youtube, handle);
  const published = await (options.on ?? adapter).publish({ post, credentials: credentials(options.token), steps: recording.steps, signal: options.signal ?? signal() });
  return { published, ...recording };
}

const puts = () => youtube.requests.filter((r) => r.method === 'PUT');
const sessionOpens = () => youtube.requests.filter((r) => r.method === 'POST');
const statusReads = (standIn = youtube) => standIn.requests.filter((r) => r.method === 'GET' && r.path === '/youtube/v3/videos');
const untilMidnightPacific = () => untilNextMidnight('America/Los_Angeles', Date.now());

describe('YouTube adapter: publishing', () => {
  it('opens a resumable session with the metadata, remembers its URI, then streams the bytes in the create call', async () => {
    const text = 'Our new workshop tour\nA walk through the place where it all happens.';
    const { published, events, creates } = await publish(postOf(text));

    const [open] = sessionOpens();
    expect(open!.query.get('uploadType')).toBe('resumable');
    expect(open!.query.getAll('part')).toEqual(['snippet', 'status']);
    expect(open!.headers).toMatchObject({ authorization: `Bearer ${YOUTUBE_STAND_IN_TOKEN}`, 'x-upload-content-length': '1000000', 'x-upload-content-type': 'video/mp4' });
    expect(JSON.parse(open!.body.toString())).toEqual({
      snippet: { title: 'Our new workshop tour', description: text },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });

    const video = youtube.videos.find((v) => v.id === published.platformPostId)!;
    expect(video.bytes.equals(FILES['clip.mp4'].bytes)).toBe(true);
    // As asked: nothing to tell.
    expect(published).toEqual({ platformPostId: video.id, link: `https://www.youtube.com/watch?v=${video.id}` });

    expect(events.map((entry) => entry.step)).toEqual(['remember', 'create']);
    const remembered = events[0]!.step === 'remember' ? events[0]!.values : {};
    expect(remembered).toEqual({
      sessionUri: expect.stringContaining(`${youtube.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=`),
      uploadBytes: 1_000_000,
      privacyStatus: 'public',
    });
    const created = creates()[0]!.requests;
    expect(created.map((r) => [r.method, r.headers['content-range']])).toEqual([['PUT', 'bytes 0-999999/1000000']]);
    // Then how it went out is read, after the create call.
    const [read] = statusReads();
    expect([read!.query.getAll('part'), read!.query.getAll('id'), read!.headers.authorization]).toEqual([['status'], [video.id], `Bearer ${YOUTUBE_STAND_IN_TOKEN}`]);
  });

  it('links a short as a Short; the title is the first line, cut at 100 characters, with angle brackets replaced', async () => {
    const firstLine = `<b>Behind the scenes</b> ${'x'.repeat(120)}`;
    const { published } = await publish(postOf(`\n${firstLine}\nMore <soon>.`, 'short', ['vertical.mov']));
    const video = youtube.videos.find((v) => v.id === published.platformPostId)!;
    expect(published.link).toBe(`https://www.youtube.com/shorts/${video.id}`);
    expect(video.snippet.title).toBe(`‹b›Behind the scenes‹/b› ${'x'.repeat(100 - 25)}`);
    expect(video.snippet.description).toBe(`‹b›Behind the scenes‹/b› ${'x'.repeat(120)}\nMore ‹soon›.`);
  });
});

describe('YouTube adapter: errors', () => {
  it('403 quotaExceeded: rate limited until the next midnight Pacific, in plain words', async () => {
    youtube.failNext('rate_limited');
    const error = await platformFailure(publish(postOf('Quota')));
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toBe("YouTube's daily quota is used up (The request cannot be completed because you have exceeded your quota.).");
    expect(Math.abs(error.retryAfterMs! - untilMidnightPacific())).toBeLessThan(5000);
  });

  it("429 naming 'Video Uploads per day' (the project's videos.insert bucket): rate limited until the next midnight Pacific, not 15 minutes", async () => {
    const onLimited = youtubeAdapter(config({ YOUTUBE_API_URL: limited.url }));
    await publish(postOf('First of the day'), {}, { on: onLimited });
    const error = await platformFailure(publish(postOf('Second of the day'), {}, { on: onLimited }));
    expect(error).toMatchObject({ kind: 'rate_limited', options: { status: 429 } });
    expect(error.message).toContain("limit 'Video Uploads per day'");
    expect(Math.abs(error.retryAfterMs! - untilMidnightPacific())).toBeLessThan(5000);
  });

  it("400 uploadLimitExceeded (the channel's daily uploads): rate limited until the next midnight Pacific, never a refusal of the video", async () => {
    const onLimited = youtubeAdapter(config({ YOUTUBE_API_URL: channelLimited.url }));
    await publish(postOf('First of the day'), {}, { on: onLimited });
    const error = await platformFailure(publish(postOf('Second of the day'), {}, { on: onLimited }));
    expect(error).toMatchObject({
      kind: 'rate_limited',
      message: "The channel's daily YouTube upload limit is reached (The user has exceeded the number of videos they may upload.).",
    });
    expect(Math.abs(error.retryAfterMs! - untilMidnightPacific())).toBeLessThan(5000);
    expect(channelLimited.videos).toHaveLength(1);
  });

  it('a token whose grant leaves out the upload scope: 403 insufficientPermissions, refused for good with what to do', async () => {
    const error = await platformFailure(publish(postOf('Read only'), {}, { token: READ_ONLY_TOKEN }));
    expect(error).toMatchObject({
      kind: 'permanent',
      options: { status: 403 },
      message:
        'YouTube refused: the connection was not granted what this needs (Request had insufficient authentication scopes.). Connect YouTube again and allow everything it asks for.',
    });
    expect(puts()).toHaveLength(0);
  });

  it('401: auth, naming no token; 403 forbidden: permanent; 5xx and no answer in time: transient', async () => {
    youtube.failNext('expired_token');
    const expired = await platformFailure(publish(postOf('Expired')));
    expect(expired.kind).toBe('auth');
    expect(expired.message).not.toContain(YOUTUBE_STAND_IN_TOKEN);

    youtube.failNext('refused');
    expect(await platformFailure(publish(postOf('Refused')))).toMatchObject({
      kind: 'permanent',
      message: 'YouTube refused the video: Access forbidden. The request may not be properly authorized.',
    });

    youtube.failNext('server_error');
    expect(await platformFailure(publish(postOf('Down')))).toMatchObject({ kind: 'transient', message: 'YouTube failed on its side (503: The service is currently unavailable.).' });

    youtube.failNext('slow');
    expect((await platformFailure(publish(postOf('Slow'), {}, { signal: AbortSignal.timeout(300) }))).kind).toBe('transient');
  });
});

describe('YouTube adapter: check', () => {
  const check = (post: PublishablePost) => adapter.check(post);

  it('takes one video (video or short) with a title; refuses text, image, carousel and story posts', () => {
    expect(check(postOf('Tour'))).toBeNull();
    expect(check(postOf('Tour', 'short', ['vertical.mov']))).toBeNull();
    expect(check(postOf('Hello', 'text', []))).toBe('YouTube publishes videos and Shorts only: a text post cannot be published there.');
    expect(check(postOf('Hello', 'image', ['photo.png']))).toBe('YouTube publishes videos and Shorts only: a image post cannot be published there.');
    expect(check(postOf('Hello', 'story', ['clip.mp4']))).toBe('YouTube publishes videos and Shorts only: a story post cannot be published there.');
    expect(check(postOf('Two', 'video', ['clip.mp4', 'clip.mp4']))).toBe('A YouTube post takes exactly one video.');
    expect(check(postOf('Photo', 'video', ['photo.png']))).toBe('YouTube takes video files only.');
    expect(check(postOf(' \n ', 'video'))).toBe("YouTube needs a title: the first line of the post's text is used, and this post has none.");
  });

  it('counts the description in bytes (5,000)', () => {
    expect(check(postOf('€'.repeat(1666)))).toBeNull();
    expect(check(postOf('€'.repeat(1667)))).toBe('YouTube descriptions take up to 5000 bytes; this text has 5001.');
  });

  it('publishes no per-channel cap (its quota is the project’s)', async () => {
    expect(await adapter.rateWindows(credentials(), signal(), postOf('Window'))).toEqual([]);
  });

  it('a Short: at most 3 minutes, vertical or square, from the video facts; a fact not known is not held against it', () => {
    const short = (facts?: Partial<MediaFacts>) => check(postOf('Short', 'short', ['vertical.mov'], facts));
    expect(short({ durationSeconds: 180, width: 1080, height: 1920 })).toBeNull();
    expect(short({ durationSeconds: 59, width: 1080, height: 1080 })).toBeNull();
    expect(short({ durationSeconds: 180.2, width: 1080, height: 1920 })).toBe('YouTube Shorts are at most 3 minutes long; this video lasts 3:01.');
    expect(short({ durationSeconds: 30, width: 1920, height: 1080 })).toBe('YouTube Shorts are vertical or square; this video is 1920×1080, wider than it is tall.');
    // Older media have no facts; a container that does not say leaves a fact null.
    expect(short()).toBeNull();
    expect(short({ durationSeconds: null, width: 1920, height: null })).toBeNull();
    expect(short({ durationSeconds: 600, width: null, height: null })).toBe('YouTube Shorts are at most 3 minutes long; this video lasts 10:00.');
    // A plain video may be long and wide.
    expect(check(postOf('Tour', 'video', ['clip.mp4'], { durationSeconds: 3600, width: 1920, height: 1080 }))).toBeNull();
  });
});

describe('YouTube adapter: how the video went out', () => {
  it('a video YouTube kept private: published with the status YouTube read back and a notice in plain words, never as asked', async () => {
    const onPrivate = youtubeAdapter(config({ YOUTUBE_API_URL: keepsPrivate.url }));
    const { published } = await publish(postOf('Kept private'), {}, { on: onPrivate });
    const video = keepsPrivate.videos.find((v) => v.id === published.platformPostId)!;
    expect(video.status.privacyStatus).toBe('private');
    expect(published).toEqual({
      platformPostId: video.id,
      link: `https://www.youtube.com/watch?v=${video.id}`,
      notice: 'YouTube made the video private, not public as asked. Its visibility can be changed in YouTube Studio.',
    });
    expect(statusReads(keepsPrivate).at(-1)!.query.getAll('id')).toEqual([video.id]);
  });

  it('found by recovery after its answer was lost: the same notice', async () => {
    const onPrivate = youtubeAdapter(config({ YOUTUBE_API_URL: keepsPrivate.url }));
    const post = postOf('Kept private, answer lost');
    keepsPrivate.failNextUpload('slow');
    const first = recordingSteps(keepsPrivate);
    await platformFailure(onPrivate.publish({ post, credentials: credentials(), steps: first.steps, signal: AbortSignal.timeout(400) }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const recovered = await onPrivate.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() });
    expect(recovered).toMatchObject({ status: 'published', published: { notice: 'YouTube made the video private, not public as asked. Its visibility can be changed in YouTube Studio.' } });
  });

  it('the read of how it went out failing after the last byte (5xx, 403, a grant without the read scope): transient, and recovery finds the one video', async () => {
    for (const [index, [fail, token]] of ([
      [() => youtube.failNext('server_error', { path: '/youtube/v3/videos' }), YOUTUBE_STAND_IN_TOKEN],
      [() => youtube.failNext('refused', { path: '/youtube/v3/videos' }), YOUTUBE_STAND_IN_TOKEN],
      [() => undefined, UPLOAD_ONLY_TOKEN],
    ] as const).entries()) {
      const post = postOf(`Read refused ${index}`);
      fail();
      const first = recordingSteps(youtube);
      const error = await platformFailure(adapter.publish({ post, credentials: credentials(token), steps: first.steps, signal: signal() }));
      expect(error.kind).toBe('transient');
      expect(error.message).toMatch(/^The video reached YouTube, but reading how it went out failed: /);
      expect(first.creates()[0]!.outcome).toBe('returned');
      const video = youtube.videos.find((v) => v.snippet.title === post.text)!;

      const recovered = await adapter.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() });
      expect(recovered).toEqual({ status: 'published', published: { platformPostId: video.id, link: `https://www.youtube.com/watch?v=${video.id}` } });
      expect(youtube.videos.filter((v) => v.snippet.title === post.text)).toHaveLength(1);
    }
  });

  it('an upload-status query refused after the last byte: the error, for the worker to check again (never a second upload)', async () => {
    const post = postOf('Probe refused');
    youtube.failNextUpload('slow');
    const first = recordingSteps(youtube);
    await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: AbortSignal.timeout(400) }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    youtube.failNextProbe('server_error');
    expect((await platformFailure(adapter.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() }))).kind).toBe('transient');
    youtube.failNextProbe('refused');
    expect((await platformFailure(adapter.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() }))).kind).toBe('permanent');
    expect(youtube.videos.filter((v) => v.snippet.title === post.text)).toHaveLength(1);
  });
});

describe('YouTube adapter: resuming and recovery', () => {
  it('an upload cut mid-way: recover says not published, and the next attempt resumes the session where it stopped', async () => {
    const post = postOf('Resumed upload');
    youtube.failNextUpload('server_error', { keepBytes: 300_000 });
    const first = recordingSteps(youtube);
    expect((await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: signal() }))).kind).toBe('transient');

    const probe = await adapter.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() });
    expect(probe).toEqual({ status: 'not_published' });
    expect(puts().at(-1)!.headers['content-range']).toBe('bytes */1000000');

    youtube.requests.length = 0;
    const { published, creates } = await publish(post, first.remembered);
    expect(sessionOpens()).toHaveLength(0);
    expect(puts().map((r) => r.headers['content-range'])).toEqual(['bytes */1000000', 'bytes 300000-999999/1000000']);
    expect(creates()[0]!.requests).toHaveLength(1);
    expect(youtube.videos.find((v) => v.id === published.platformPostId)!.bytes.equals(FILES['clip.mp4'].bytes)).toBe(true);
  });

  it('an upload whose answer was lost: recover finds the video, and publishing again returns it without uploading', async () => {
    const post = postOf('Answer lost', 'short', ['vertical.mov']);
    youtube.failNextUpload('slow');
    const first = recordingSteps(youtube);
    expect((await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: AbortSignal.timeout(400) }))).kind).toBe('transient');
    await new Promise((resolve) => setTimeout(resolve, 800));
    const video = youtube.videos.at(-1)!;

    const recovered = await adapter.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() });
    expect(recovered).toEqual({ status: 'published', published: { platformPostId: video.id, link: `https://www.youtube.com/shorts/${video.id}` } });

    youtube.requests.length = 0;
    const { published, events } = await publish(post, first.remembered);
    expect(published.platformPostId).toBe(video.id);
    expect(events).toEqual([]);
    expect(youtube.requests.map((r) => `${r.method} ${r.path} ${r.headers['content-range'] ?? ''}`.trim())).toEqual([
      'PUT /upload/youtube/v3/videos bytes */400000',
      'GET /youtube/v3/videos',
    ]);
  });

  it('a session a week old answers 404: recover cannot tell (unknown); publishing opens a new one', async () => {
    const post = postOf('Expired session');
    youtube.failNextUpload('server_error');
    const first = recordingSteps(youtube);
    await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: signal() }));
    youtube.sessions.get(first.remembered.sessionUri as string)!.openedAt -= YOUTUBE_SESSION_LIFETIME_MS + 1000;

    const recovered = await adapter.recover({ post, credentials: credentials(), handle: first.remembered, signal: signal() });
    expect(recovered).toEqual({ status: 'unknown', reason: 'The YouTube upload session has expired, so whether the video was uploaded cannot be checked.' });

    youtube.requests.length = 0;
    const { events } = await publish(post, first.remembered);
    expect(sessionOpens()).toHaveLength(1);
    expect(events.map((entry) => entry.step)).toEqual(['remember', 'create']);
  });

  it('recover with no session remembered: not published (no upload can have finished)', async () => {
    expect(await adapter.recover({ post: postOf('Nothing'), credentials: credentials(), handle: {}, signal: signal() })).toEqual({ status: 'not_published' });
  });

  it('recover: a refused token is auth', async () => {
    const post = postOf('Probe token');
    youtube.failNextUpload('server_error');
    const first = recordingSteps(youtube);
    await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: signal() }));
    const error = await platformFailure(adapter.recover({ post, credentials: credentials('revoked'), handle: first.remembered, signal: signal() }));
    expect(error.kind).toBe('auth');
  });
});

describe('YouTube adapter: the user’s visibility (issue 29 §8)', () => {
  it('uploads as the post chose (unlisted, private); a post made before the choice existed stays public', async () => {
    for (const privacy of ['unlisted', 'private'] as const) {
      youtube.requests.length = 0;
      const { published } = await publish({ ...postOf('Chosen visibility'), options: { youtube: { privacy_status: privacy } } });
      expect(JSON.parse(sessionOpens()[0]!.body.toString()).status.privacyStatus).toBe(privacy);
      expect(youtube.videos.find((v) => v.id === published.platformPostId)!.status.privacyStatus).toBe(privacy);
    }
    youtube.requests.length = 0;
    await publish({ ...postOf('From before'), options: {} });
    expect(JSON.parse(sessionOpens()[0]!.body.toString()).status.privacyStatus).toBe('public');
  });
});
