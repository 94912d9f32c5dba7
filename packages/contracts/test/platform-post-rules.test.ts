import { describe, expect, it } from 'vitest';
import {
  brokenRule,
  isTikTokPhotoPost,
  PLATFORM_POST_RULES,
  refusals,
  threadsTextLength,
  xMediaCategory,
  youtubeTitle,
  type PlatformMediaFacts,
  type RuledMedia,
  type RuledPost,
} from '../src/platform-post-rules.js';

const MB = 1024 * 1024;
const post = (fields: Partial<RuledPost>): RuledPost => ({ text: 'Hello', mediaType: 'text', media: [], options: {}, ...fields });
const facts = (fields: Partial<PlatformMediaFacts>): PlatformMediaFacts => ({ size: MB, durationSeconds: null, width: null, height: null, frameRate: null, ...fields });
const png: RuledMedia = { contentType: 'image/png', facts: facts({}) };
const jpeg: RuledMedia = { contentType: 'image/jpeg', facts: facts({}) };
const mp4 = (fields: Partial<PlatformMediaFacts> = {}): RuledMedia => ({ contentType: 'video/mp4', facts: facts(fields) });

describe("the platforms' post rules", () => {
  it('answers the first rule broken, in the rule list order, and null when none is', () => {
    const rules = PLATFORM_POST_RULES.x;
    expect(brokenRule(post({}), rules)).toBeNull();
    // Too long and of a type X does not take: the length comes first.
    expect(brokenRule(post({ text: 'a'.repeat(281), mediaType: 'story', media: [jpeg] }), rules)).toBe(
      'X allows 280 characters (links count 23, emoji and CJK characters 2); this text counts 281.',
    );
    expect(brokenRule(post({ mediaType: 'story', media: [jpeg] }), rules)).toBe('X does not take story posts: choose text, image, video or carousel.');
  });

  it('lists every rule broken, naming the media item a rule is about', () => {
    const gif: RuledMedia = { contentType: 'image/gif', facts: facts({ size: 16 * MB }) };
    expect(refusals(post({ mediaType: 'image', media: [jpeg, gif] }), PLATFORM_POST_RULES.x)).toEqual([
      { message: 'An animated GIF goes alone on X: a post takes up to 4 images or one GIF.', media: null },
      { message: 'X takes an animated GIF of up to 15 MB; this one is 16.0 MB.', media: 1 },
    ]);
    expect(refusals(post({ mediaType: 'image', media: [jpeg, { contentType: 'image/bmp' }] }), PLATFORM_POST_RULES.x)).toEqual([
      { message: 'X takes JPEG, PNG, GIF and WEBP images.', media: 1 },
    ]);
  });

  it('skips the facts it is not given: a video without facts, a fact its container does not say', () => {
    const shortPost = (media: RuledMedia) => post({ mediaType: 'short', media: [media] });
    const youtube = PLATFORM_POST_RULES.youtube;
    expect(brokenRule(shortPost({ contentType: 'video/mp4' }), youtube)).toBeNull();
    expect(brokenRule(shortPost(mp4({ width: 1920, height: null })), youtube)).toBeNull();
    expect(brokenRule(shortPost(mp4({ durationSeconds: 185.2 })), youtube)).toBe('YouTube Shorts are at most 3 minutes long; this video lasts 3:06.');
    expect(refusals(shortPost(mp4({ width: 1920, height: 1080 })), youtube)).toEqual([
      { message: 'YouTube Shorts are vertical or square; this video is 1920×1080, wider than it is tall.', media: 0 },
    ]);
    expect(brokenRule(post({ mediaType: 'video', media: [mp4({ durationSeconds: 0.2 })] }), PLATFORM_POST_RULES.x)).toBe(
      'X takes videos of at least 0.5 seconds; this one lasts 0.2 seconds.',
    );
  });

  it("says Meta's rules naming the platform, the post type and the item", () => {
    // A PNG goes to Instagram as the JPEG the posts service converts it to; a GIF it does not take.
    expect(brokenRule(post({ mediaType: 'image', media: [png] }), PLATFORM_POST_RULES.instagram)).toBeNull();
    expect(brokenRule(post({ mediaType: 'image', media: [{ contentType: 'image/gif' }] }), PLATFORM_POST_RULES.instagram)).toBe(
      'Instagram does not accept image/gif (item 1); it takes image/jpeg, image/png.',
    );
    expect(brokenRule(post({ mediaType: 'carousel', media: [jpeg] }), PLATFORM_POST_RULES.facebook)).toBe('Facebook carousel posts take 2 to 10 images; this post has 1.');
    expect(brokenRule(post({ mediaType: 'story', media: [jpeg] }), PLATFORM_POST_RULES.threads)).toBe('Threads cannot publish story posts.');
    // The rules of a post type's shape do not apply to a type the platform does not publish.
    expect(refusals(post({ mediaType: 'text', media: [png] }), PLATFORM_POST_RULES.instagram)).toEqual([{ message: 'Instagram cannot publish text posts.', media: null }]);
    expect(brokenRule(post({ text: '#a '.repeat(31) }), PLATFORM_POST_RULES.facebook)).toBeNull();
    expect(brokenRule(post({ mediaType: 'image', media: [jpeg], text: '#a '.repeat(31) }), PLATFORM_POST_RULES.instagram)).toBe(
      'Instagram allows at most 30 hashtags in a post; this post has 31.',
    );
  });

  it('counts text as each platform does', () => {
    expect(threadsTextLength('hi 👋')).toBe(3 + 4);
    const emoji = '😀'.repeat(1101);
    // TikTok counts UTF-16 units: 2,202 over a video caption's 2,200.
    expect(brokenRule(post({ text: emoji, mediaType: 'video', media: [mp4()] }), PLATFORM_POST_RULES.tiktok)).toContain('(this one has 2,202)');
    expect(brokenRule(post({ text: emoji, mediaType: 'image', media: [jpeg] }), PLATFORM_POST_RULES.tiktok)).toBeNull();
    expect(isTikTokPhotoPost(post({ mediaType: 'image', media: [jpeg] }))).toBe(true);
    expect(youtubeTitle('\n  <Launch> day  \nmore')).toBe('‹Launch› day');
  });

  it("checks Telegram's upload caps from the sizes it knows", () => {
    const big: RuledMedia = { contentType: 'image/jpeg', facts: facts({ size: 11 * MB }) };
    expect(refusals(post({ mediaType: 'image', media: [jpeg, big] }), PLATFORM_POST_RULES.telegram)).toEqual([
      { message: 'Telegram bots can send photos up to 10 MB and videos up to 50 MB; media 2 is 11.0 MB.', media: 1 },
    ]);
    expect(brokenRule(post({ mediaType: 'image', media: [{ contentType: 'image/jpeg' }] }), PLATFORM_POST_RULES.telegram)).toBeNull();
  });

  it("gives X's upload category and its largest file", () => {
    expect(xMediaCategory('image/gif')).toEqual({ category: 'tweet_gif', maxBytes: 15 * MB, label: 'animated GIF' });
    expect(xMediaCategory('video/quicktime').category).toBe('tweet_video');
  });
});
