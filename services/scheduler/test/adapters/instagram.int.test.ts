import { startInstagramStandIn, type InstagramStandIn } from '@planner/platform-stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instagramAdapter } from '../../src/adapters/platforms/instagram.js';
import { bodyOf, config, credentials, expectOneCreate, platformFailure, post, recordingSteps, signal } from './harness.js';
import { FAST, GRAPH, postsTo, startMedia } from './meta-support.js';

let instagram: InstagramStandIn;
let media: Awaited<ReturnType<typeof startMedia>>;
let adapter: ReturnType<typeof instagramAdapter>;
let account: ReturnType<typeof credentials>;

beforeAll(async () => {
  [instagram, media] = await Promise.all([startInstagramStandIn({ slowMs: 1000 }), startMedia()]);
  adapter = instagramAdapter(config({ INSTAGRAM_GRAPH_URL: instagram.url }), FAST);
  // What organizations stores for an Instagram Login connection: the username (the id is the token's user, `me`).
  account = credentials('instagram', { access_token: instagram.token, specific_data: { username: 'planner_sandbox' } });
});
afterAll(() => Promise.all([instagram.close(), media.close()]));

const photo = () => ({ url: media.urlOf('photo.jpg'), contentType: 'image/jpeg' });
const clip = () => ({ url: media.urlOf('clip.mp4'), contentType: 'video/mp4' });
const missing = () => ({ url: media.urlOf('gone.jpg'), contentType: 'image/jpeg' });
const publishPath = `${GRAPH}/me/media_publish`;

const containerCalls = (from: number) => postsTo(instagram, `${GRAPH}/me/media`, from);

describe('Instagram adapter: publishing', () => {
  it('publishes an image: container, status polled until FINISHED, container remembered, then media_publish', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    const recorded = recordingSteps(instagram);
    const from = instagram.requests.length;
    const published = await adapter.publish({ post: image, credentials: account, steps: recorded.steps, signal: signal() });

    expect(containerCalls(from)).toEqual([{ image_url: photo().url, caption: image.text, access_token: instagram.token }]);
    const containerId = recorded.remembered.containerId as string;
    expect(instagram.store.containers.get(containerId)!.status).toBe('PUBLISHED');
    expect(recorded.events.map((event) => event.step)).toEqual(['remember', 'create']);
    expectOneCreate(recorded, 'POST', publishPath);
    expect(bodyOf(recorded.creates()[0]!.requests[0]!)).toMatchObject({ creation_id: containerId });
    const statusReads = instagram.requests.slice(from).filter((request) => request.path === `${GRAPH}/${containerId}`);
    expect(statusReads.length).toBeGreaterThanOrEqual(2);
    expect(statusReads[0]!.query.get('fields')).toBe('status_code,status');

    const media = instagram.store.published.find((item) => item.id === published.platformPostId)!;
    expect(published).toEqual({ platformPostId: media.id, link: media.permalink });
    expect(media.text).toBe(image.text);
  });

  it('publishes a video as a reel, and a short too', async () => {
    for (const mediaType of ['video', 'short'] as const) {
      const reel = post({ mediaType, media: [clip()] });
      const from = instagram.requests.length;
      const published = await adapter.publish({ post: reel, credentials: account, steps: recordingSteps(instagram).steps, signal: signal() });
      expect(containerCalls(from)).toEqual([expect.objectContaining({ media_type: 'REELS', video_url: clip().url, caption: reel.text, share_to_feed: true })]);
      expect(instagram.store.published.find((item) => item.id === published.platformPostId)!.mediaType).toBe('REELS');
    }
  });

  it('publishes image and video stories', async () => {
    for (const item of [photo(), clip()]) {
      const story = post({ mediaType: 'story', media: [item] });
      const from = instagram.requests.length;
      await adapter.publish({ post: story, credentials: account, steps: recordingSteps(instagram).steps, signal: signal() });
      const field = item.contentType === 'video/mp4' ? 'video_url' : 'image_url';
      expect(containerCalls(from)).toEqual([{ media_type: 'STORIES', [field]: item.url, access_token: instagram.token }]);
    }
  });

  it('publishes a carousel: item containers finished first, then the carousel container with their ids', async () => {
    const carousel = post({ mediaType: 'carousel', media: [photo(), clip()] });
    const recorded = recordingSteps(instagram);
    const from = instagram.requests.length;
    const published = await adapter.publish({ post: carousel, credentials: account, steps: recorded.steps, signal: signal() });

    const calls = containerCalls(from);
    expect(calls.slice(0, 2)).toEqual([
      { is_carousel_item: true, image_url: photo().url, access_token: instagram.token },
      { is_carousel_item: true, media_type: 'VIDEO', video_url: clip().url, access_token: instagram.token },
    ]);
    const parent = instagram.store.containers.get(recorded.remembered.containerId as string)!;
    expect(calls[2]).toMatchObject({ media_type: 'CAROUSEL', children: parent.children.join(','), caption: carousel.text });
    expect(parent.children).toHaveLength(2);
    expectOneCreate(recorded, 'POST', publishPath);
    expect(instagram.store.published.find((item) => item.id === published.platformPostId)!.mediaType).toBe('CAROUSEL');
  });

  it('names the carousel item Meta could not fetch, and publishes nothing', async () => {
    const carousel = post({ mediaType: 'carousel', media: [photo(), missing()] });
    const recorded = recordingSteps(instagram);
    const error = await platformFailure(adapter.publish({ post: carousel, credentials: account, steps: recorded.steps, signal: signal() }));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'Instagram could not use item 2 of 2: Meta could not fetch the media from its link (it must be publicly reachable).',
    });
    expect(recorded.events).toEqual([]);
  });

  it('keeps a published post published when its permalink cannot be read', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    const recorded = recordingSteps(instagram);
    const steps = {
      ...recorded.steps,
      create: async <T>(call: () => Promise<T>) => {
        const created = await recorded.steps.create(call);
        instagram.failNext('server_error', { path: `${GRAPH}/:id` });
        return created;
      },
    };
    const published = await adapter.publish({ post: image, credentials: account, steps, signal: signal() });
    expect(published.link).toBeNull();
    expect(instagram.store.published.some((item) => item.id === published.platformPostId)).toBe(true);
  });
});

describe('Instagram adapter: rules checked before any call', () => {
  it.each([
    [post({}), 'Instagram cannot publish text posts.'],
    [post({ mediaType: 'image', media: [{ url: 'https://m/1.jpg', contentType: 'image/jpeg' }], text: 'x'.repeat(2201) }), 'Instagram allows at most 2200 characters; this post has 2201.'],
    [post({ mediaType: 'carousel', media: [{ url: 'https://m/1.jpg', contentType: 'image/jpeg' }] }), 'Instagram carousel posts take 2 to 10 images or videos; this post has 1.'],
    [
      post({ mediaType: 'carousel', media: Array.from({ length: 11 }, () => ({ url: 'https://m/1.jpg', contentType: 'image/jpeg' })) }),
      'Instagram carousel posts take 2 to 10 images or videos; this post has 11.',
    ],
    [post({ mediaType: 'image', media: [{ url: 'https://m/1.gif', contentType: 'image/gif' }] }), 'Instagram does not accept image/gif (item 1); it takes image/jpeg, image/png.'],
    [post({ mediaType: 'short', media: [{ url: 'https://m/1.jpg', contentType: 'image/jpeg' }] }), 'Instagram short posts take videos; item 1 is image/jpeg.'],
  ])('refuses %#', (refused, message) => {
    expect(adapter.check(refused)).toBe(message);
  });

  it('accepts images, carousels, reels and stories', () => {
    expect(adapter.check(post({ mediaType: 'image', media: [photo()] }))).toBeNull();
    expect(adapter.check(post({ mediaType: 'carousel', media: [photo(), clip()] }))).toBeNull();
    expect(adapter.check(post({ mediaType: 'story', media: [clip()], text: '' }))).toBeNull();
  });
});

describe('Instagram adapter: errors as the API answers them', () => {
  const publishImage = (steps = recordingSteps(instagram).steps) =>
    adapter.publish({ post: post({ mediaType: 'image', media: [photo()] }), credentials: account, steps, signal: signal() });

  it('a throttled account waits as long as the usage headers say', async () => {
    instagram.failNext('rate_limited', { path: `${GRAPH}/:userId/media` });
    const error = await platformFailure(publishImage());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12 * 60_000 });
  });

  it('an expired token is an auth failure without the token in its message', async () => {
    instagram.failNext('expired_token');
    const error = await platformFailure(publishImage());
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('The Instagram connection has expired. Please connect it again.');
    expect(error.message).not.toContain(instagram.token);
  });

  it('a content refusal is permanent, in Meta’s words for the user', async () => {
    instagram.failNext('refused', { path: `${GRAPH}/:userId/media` });
    const error = await platformFailure(publishImage());
    expect(error).toMatchObject({
      kind: 'permanent',
      message: "Instagram refused the post: The submitted image with aspect ratio ('0.31') cannot be published. Please submit an image with a valid aspect ratio.",
    });
  });

  it('a server error on media_publish is transient and thrown from the create call (outcome unknown)', async () => {
    const recorded = recordingSteps(instagram);
    instagram.failNext('server_error', { path: `${GRAPH}/:userId/media_publish` });
    expect((await platformFailure(publishImage(recorded.steps))).kind).toBe('transient');
    expect(recorded.creates()).toHaveLength(1);
  });

  it('a slow answer past the time limit is a network failure (transient)', async () => {
    instagram.failNext('slow');
    expect(await platformFailure(publishImage())).toMatchObject({ kind: 'transient', message: 'Instagram could not be reached. It will be tried again.' });
  });

  it('the publishing cap reached waits (code 9 / 2207042) instead of failing', async () => {
    const capped = await startInstagramStandIn({ quotaTotal: 1 });
    try {
      const cappedAdapter = instagramAdapter(config({ INSTAGRAM_GRAPH_URL: capped.url }), FAST);
      const cappedAccount = credentials('instagram', { access_token: capped.token, specific_data: { username: 'planner_sandbox', user_id: capped.userId } });
      const image = () => post({ mediaType: 'image', media: [photo()] });
      await cappedAdapter.publish({ post: image(), credentials: cappedAccount, steps: recordingSteps(capped).steps, signal: signal() });
      const error = await platformFailure(cappedAdapter.publish({ post: image(), credentials: cappedAccount, steps: recordingSteps(capped).steps, signal: signal() }));
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60 * 60_000 });
      expect(error.message).toContain('You reached maximum number of posts');
      // A stored user id is used instead of `me`.
      expect(capped.requests.filter((request) => request.path === `${GRAPH}/${capped.userId}/media_publish`)).toHaveLength(2);
      // The next one waits before any container is made: quota_usage says the cap is used.
      expect(await platformFailure(cappedAdapter.rateWindows(cappedAccount, signal(), post({})))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60 * 60_000 });
    } finally {
      await capped.close();
    }
  });
});

describe('Instagram adapter: publishing limit', () => {
  it('reads its window from content_publishing_limit', async () => {
    expect(await adapter.rateWindows(account, signal(), post({}))).toEqual([{ limit: 100, windowMs: 86_400_000 }]);
    const read = instagram.requests.at(-1)!;
    expect(read.path).toBe(`${GRAPH}/me/content_publishing_limit`);
    expect(read.query.get('fields')).toBe('config,quota_usage');
  });

  it('falls back to the documented 50 a day when the limit cannot be read, and passes a refused token on', async () => {
    instagram.failNext('server_error', { path: `${GRAPH}/:userId/content_publishing_limit` });
    expect(await adapter.rateWindows(account, signal(), post({}))).toEqual([{ limit: 50, windowMs: 86_400_000 }]);
    instagram.failNext('expired_token', { path: `${GRAPH}/:userId/content_publishing_limit` });
    expect((await platformFailure(adapter.rateWindows(account, signal(), post({})))).kind).toBe('auth');
  });
});

describe('Instagram adapter: resuming and recovering', () => {
  it('resumes from the remembered container: no new container, only the publish', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    const first = recordingSteps(instagram);
    instagram.failNext('rate_limited', { path: `${GRAPH}/:userId/media_publish` });
    expect((await platformFailure(adapter.publish({ post: image, credentials: account, steps: first.steps, signal: signal() }))).kind).toBe('rate_limited');
    expect(await adapter.recover({ post: image, credentials: account, handle: first.remembered, signal: signal() })).toEqual({ status: 'not_published' });

    const second = recordingSteps(instagram, first.remembered);
    const from = instagram.requests.length;
    const published = await adapter.publish({ post: image, credentials: account, steps: second.steps, signal: signal() });
    expect(containerCalls(from)).toEqual([]);
    expect(second.events.filter((event) => event.step === 'remember')).toEqual([]);
    expect(instagram.store.published.find((item) => item.id === published.platformPostId)!.containerId).toBe(first.remembered.containerId);
  });

  it('replaces an expired container with a new one', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    const first = recordingSteps(instagram);
    instagram.failNext('rate_limited', { path: `${GRAPH}/:userId/media_publish` });
    await platformFailure(adapter.publish({ post: image, credentials: account, steps: first.steps, signal: signal() }));
    instagram.store.expire(first.remembered.containerId as string);

    const second = recordingSteps(instagram, first.remembered);
    await adapter.publish({ post: image, credentials: account, steps: second.steps, signal: signal() });
    expect(second.remembered.containerId).not.toBe(first.remembered.containerId);
  });

  it('knows from the container’s status whether an interrupted publish went out, and never publishes it twice', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    expect(await adapter.recover({ post: image, credentials: account, handle: {}, signal: signal() })).toEqual({ status: 'not_published' });

    const first = recordingSteps(instagram);
    const published = await adapter.publish({ post: image, credentials: account, steps: first.steps, signal: signal() });
    expect(await adapter.recover({ post: image, credentials: account, handle: first.remembered, signal: signal() })).toEqual({ status: 'published', published });

    // A publish resumed from a container already PUBLISHED answers the post without publishing again.
    const again = recordingSteps(instagram, first.remembered);
    expect(await adapter.publish({ post: image, credentials: account, steps: again.steps, signal: signal() })).toEqual(published);
    expect(again.creates()).toEqual([]);
  });

  it('answers published with the container id and no link when the media cannot be looked up', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    const recorded = recordingSteps(instagram);
    await adapter.publish({ post: image, credentials: account, steps: recorded.steps, signal: signal() });
    instagram.failNext('server_error', { path: `${GRAPH}/:userId/media` });
    expect(await adapter.recover({ post: image, credentials: account, handle: recorded.remembered, signal: signal() })).toEqual({
      status: 'published',
      published: { platformPostId: recorded.remembered.containerId, link: null },
    });
  });
});

describe('Instagram adapter: issue 29', () => {
  it('calls the configured Graph version, and one Meta no longer serves is refused with its 2635 body', async () => {
    const from = instagram.requests.length;
    await adapter.rateWindows(account, signal(), post({}));
    expect(instagram.requests[from]!.path).toBe(`${GRAPH}/me/content_publishing_limit`);

    const expired = instagramAdapter(config({ INSTAGRAM_GRAPH_URL: instagram.url, META_GRAPH_VERSION: 'v20.0' }), FAST);
    const error = await platformFailure(expired.publish({ post: post({ mediaType: 'image', media: [photo()] }), credentials: account, steps: recordingSteps(instagram).steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent' });
    expect(error.message).toContain('You are calling a deprecated version of the Graph API');
  });

  it('checks the caption before upload: 30 hashtags and 20 @ tags at most, in words naming Instagram', () => {
    const tags = (mark: string, count: number) => Array.from({ length: count }, (_, i) => `${mark}tag${i}`).join(' ');
    const image = (text: string) => post({ mediaType: 'image', media: [photo()], text });
    expect(adapter.check(image(tags('#', 30)))).toBeNull();
    expect(adapter.check(image(tags('#', 31)))).toBe('Instagram allows at most 30 hashtags in a post; this post has 31.');
    expect(adapter.check(image(tags('@', 20)))).toBeNull();
    expect(adapter.check(image(tags('@', 21)))).toBe('Instagram allows at most 20 @ tags in a post; this post has 21.');
    expect(adapter.check(image('x'.repeat(2201)))).toBe('Instagram allows at most 2200 characters; this post has 2201.');
  });

  it('the stand-in refuses an over-limit caption as Instagram does (code 100), and no container is made', async () => {
    const over = post({ mediaType: 'image', media: [photo()], text: Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ') });
    const before = instagram.store.containers.size;
    const error = await platformFailure(adapter.publish({ post: over, credentials: account, steps: recordingSteps(instagram).steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'Instagram refused the post: The caption can have at most 30 hashtags.' });
    expect(instagram.store.containers.size).toBe(before);
  });

  it('counts posts made with other tools: quota_usage at the cap waits instead of publishing into a refusal', async () => {
    const capped = await startInstagramStandIn({ quotaTotal: 3 });
    try {
      const cappedAdapter = instagramAdapter(config({ INSTAGRAM_GRAPH_URL: capped.url }), FAST);
      const cappedAccount = credentials('instagram', { access_token: capped.token });
      capped.store.publishElsewhere(2);
      expect(await cappedAdapter.rateWindows(cappedAccount, signal(), post({}))).toEqual([{ limit: 3, windowMs: 86_400_000 }]);
      capped.store.publishElsewhere(1);
      const error = await platformFailure(cappedAdapter.rateWindows(cappedAccount, signal(), post({})));
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60 * 60_000 });
      expect(error.message).toBe('Instagram allows 3 posts in 24 hours from this account, posts made with other tools included, and they are all used. It will be tried again later.');
    } finally {
      await capped.close();
    }
  });

  it('reads a container’s status at Meta’s pace, once a minute: an attempt with less time leaves it to the next', async () => {
    // Only the attempt's budget is shortened: the first read finds the container IN_PROGRESS, the next is a minute away.
    const paced = instagramAdapter(config({ INSTAGRAM_GRAPH_URL: instagram.url }), { requestTimeoutMs: FAST.requestTimeoutMs, pollTimeoutMs: 2000 });
    const recorded = recordingSteps(instagram);
    const error = await platformFailure(paced.publish({ post: post({ mediaType: 'image', media: [photo()] }), credentials: account, steps: recorded.steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'transient', message: 'Instagram is still processing the media. It will be tried again.' });
    expect(instagram.requests.filter((request) => request.path === `${GRAPH}/${recorded.remembered.containerId as string}`)).toHaveLength(1);
  });

  it('a status read refused with code 100 / subcode 33 now and then is read again, not a refusal of the post', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    instagram.store.faults.failReads(1, 'unsupported_get');
    const published = await adapter.publish({ post: image, credentials: account, steps: recordingSteps(instagram).steps, signal: signal() });
    expect(instagram.store.published.find((item) => item.id === published.platformPostId)!.text).toBe(image.text);
  });

  it('while checking after an unknown outcome, a refused or failed status read is an error to check again (never "not published")', async () => {
    const image = post({ mediaType: 'image', media: [photo()] });
    const recorded = recordingSteps(instagram);
    instagram.store.faults.loseCreateAnswers(1);
    await platformFailure(adapter.publish({ post: image, credentials: account, steps: recorded.steps, signal: signal() }));
    for (const as of ['unsupported_get', 'server_error'] as const) {
      instagram.store.faults.failReads(1, as);
      expect((await platformFailure(adapter.recover({ post: image, credentials: account, handle: recorded.remembered, signal: signal() }))).kind).toBe('transient');
    }
    expect(await adapter.recover({ post: image, credentials: account, handle: recorded.remembered, signal: signal() })).toMatchObject({ status: 'published' });
    expect(instagram.store.published.filter((item) => item.text === image.text)).toHaveLength(1);
  });
});
