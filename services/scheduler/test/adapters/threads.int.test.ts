import { startThreadsStandIn, type ThreadsStandIn } from '@planner/platform-stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadsAdapter } from '../../src/adapters/platforms/threads.js';
import { bodyOf, config, credentials, expectOneCreate, platformFailure, post, recordingSteps, signal } from './harness.js';
import { FAST, postsTo, startMedia } from './meta-support.js';

let threads: ThreadsStandIn;
let media: Awaited<ReturnType<typeof startMedia>>;
let adapter: ReturnType<typeof threadsAdapter>;
let account: ReturnType<typeof credentials>;

beforeAll(async () => {
  [threads, media] = await Promise.all([startThreadsStandIn({ slowMs: 1000 }), startMedia()]);
  adapter = threadsAdapter(config({ THREADS_GRAPH_URL: threads.url }), FAST);
  account = credentials('threads', { access_token: threads.token, specific_data: { username: 'planner_sandbox' } });
});
afterAll(() => Promise.all([threads.close(), media.close()]));

const photo = () => ({ url: media.urlOf('photo.png'), contentType: 'image/png' });
const clip = () => ({ url: media.urlOf('clip.mp4'), contentType: 'video/mp4' });
const publishPath = '/v1.0/me/threads_publish';
const containerCalls = (from: number) => postsTo(threads, '/v1.0/me/threads', from);

describe('Threads adapter: publishing', () => {
  it('publishes a text post: TEXT container remembered, then threads_publish inside the create call', async () => {
    const text = post({ text: 'Short and sweet ✨' });
    const recorded = recordingSteps(threads);
    const from = threads.requests.length;
    const published = await adapter.publish({ post: text, credentials: account, steps: recorded.steps, signal: signal() });

    expect(containerCalls(from)).toEqual([{ media_type: 'TEXT', text: text.text, access_token: threads.token }]);
    expect(recorded.events.map((event) => event.step)).toEqual(['remember', 'create']);
    expectOneCreate(recorded, 'POST', publishPath);
    expect(bodyOf(recorded.creates()[0]!.requests[0]!)).toMatchObject({ creation_id: recorded.remembered.containerId });
    const thread = threads.store.published.find((item) => item.id === published.platformPostId)!;
    expect(published.link).toBe(thread.permalink);
    expect(thread.permalink).toMatch(/^https:\/\/www\.threads\.net\/@planner_sandbox\/post\//);
  });

  it('publishes an image and a video, each waited for until FINISHED', async () => {
    for (const item of [photo(), clip()]) {
      const single = post({ mediaType: item.contentType.startsWith('video') ? 'video' : 'image', media: [item] });
      const recorded = recordingSteps(threads);
      const from = threads.requests.length;
      await adapter.publish({ post: single, credentials: account, steps: recorded.steps, signal: signal() });
      const kind = item.contentType.startsWith('video') ? { media_type: 'VIDEO', video_url: item.url } : { media_type: 'IMAGE', image_url: item.url };
      expect(containerCalls(from)).toEqual([{ ...kind, text: single.text, access_token: threads.token }]);
      expect(threads.store.containers.get(recorded.remembered.containerId as string)!.status).toBe('PUBLISHED');
    }
  });

  it('publishes a carousel of an image and a video', async () => {
    const carousel = post({ mediaType: 'carousel', media: [photo(), clip()] });
    const recorded = recordingSteps(threads);
    const from = threads.requests.length;
    await adapter.publish({ post: carousel, credentials: account, steps: recorded.steps, signal: signal() });
    const calls = containerCalls(from);
    expect(calls.slice(0, 2)).toEqual([
      { media_type: 'IMAGE', image_url: photo().url, is_carousel_item: true, access_token: threads.token },
      { media_type: 'VIDEO', video_url: clip().url, is_carousel_item: true, access_token: threads.token },
    ]);
    const parent = threads.store.containers.get(recorded.remembered.containerId as string)!;
    expect(calls[2]).toMatchObject({ media_type: 'CAROUSEL', children: parent.children.join(','), text: carousel.text });
    expect(parent.status).toBe('PUBLISHED');
  });

  it('names the video Meta could not fetch', async () => {
    const video = post({ mediaType: 'video', media: [{ url: media.urlOf('gone.mp4'), contentType: 'video/mp4' }] });
    const recorded = recordingSteps(threads);
    expect(await platformFailure(adapter.publish({ post: video, credentials: account, steps: recorded.steps, signal: signal() }))).toMatchObject({
      kind: 'permanent',
      message: 'Threads could not use the media: Meta could not fetch the video from its link (it must be publicly reachable).',
    });
    expect(recorded.creates()).toEqual([]);
  });
});

describe('Threads adapter: rules checked before any call', () => {
  it.each([
    [post({ text: 'a'.repeat(501) }), 'Threads allows at most 500 characters; this post has 501.'],
    // An emoji counts as its UTF-8 bytes: 496 letters and one 4-byte emoji are 500, a second is over.
    [post({ text: `${'a'.repeat(496)}😀😀` }), 'Threads allows at most 500 characters; this post has 504.'],
    [post({ mediaType: 'story', media: [{ url: 'https://m/1.jpg', contentType: 'image/jpeg' }] }), 'Threads cannot publish story posts.'],
    [post({ mediaType: 'image', media: [{ url: 'https://m/1.gif', contentType: 'image/gif' }] }), 'Threads does not accept image/gif (item 1); it takes image/jpeg, image/png.'],
    [post({ mediaType: 'carousel', media: [{ url: 'https://m/1.jpg', contentType: 'image/jpeg' }] }), 'Threads carousel posts take 2 to 20 images or videos; this post has 1.'],
  ])('refuses %#', (refused, message) => {
    expect(adapter.check(refused)).toBe(message);
  });

  it('accepts text up to 500, images, videos, shorts and carousels', () => {
    expect(adapter.check(post({ text: `${'a'.repeat(496)}😀` }))).toBeNull();
    expect(adapter.check(post({ mediaType: 'short', media: [clip()] }))).toBeNull();
    expect(adapter.check(post({ mediaType: 'image', media: [photo(), photo(), photo()] }))).toBeNull();
  });
});

describe('Threads adapter: errors as the API answers them', () => {
  const publishText = (steps = recordingSteps(threads).steps) => adapter.publish({ post: post({}), credentials: account, steps, signal: signal() });

  it('a throttled account is rate limited', async () => {
    threads.failNext('rate_limited', { path: '/v1.0/:userId/threads' });
    expect((await platformFailure(publishText())).kind).toBe('rate_limited');
  });

  it('an expired token is an auth failure without the token in its message', async () => {
    threads.failNext('expired_token');
    const error = await platformFailure(publishText());
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain(threads.token);
  });

  it('a post restricted as spam (code 4, subcode 2207051) is refused for good, not throttled', async () => {
    threads.failNext('refused', { path: '/v1.0/:userId/threads_publish' });
    const recorded = recordingSteps(threads);
    const error = await platformFailure(publishText(recorded.steps));
    expect(error).toMatchObject({ kind: 'permanent', message: expect.stringContaining('We restrict certain activity to protect our community.') });
    expect(recorded.creates()).toHaveLength(1);
  });

  it('a server error is transient', async () => {
    threads.failNext('server_error');
    expect((await platformFailure(publishText())).kind).toBe('transient');
  });

  it('a slow answer past the time limit is a network failure (transient)', async () => {
    threads.failNext('slow');
    expect(await platformFailure(publishText())).toMatchObject({ kind: 'transient', message: 'Threads could not be reached. It will be tried again.' });
  });

  it('a text over the limit the API itself refuses is permanent, in its words', async () => {
    const error = await platformFailure(adapter.publish({ post: post({ text: 'b'.repeat(501) }), credentials: account, steps: recordingSteps(threads).steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'Threads refused the post: Param text must be at most 500 characters long.' });
  });
});

describe('Threads adapter: publishing limit, resuming and recovering', () => {
  it('reads its window from threads_publishing_limit', async () => {
    expect(await adapter.rateWindows(account, signal(), post({}))).toEqual([{ limit: 250, windowMs: 86_400_000 }]);
    expect(threads.requests.at(-1)!.path).toBe('/v1.0/me/threads_publishing_limit');
  });

  it('resumes from the remembered container, and recovers by its status', async () => {
    const text = post({});
    const first = recordingSteps(threads);
    threads.failNext('server_error', { path: '/v1.0/:userId/threads_publish' });
    expect((await platformFailure(adapter.publish({ post: text, credentials: account, steps: first.steps, signal: signal() }))).kind).toBe('transient');
    expect(await adapter.recover({ post: text, credentials: account, handle: first.remembered, signal: signal() })).toEqual({ status: 'not_published' });

    const second = recordingSteps(threads, first.remembered);
    const from = threads.requests.length;
    const published = await adapter.publish({ post: text, credentials: account, steps: second.steps, signal: signal() });
    expect(containerCalls(from)).toEqual([]);
    expect(await adapter.recover({ post: text, credentials: account, handle: second.remembered, signal: signal() })).toEqual({ status: 'published', published });
    expect(await adapter.recover({ post: text, credentials: account, handle: {}, signal: signal() })).toEqual({ status: 'not_published' });
  });
});

describe('Threads adapter: issue 29', () => {
  const linked = (count: number) => post({ text: Array.from({ length: count }, (_, i) => `https://example.com/${i}`).join(' ') });

  it('checks the 5 links before upload, in words naming Threads', () => {
    expect(adapter.check(linked(5))).toBeNull();
    expect(adapter.check(linked(6))).toBe('Threads allows at most 5 links in a post; this post has 6.');
    // The same link twice is one link.
    expect(adapter.check(post({ text: `${linked(5).text} https://example.com/0` }))).toBeNull();
  });

  it('the stand-in refuses a post with more than 5 links (THREADS_API__LINK_LIMIT_EXCEEDED), and no container is made', async () => {
    const before = threads.store.containers.size;
    const error = await platformFailure(adapter.publish({ post: linked(6), credentials: account, steps: recordingSteps(threads).steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'Threads refused the post: The post has more than 5 links. Remove some links and try again.' });
    expect(threads.store.containers.size).toBe(before);
  });

  it('calls its own version (THREADS_API_VERSION); a version Threads does not serve is refused', async () => {
    const other = threadsAdapter(config({ THREADS_GRAPH_URL: threads.url, THREADS_API_VERSION: 'v2.0' }), FAST);
    const error = await platformFailure(other.publish({ post: post({}), credentials: account, steps: recordingSteps(threads).steps, signal: signal() }));
    expect(error.message).toContain('deprecated version');
  });

  it('counts posts made with other tools: quota_usage at 250 waits', async () => {
    const capped = await startThreadsStandIn();
    try {
      const cappedAdapter = threadsAdapter(config({ THREADS_GRAPH_URL: capped.url }), FAST);
      capped.store.publishElsewhere(250);
      const error = await platformFailure(cappedAdapter.rateWindows(credentials('threads', { access_token: capped.token }), signal(), post({})));
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60 * 60_000 });
      expect(error.message).toContain('Threads allows 250 posts in 24 hours');
    } finally {
      await capped.close();
    }
  });
});
