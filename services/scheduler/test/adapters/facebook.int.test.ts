import { startFacebookStandIn, type FacebookStandIn } from '@planner/platform-stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookAdapter } from '../../src/adapters/platforms/facebook.js';
import { bodyOf, config, credentials, expectOneCreate, platformFailure, post, recordingSteps, signal } from './harness.js';
import { FAST, GRAPH, startMedia } from './meta-support.js';

let facebook: FacebookStandIn;
let media: Awaited<ReturnType<typeof startMedia>>;
let adapter: ReturnType<typeof facebookAdapter>;
let page: ReturnType<typeof credentials>;

beforeAll(async () => {
  [facebook, media] = await Promise.all([startFacebookStandIn({ slowMs: 1000 }), startMedia()]);
  adapter = facebookAdapter(config({ FACEBOOK_GRAPH_URL: facebook.url }), FAST);
  page = credentials('facebook', {
    access_token: 'facebook-user-token',
    page_access_token: facebook.pageToken,
    specific_data: { user_name: 'Ada', page_id: facebook.pageId, page_name: 'Ada’s Bakery' },
  });
});
afterAll(() => Promise.all([facebook.close(), media.close()]));

const photo = () => ({ url: media.urlOf('photo.jpg'), contentType: 'image/jpeg' });
const clip = () => ({ url: media.urlOf('clip.mp4'), contentType: 'video/mp4' });
const feedPath = () => `${GRAPH}/${facebook.pageId}/feed`;

describe('Facebook adapter: publishing', () => {
  it('publishes a text post on the Page feed with the page token, inside the one create call', async () => {
    const text = post({ text: 'Fresh bread at 8 https://example.com/bread' });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: text, credentials: page, steps: recorded.steps, signal: signal() });

    const created = facebook.posts.find((item) => item.id === published.platformPostId)!;
    expect(created).toMatchObject({ kind: 'status', message: text.text });
    expect(published.link).toBe(created.permalink_url);
    expectOneCreate(recorded, 'POST', feedPath());
    expect(bodyOf(recorded.creates()[0]!.requests[0]!)).toMatchObject({ message: text.text, access_token: facebook.pageToken });
    // The time recovery lists posts from is remembered before the create call.
    expect(recorded.events.map((event) => event.step)).toEqual(['remember', 'create']);
  });

  it('publishes one photo by its link (Meta fetches it) with the text as caption', async () => {
    const single = post({ mediaType: 'image', media: [photo()] });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: single, credentials: page, steps: recorded.steps, signal: signal() });

    expectOneCreate(recorded, 'POST', `${GRAPH}/${facebook.pageId}/photos`);
    expect(bodyOf(recorded.creates()[0]!.requests[0]!)).toMatchObject({ url: photo().url, caption: single.text });
    expect(facebook.posts.find((item) => item.id === published.platformPostId)).toMatchObject({ kind: 'photo', message: single.text });
    expect(media.requests.some((request) => request.path === '/media/photo.jpg')).toBe(true);
  });

  it('publishes several photos: uploaded unpublished and remembered first, then attached to one feed post', async () => {
    const album = post({ mediaType: 'carousel', media: [photo(), { url: media.urlOf('second.jpg'), contentType: 'image/jpeg' }] });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: album, credentials: page, steps: recorded.steps, signal: signal() });

    const photoIds = recorded.remembered.photoIds as string[];
    expect(photoIds).toHaveLength(2);
    expect(recorded.events.map((event) => event.step)).toEqual(['remember', 'remember', 'remember', 'create']);
    expectOneCreate(recorded, 'POST', feedPath());
    expect(bodyOf(recorded.creates()[0]!.requests[0]!).attached_media).toEqual(photoIds.map((id) => ({ media_fbid: id })));
    expect(facebook.posts.find((item) => item.id === published.platformPostId)).toMatchObject({ attachments: photoIds, message: album.text });
  });

  it('publishes a video by file_url, with a link made absolute from its relative permalink', async () => {
    const video = post({ mediaType: 'video', media: [clip()] });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: video, credentials: page, steps: recorded.steps, signal: signal() });

    expectOneCreate(recorded, 'POST', `${GRAPH}/${facebook.pageId}/videos`);
    expect(bodyOf(recorded.creates()[0]!.requests[0]!)).toMatchObject({ file_url: clip().url, description: video.text });
    expect(published.link).toBe(`https://www.facebook.com/${facebook.pageId}/videos/${published.platformPostId}/`);
  });

  it('publishes a reel: start and upload remembered before the finish call that publishes it', async () => {
    const reel = post({ mediaType: 'short', media: [clip()] });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: reel, credentials: page, steps: recorded.steps, signal: signal() });

    const videoId = recorded.remembered.videoId as string;
    expect(published).toEqual({ platformPostId: videoId, link: `https://www.facebook.com/reel/${videoId}` });
    expect(recorded.remembered).toMatchObject({ uploadUrl: `${facebook.url}/video-upload${GRAPH}/${videoId}`, uploaded: true });
    expectOneCreate(recorded, 'POST', `${GRAPH}/${facebook.pageId}/video_reels`);
    expect(bodyOf(recorded.creates()[0]!.requests[0]!)).toMatchObject({ upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED', description: reel.text });
    const upload = facebook.requests.find((request) => request.path.startsWith('/video-upload/'))!;
    expect(upload.headers).toMatchObject({ authorization: `OAuth ${facebook.pageToken}`, file_url: clip().url });
    expect(facebook.posts.find((item) => item.kind === 'reel' && item.message === reel.text)).toBeDefined();
  });

  it('publishes photo and video stories', async () => {
    const photoStory = post({ mediaType: 'story', media: [photo()] });
    const recordedPhoto = recordingSteps(facebook);
    const fromPhoto = await adapter.publish({ post: photoStory, credentials: page, steps: recordedPhoto.steps, signal: signal() });
    expectOneCreate(recordedPhoto, 'POST', `${GRAPH}/${facebook.pageId}/photo_stories`);
    expect(facebook.stories.find((story) => story.post_id === fromPhoto.platformPostId)).toMatchObject({
      media_type: 'photo',
      media_id: (recordedPhoto.remembered.photoIds as string[])[0],
    });
    expect(fromPhoto.link).toBe(facebook.stories.find((story) => story.post_id === fromPhoto.platformPostId)!.url);

    const videoStory = post({ mediaType: 'story', media: [clip()] });
    const recordedVideo = recordingSteps(facebook);
    const fromVideo = await adapter.publish({ post: videoStory, credentials: page, steps: recordedVideo.steps, signal: signal() });
    expectOneCreate(recordedVideo, 'POST', `${GRAPH}/${facebook.pageId}/video_stories`);
    expect(facebook.stories.find((story) => story.post_id === fromVideo.platformPostId)).toMatchObject({ media_type: 'video', media_id: recordedVideo.remembered.videoId });
  });

  it('says a connection without a chosen Page cannot publish, in the spec’s words', async () => {
    const withoutPage = credentials('facebook', { access_token: 'facebook-user-token', specific_data: { user_name: 'Ada' } });
    const error = await platformFailure(adapter.publish({ post: post({}), credentials: withoutPage, steps: recordingSteps(facebook).steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'Facebook Page Required' });
  });

  it('counts reels against their 30-a-day window, and other page posts against none', async () => {
    expect(await adapter.rateWindows(page, signal(), post({ mediaType: 'short', media: [clip()] }))).toEqual([{ limit: 30, windowMs: 86_400_000, scope: 'reels' }]);
    expect(await adapter.rateWindows(page, signal(), post({}))).toEqual([]);
  });
});

describe('Facebook adapter: rules checked before any call', () => {
  it.each([
    [post({ text: 'x'.repeat(63_207) }), 'Facebook allows at most 63206 characters; this post has 63207.'],
    [post({ text: '  ' }), 'Facebook needs text for a text post.'],
    [post({ mediaType: 'carousel', media: [{ url: 'https://m/1.jpg', contentType: 'image/jpeg' }] }), 'Facebook carousel posts take 2 to 10 images; this post has 1.'],
    [post({ mediaType: 'image', media: [{ url: 'https://m/1.mp4', contentType: 'video/mp4' }] }), 'Facebook image posts take images; item 1 is video/mp4.'],
    [post({ mediaType: 'short', media: [] }), 'Facebook short posts take 1 video; this post has 0.'],
    [post({ mediaType: 'image', media: [{ url: 'https://m/1.svg', contentType: 'image/svg+xml' }] }), 'Facebook does not accept image/svg+xml (item 1); it takes image/jpeg, image/png, image/gif, image/bmp, image/tiff, image/webp.'],
  ])('refuses %#', (refused, message) => {
    expect(adapter.check(refused)).toBe(message);
  });

  it('accepts text, photos, videos, reels and stories', () => {
    expect(adapter.check(post({}))).toBeNull();
    expect(adapter.check(post({ mediaType: 'image', media: [photo(), photo()] }))).toBeNull();
    expect(adapter.check(post({ mediaType: 'story', media: [clip()], text: '' }))).toBeNull();
  });
});

describe('Facebook adapter: errors as Graph answers them', () => {
  const publishText = () => adapter.publish({ post: post({}), credentials: page, steps: recordingSteps(facebook).steps, signal: signal() });

  it('a throttled Page waits as long as X-Business-Use-Case-Usage says', async () => {
    facebook.failNext('rate_limited', { path: `${GRAPH}/:pageId/feed` });
    const error = await platformFailure(publishText());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(7 * 60_000);
    expect(error.message).toContain('There have been too many calls to this Page account');
  });

  it('an expired token is an auth failure, its message never carrying the token', async () => {
    facebook.failNext('expired_token');
    const error = await platformFailure(publishText());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^The Facebook connection has expired\. Please connect it again\. \(Error validating access token/);
    expect(error.message).not.toContain(facebook.pageToken);
  });

  it('a duplicate post is refused for good with Meta’s words', async () => {
    facebook.failNext('refused');
    const error = await platformFailure(publishText());
    expect(error).toMatchObject({ kind: 'permanent', message: expect.stringContaining('This status update is identical to the last one you posted') });
  });

  it('a server error is transient', async () => {
    facebook.failNext('server_error');
    expect((await platformFailure(publishText())).kind).toBe('transient');
  });

  it('a slow answer past the time limit is a network failure (transient)', async () => {
    facebook.failNext('slow');
    const error = await platformFailure(publishText());
    expect(error).toMatchObject({ kind: 'transient', message: 'Facebook could not be reached. It will be tried again.' });
  });

  it('a video link Meta cannot fetch fails the reel with a clear reason, before anything is published', async () => {
    const reel = post({ mediaType: 'short', media: [{ url: media.urlOf('missing.mp4'), contentType: 'video/mp4' }] });
    const recorded = recordingSteps(facebook);
    const error = await platformFailure(adapter.publish({ post: reel, credentials: page, steps: recorded.steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'Facebook could not use the video: Meta could not fetch it from its link (it must be publicly reachable).' });
    expect(recorded.creates()).toHaveLength(0);
  });
});

describe('Facebook adapter: resuming and recovering', () => {
  it('resumes several photos from the remembered uploads: only the feed post is sent again', async () => {
    const album = post({ mediaType: 'image', media: [photo(), photo()] });
    const first = recordingSteps(facebook);
    facebook.failNext('server_error', { path: `${GRAPH}/:pageId/feed` });
    expect((await platformFailure(adapter.publish({ post: album, credentials: page, steps: first.steps, signal: signal() }))).kind).toBe('transient');
    expect(first.creates()).toHaveLength(1);

    // The create's outcome was unknown: the Page's posts say it did not go out.
    expect(await adapter.recover({ post: album, credentials: page, handle: first.remembered, signal: signal() })).toEqual({ status: 'not_published' });

    const second = recordingSteps(facebook, first.remembered);
    const published = await adapter.publish({ post: album, credentials: page, steps: second.steps, signal: signal() });
    expect(second.events.filter((event) => event.step === 'remember').map((event) => Object.keys(event.values).sort())).toEqual([['listedSince', 'photoIds']]);
    expect(facebook.posts.find((item) => item.id === published.platformPostId)!.attachments).toEqual(first.remembered.photoIds);
  });

  it('finds a feed post that went out by its text, and says when a post cannot be found that way', async () => {
    const text = post({});
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: text, credentials: page, steps: recorded.steps, signal: signal() });
    expect(await adapter.recover({ post: text, credentials: page, handle: recorded.remembered, signal: signal() })).toEqual({ status: 'published', published });

    const listing = facebook.requests.at(-1)!;
    expect(listing.path).toBe(`${GRAPH}/${facebook.pageId}/published_posts`);
    expect(Number(listing.query.get('since'))).toBe(recorded.remembered.listedSince);

    const captionless = post({ mediaType: 'image', media: [photo()], text: '' });
    expect(await adapter.recover({ post: captionless, credentials: page, handle: {}, signal: signal() })).toMatchObject({ status: 'unknown' });
  });

  it('finds a video among the Page’s videos by its description', async () => {
    const video = post({ mediaType: 'video', media: [clip()] });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: video, credentials: page, steps: recorded.steps, signal: signal() });
    expect(await adapter.recover({ post: video, credentials: page, handle: recorded.remembered, signal: signal() })).toEqual({ status: 'published', published });
  });

  it('resumes a reel from its remembered upload, and knows from the video’s status whether it went out', async () => {
    const reel = post({ mediaType: 'short', media: [clip()] });
    const first = recordingSteps(facebook);
    // The finish call (after the upload is remembered) is throttled: nothing was published.
    const throttledFinish = {
      ...first.steps,
      async remember(values: Record<string, unknown>) {
        await first.steps.remember(values);
        if (values.uploaded === true) facebook.failNext('rate_limited', { path: `${GRAPH}/:pageId/video_reels` });
      },
    };
    expect((await platformFailure(adapter.publish({ post: reel, credentials: page, steps: throttledFinish, signal: signal() }))).kind).toBe('rate_limited');
    expect(first.creates()).toHaveLength(1);
    expect(await adapter.recover({ post: reel, credentials: page, handle: first.remembered, signal: signal() })).toEqual({ status: 'not_published' });

    const second = recordingSteps(facebook, first.remembered);
    const sentBefore = facebook.requests.length;
    const published = await adapter.publish({ post: reel, credentials: page, steps: second.steps, signal: signal() });
    expect(published.platformPostId).toBe(first.remembered.videoId);
    expect(second.events.filter((event) => event.step === 'remember')).toEqual([]);
    expect(facebook.requests.slice(sentBefore).map((request) => bodyOf(request).upload_phase ?? request.path)).toEqual(['finish']);
    expect(await adapter.recover({ post: reel, credentials: page, handle: second.remembered, signal: signal() })).toEqual({ status: 'published', published });
  });

  it('finds a story by the photo it was made from', async () => {
    const story = post({ mediaType: 'story', media: [photo()] });
    expect(await adapter.recover({ post: story, credentials: page, handle: {}, signal: signal() })).toEqual({ status: 'not_published' });
    const recorded = recordingSteps(facebook);
    const published = await adapter.publish({ post: story, credentials: page, steps: recorded.steps, signal: signal() });
    expect(await adapter.recover({ post: story, credentials: page, handle: recorded.remembered, signal: signal() })).toEqual({ status: 'published', published });
  });
});

describe('Facebook adapter: issue 29', () => {
  it('calls the configured Graph version; one Meta no longer serves is refused with its 2635 body', async () => {
    const expired = facebookAdapter(config({ FACEBOOK_GRAPH_URL: facebook.url, META_GRAPH_VERSION: 'v20.0' }), FAST);
    const error = await platformFailure(expired.publish({ post: post({}), credentials: page, steps: recordingSteps(facebook).steps, signal: signal() }));
    expect(error).toMatchObject({ kind: 'permanent' });
    expect(error.message).toContain('You are calling a deprecated version of the Graph API');
  });

  it('a video whose answer was lost: failing list reads (100 / 33, 5xx) are errors to check again, then it is found once', async () => {
    const video = post({ mediaType: 'video', media: [clip()] });
    const recorded = recordingSteps(facebook);
    facebook.faults.loseCreateAnswers(1);
    expect((await platformFailure(adapter.publish({ post: video, credentials: page, steps: recorded.steps, signal: signal() }))).kind).toBe('transient');
    for (const as of ['unsupported_get', 'server_error'] as const) {
      facebook.faults.failReads(1, as);
      expect((await platformFailure(adapter.recover({ post: video, credentials: page, handle: recorded.remembered, signal: signal() }))).kind).toBe('transient');
    }
    expect(await adapter.recover({ post: video, credentials: page, handle: recorded.remembered, signal: signal() })).toMatchObject({ status: 'published' });
    expect(facebook.posts.filter((item) => item.message === video.text)).toHaveLength(1);
  });
});
