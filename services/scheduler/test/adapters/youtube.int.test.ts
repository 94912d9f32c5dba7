import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMediaHost, startYouTubeStandIn, YOUTUBE_STAND_IN_TOKEN, type YouTubeStandIn } from '@planner/platform-stand-ins';
import { type PlatformAdapter, type PublishablePost, type PublishHandle } from '../../src/adapters/platforms/index.js';
import { untilMidnightPacific, youtubeAdapter } from '../../src/adapters/platforms/youtube.js';
import { config, credentials as credentialsOf, platformFailure, post as publishable, recordingSteps, signal } from './harness.js';

const FILES = {
  'clip.mp4': { contentType: 'video/mp4', bytes: Buffer.from(Array.from({ length: 1_000_000 }, (_, i) => i % 251)) },
  'vertical.mov': { contentType: 'video/quicktime', bytes: Buffer.alloc(400_000, 9) },
  'photo.png': { contentType: 'image/png', bytes: Buffer.alloc(1000, 1) },
};

let youtube: YouTubeStandIn;
let limited: YouTubeStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
let adapter: PlatformAdapter;

beforeAll(async () => {
  [youtube, limited, media] = await Promise.all([startYouTubeStandIn({ slowMs: 1000 }), startYouTubeStandIn({ uploadsPerDay: 1 }), startMediaHost(FILES)]);
  adapter = youtubeAdapter(config({ YOUTUBE_API_URL: youtube.url }));
});

afterAll(async () => {
  await Promise.all([youtube?.close(), limited?.close(), media?.close()]);
});

beforeEach(() => {
  youtube.requests.length = 0;
});

const credentials = (token = YOUTUBE_STAND_IN_TOKEN) =>
  credentialsOf('youtube', { access_token: token, specific_data: { channel_id: 'UCstandInChannel000000001', channel_title: 'Stand-in Brand' } });

function postOf(text: string, mediaType: PublishablePost['mediaType'] = 'video', files: Array<keyof typeof FILES> = ['clip.mp4']): PublishablePost {
  return publishable({ text, mediaType, media: files.map((name) => ({ url: media.urlOf(name), contentType: FILES[name].contentType })) });
}

async function publish(post: PublishablePost, handle: PublishHandle = {}, options: { signal?: AbortSignal; on?: PlatformAdapter; token?: string } = {}) {
  const recording = recordingSteps(youtube, handle);
  const published = await (options.on ?? adapter).publish({ post, credentials: credentials(options.token), steps: recording.steps, signal: options.signal ?? signal() });
  return { published, ...recording };
}

const puts = () => youtube.requests.filter((r) => r.method === 'PUT');
const sessionOpens = () => youtube.requests.filter((r) => r.method === 'POST');

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
    expect(published.link).toBe(`https://www.youtube.com/watch?v=${video.id}`);

    expect(events.map((entry) => entry.step)).toEqual(['remember', 'create']);
    const remembered = events[0]!.step === 'remember' ? events[0]!.values : {};
    expect(remembered).toEqual({ sessionUri: expect.stringContaining(`${youtube.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=`), uploadBytes: 1_000_000 });
    const created = creates()[0]!.requests;
    expect(created.map((r) => [r.method, r.headers['content-range']])).toEqual([['PUT', 'bytes 0-999999/1000000']]);
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

  it('429 rateLimitExceeded (the per-day upload limit): rate limited', async () => {
    const onLimited = youtubeAdapter(config({ YOUTUBE_API_URL: limited.url }));
    await publish(postOf('First of the day'), {}, { on: onLimited });
    const error = await platformFailure(publish(postOf('Second of the day'), {}, { on: onLimited }));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 15 * 60_000 });
  });

  it('401: auth, naming no token; 400 uploadLimitExceeded: permanent; 5xx and no answer in time: transient', async () => {
    youtube.failNext('expired_token');
    const expired = await platformFailure(publish(postOf('Expired')));
    expect(expired.kind).toBe('auth');
    expect(expired.message).not.toContain(YOUTUBE_STAND_IN_TOKEN);

    youtube.failNext('refused');
    expect(await platformFailure(publish(postOf('Refused')))).toMatchObject({
      kind: 'permanent',
      message: 'YouTube refused the video: The user has exceeded the number of videos they may upload.',
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

  it('counts to the next midnight Pacific across daylight-saving changes', () => {
    const hours = (iso: string) => untilMidnightPacific(Date.parse(iso)) / 3_600_000;
    expect(hours('2026-06-15T19:00:00Z')).toBe(12); // 12:00 PDT
    expect(hours('2026-11-01T07:30:00Z')).toBe(24.5); // 00:30 PDT on the 25-hour day
    expect(hours('2026-11-01T18:00:00Z')).toBe(14); // 10:00 PST, after the change
    expect(hours('2026-03-08T08:30:00Z')).toBe(22.5); // 00:30 PST on the 23-hour day
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
    expect(youtube.requests.map((r) => [r.method, r.headers['content-range']])).toEqual([['PUT', 'bytes */400000']]);
  });

  it('an expired session: recover cannot tell (unknown); publishing opens a new one', async () => {
    const post = postOf('Expired session');
    youtube.failNextUpload('server_error');
    const first = recordingSteps(youtube);
    await platformFailure(adapter.publish({ post, credentials: credentials(), steps: first.steps, signal: signal() }));
    youtube.sessions.get(first.remembered.sessionUri as string)!.expired = true;

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
