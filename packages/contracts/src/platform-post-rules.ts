import { xTextLength } from '@planner/contracts/text-length';
// The post form loads its counting with its rules, as one chunk (two would share text-length's in the page's own).
export { platformTextLength } from '@planner/contracts/text-length';
import { PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from './connections.js';
import type { MediaType } from './organizations.js';
import { platformTextLimit, TELEGRAM_CAPTION_LIMIT } from './platform-names.js';
import type { PlatformPostOptions } from './platform-options.js';
import { codePointLength } from './text-count.js';

// Each platform's own text and media rules, one copy for the scheduler's adapters (checked when a
// post is saved and before anything is sent) and the post form (flagged before submit). No schemas
// of its own: its own entry point (@planner/contracts/platform-post-rules), which the main one does
// not load, and imports no module of schemas that the post form does not load already (the dynamic
// chunk would keep them, and zod). The messages are not worded by the spec: each platform says its
// rules its way.

/** A media item's size and, for a video, what its container says; null where it does not say. */
export interface PlatformMediaFacts {
  size: number;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
}

/** One media item as the rules read it. */
export interface RuledMedia {
  /** Sniffed from the bytes when stored; in the browser, what it says of a file before upload. */
  contentType: string;
  /** Read from the bytes when they were stored (or by the browser); absent when not known, unknown parts null. */
  facts?: PlatformMediaFacts;
}

/** What the rules read of a post: its text, type, media and the user's per-platform choices. */
export interface RuledPost {
  text: string;
  mediaType: MediaType;
  media: readonly RuledMedia[];
  options: PlatformPostOptions;
}

/** What a post breaks: the rule's message and, where the rule is about one media item, its index. */
export interface Refusal {
  message: string;
  media: number | null;
}

/** One of a platform's rules: what the post breaks (a message, or one naming the media item), or null. */
export type PostRule = (post: RuledPost) => string | Refusal | null;

const refusalOf = (broken: string | Refusal): Refusal => (typeof broken === 'string' ? { message: broken, media: null } : broken);

/** Every rule of the platform's, in its order, that the post breaks. */
export function refusals(post: RuledPost, rules: readonly PostRule[]): Refusal[] {
  return rules.flatMap((rule) => {
    const broken = rule(post);
    return broken === null ? [] : [refusalOf(broken)];
  });
}

/** The first of a platform's rules, in its order, that the post breaks; null when it breaks none. */
export function brokenRule(post: RuledPost, rules: readonly PostRule[]): string | null {
  for (const rule of rules) {
    const broken = rule(post);
    if (broken !== null) return refusalOf(broken).message;
  }
  return null;
}

/** A rule's message: fixed, or made from what the post has. */
type Message<Facts extends unknown[]> = string | ((...facts: Facts) => string);
const say = <Facts extends unknown[]>(message: Message<Facts>, ...facts: Facts) => (typeof message === 'string' ? message : message(...facts));

export type MediaKind = 'image' | 'video';

export function mediaKindOf(contentType: string): MediaKind | null {
  return contentType.startsWith('image/') ? 'image' : contentType.startsWith('video/') ? 'video' : null;
}

/** A content type among `types`: each one exact (image/png), or a whole family (video/). */
const isAmong = (types: readonly string[], contentType: string) => types.some((type) => (type.endsWith('/') ? contentType.startsWith(type) : contentType === type));

/** Every post type but stories, which the platforms that do not have them refuse. */
const ALL_BUT_STORIES: readonly MediaType[] = ['text', 'image', 'video', 'carousel', 'short'];

const withoutMedia = (post: RuledPost) => post.media.length === 0;

/** A text's length in UTF-8 bytes (YouTube's descriptions, Threads' emoji). */
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The post types (text, image, video…) the platform publishes. */
function postTypes(allowed: readonly MediaType[], message: Message<[post: RuledPost]>): PostRule {
  return (post) => (allowed.includes(post.mediaType) ? null : say(message, post));
}

/** Text that is not blank, on the posts `when` picks (those without media, text posts), else on all. */
function textRequired(message: string, when: (post: RuledPost) => boolean = () => true): PostRule {
  return (post) => (when(post) && !post.text.trim() ? message : null);
}

/** The text's length within the limit, counted as the platform counts it (code points by default; X: `xTextLength`). */
function textLength(
  limit: number | ((post: RuledPost) => number),
  message: Message<[length: number, limit: number, post: RuledPost]>,
  count: (text: string) => number = codePointLength,
): PostRule {
  return (post) => {
    const max = typeof limit === 'number' ? limit : limit(post);
    const length = count(post.text);
    return length > max ? say(message, length, max, post) : null;
  };
}

/** How many media the post holds. */
function mediaCount(
  range: { min?: number; max?: number } | ((post: RuledPost) => { min: number; max: number }),
  message: Message<[count: number, post: RuledPost]>,
): PostRule {
  return (post) => {
    const { min = 0, max = Infinity } = typeof range === 'function' ? range(post) : range;
    const count = post.media.length;
    return count < min || count > max ? say(message, count, post) : null;
  };
}

/** Each media item of a type the platform takes; the first one it does not is named. */
function mediaTypes(
  accepted: readonly string[] | ((post: RuledPost) => readonly string[]),
  message: Message<[contentType: string, index: number, post: RuledPost]>,
): PostRule {
  return (post) => {
    const types = typeof accepted === 'function' ? accepted(post) : accepted;
    const index = post.media.findIndex((media) => !isAmong(types, media.contentType));
    return index < 0 ? null : { message: say(message, post.media[index]!.contentType, index, post), media: index };
  };
}

/** Media of these types go alone: never beside other media. */
function alone(types: readonly string[], message: string): PostRule {
  return (post) => (post.media.length > 1 && post.media.some((media) => isAmong(types, media.contentType)) ? message : null);
}

/** Rules that apply to the posts `applies` picks only (X's video posts). */
function onlyFor(applies: (post: RuledPost) => boolean, ...rules: PostRule[]): PostRule {
  return (post) => {
    if (!applies(post)) return null;
    return rules.reduce<string | Refusal | null>((broken, rule) => broken ?? rule(post), null);
  };
}

/**
 * A limit on each media item's facts (bytes; a video's seconds, pixels, frames
 * a second), read from its bytes when it was stored: `broken` names what is
 * over it, or null. Media stored before facts were read have none, and a fact
 * its container does not give is null: the platform checks those itself, so
 * the rule skips them.
 */
function mediaFacts(broken: (facts: PlatformMediaFacts, media: RuledMedia, index: number) => string | null, kind?: MediaKind): PostRule {
  return (post) => {
    for (const [index, media] of post.media.entries()) {
      if (!media.facts || (kind && mediaKindOf(media.contentType) !== kind)) continue;
      const message = broken(media.facts, media, index);
      if (message !== null) return { message, media: index };
    }
    return null;
  };
}

const number = (n: number) => n.toLocaleString('en-US');

/** The sentences Telegram, LinkedIn and TikTok say their rules in. */
const plainRules = {
  /** "LinkedIn posts are limited to 3,000 characters (this one has 3,001)." */
  tooLong: (what: string) => (length: number, limit: number) => `${what} are limited to ${number(limit)} characters (this one has ${number(length)}).`,
  /** "TikTok takes MP4, MOV or WebM videos and JPEG or WebP photos, not image/png." */
  notTaken: (platform: string, taken: string) => (contentType: string) => `${platform} takes ${taken}, not ${contentType}.`,
  /** "A TikTok post holds one video, or photos, not both or several videos." */
  videoAlone: (platform: string, others: string) => `A ${platform} post holds one video, or ${others}, not both or several videos.`,
  /** "Telegram albums hold at most 10 photos and videos (this post has 11)." */
  tooMany: (what: string, max: number, items: string) => (count: number) => `${what} hold at most ${max} ${items} (this post has ${count}).`,
};

// --- Meta (Facebook, Instagram, Threads) ---

/** How many media a post of one media type takes, and of which kinds. */
interface PostShape {
  min: number;
  max: number;
  kinds: MediaKind[];
}

/** A Meta platform's rules: the post shapes it publishes, the types it takes of each kind, how it counts text. */
interface MetaRules {
  platform: Extract<ConnectionPlatform, 'facebook' | 'instagram' | 'threads'>;
  shapes: Partial<Record<MediaType, PostShape>>;
  /** Content types accepted per kind: exact, or a whole family (video/). */
  types: Record<MediaKind, string[]>;
  /** How the platform counts text (Threads counts an emoji as its UTF-8 bytes); code points by default. */
  textLength?: (text: string) => number;
  /** Things counted in the text and the most the platform takes of each (Instagram's hashtags, Threads' links). */
  textCounts?: Array<{ noun: string; max: number; count(text: string): number }>;
}

/** Hashtags as Meta reads them: # then letters, digits or underscores, at the start or after a space. */
const countHashtags = (text: string) => (text.match(/(?:^|\s)#[\p{L}\p{N}_]+/gu) ?? []).length;
/** @ tags: @ then a username (letters, digits, dots, underscores), at the start or after a space. */
const countMentions = (text: string) => (text.match(/(?:^|\s)@[\w.]+/g) ?? []).length;
/** Distinct web links in the text. */
const countLinks = (text: string) => new Set(text.match(/\bhttps?:\/\/\S+/gi) ?? []).size;

const kindsNoun = (kinds: MediaKind[], count: number) => kinds.map((kind) => (count === 1 ? kind : `${kind}s`)).join(' or ');

/** A Meta platform's rules, in the order they are checked, each message naming the platform and the rule. */
function metaPostRules(rules: MetaRules): PostRule[] {
  const name = PLATFORM_DISPLAY_NAMES[rules.platform];
  const shapeOf = (post: RuledPost) => rules.shapes[post.mediaType]!;
  // The rules of a post's shape: none for a post type the platform does not publish, which postTypes names.
  const shaped = (rule: PostRule) => onlyFor((post) => rules.shapes[post.mediaType] !== undefined, rule);
  return [
    postTypes(Object.keys(rules.shapes) as MediaType[], (post) => `${name} cannot publish ${post.mediaType} posts.`),
    textLength(
      (post) => platformTextLimit(rules.platform, post.mediaType),
      (length, limit) => `${name} allows at most ${limit} characters; this post has ${length}.`,
      rules.textLength,
    ),
    ...(rules.textCounts ?? []).map((counted): PostRule => (post) => {
      const count = counted.count(post.text);
      return count > counted.max ? `${name} allows at most ${counted.max} ${counted.noun} in a post; this post has ${count}.` : null;
    }),
    shaped(textRequired(`${name} needs text for a text post.`, (post) => shapeOf(post).max === 0)),
    shaped(
      mediaCount(shapeOf, (count, post) => {
        const shape = shapeOf(post);
        const range = shape.max === 0 ? 'no media' : `${shape.min === shape.max ? shape.min : `${shape.min} to ${shape.max}`} ${kindsNoun(shape.kinds, shape.max)}`;
        return `${name} ${post.mediaType} posts take ${range}; this post has ${count}.`;
      }),
    ),
    // One pass over the items: the first one of a kind the post type does not take, or of a type its kind does not.
    shaped(
      mediaTypes(
        (post) => shapeOf(post).kinds.flatMap((kind) => rules.types[kind]),
        (contentType, index, post) => {
          const { kinds } = shapeOf(post);
          const kind = mediaKindOf(contentType);
          if (!kind || !kinds.includes(kind)) return `${name} ${post.mediaType} posts take ${kindsNoun(kinds, 2)}; item ${index + 1} is ${contentType}.`;
          return `${name} does not accept ${contentType} (item ${index + 1}); it takes ${rules.types[kind].join(', ')}.`;
        },
      ),
    ),
  ];
}

/** Facebook Page rules (63,206 characters; up to 10 photos; one video, reel or story). */
const FACEBOOK_RULES = metaPostRules({
  platform: 'facebook',
  shapes: {
    text: { min: 0, max: 0, kinds: [] },
    image: { min: 1, max: 10, kinds: ['image'] },
    carousel: { min: 2, max: 10, kinds: ['image'] },
    video: { min: 1, max: 1, kinds: ['video'] },
    short: { min: 1, max: 1, kinds: ['video'] },
    story: { min: 1, max: 1, kinds: ['image', 'video'] },
  },
  types: { image: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff', 'image/webp'], video: ['video/'] },
});

const INSTAGRAM_CAROUSEL = { min: 2, max: 10, kinds: ['image', 'video'] } as const;

/**
 * Instagram's publishing rules (caption 2,200 characters, 30 hashtags and 20 @ tags, as the media reference
 * gives them; JPEG images, and PNG, which the posts service converts to JPEG as Instagram fetches it
 * (docs/decisions/media-fit.md); MP4/MOV videos; carousels of 2 to 10; no text-only posts).
 */
const INSTAGRAM_RULES = metaPostRules({
  platform: 'instagram',
  shapes: {
    image: { min: 1, max: INSTAGRAM_CAROUSEL.max, kinds: ['image'] },
    carousel: { ...INSTAGRAM_CAROUSEL, kinds: [...INSTAGRAM_CAROUSEL.kinds] },
    video: { min: 1, max: 1, kinds: ['video'] },
    short: { min: 1, max: 1, kinds: ['video'] },
    story: { min: 1, max: 1, kinds: ['image', 'video'] },
  },
  types: { image: ['image/jpeg', 'image/png'], video: ['video/mp4', 'video/quicktime'] },
  textCounts: [
    { noun: 'hashtags', max: 30, count: countHashtags },
    { noun: '@ tags', max: 20, count: countMentions },
  ],
});

const THREADS_CAROUSEL_MAX = 20;

/** Threads counts an emoji as its UTF-8 bytes toward the 500 (its posts documentation). */
export function threadsTextLength(text: string): number {
  let length = 0;
  for (const char of text) length += /\p{Extended_Pictographic}/u.test(char) ? utf8Length(char) : 1;
  return length;
}

/** Threads' publishing rules (500 characters and 5 links; JPEG/PNG images; MP4/MOV videos; carousels of 2 to 20; no stories). */
const THREADS_RULES = metaPostRules({
  platform: 'threads',
  shapes: {
    text: { min: 0, max: 0, kinds: [] },
    image: { min: 1, max: THREADS_CAROUSEL_MAX, kinds: ['image'] },
    carousel: { min: 2, max: THREADS_CAROUSEL_MAX, kinds: ['image', 'video'] },
    video: { min: 1, max: 1, kinds: ['video'] },
    // Threads has no reels: a short is published as a video post.
    short: { min: 1, max: 1, kinds: ['video'] },
  },
  types: { image: ['image/jpeg', 'image/png'], video: ['video/mp4', 'video/quicktime'] },
  textLength: threadsTextLength,
  // Threads refuses more with THREADS_API__LINK_LIMIT_EXCEEDED (its posts documentation: "up to 5 links").
  textCounts: [{ noun: 'links', max: 5, count: countLinks }],
});

// --- X ---

const MB = 1024 * 1024;
const GB = 1024 * MB;
/**
 * Media categories of X's upload, with the largest file any account may post
 * (docs.x.com media best practices, 2026: images 5 MB, GIFs 15 MB, Post video
 * 8 GB, 16 GB for X Premium; the connection does not say which, so X judges
 * between the two).
 */
const X_CATEGORIES = {
  tweet_image: { maxBytes: 5 * MB, label: 'image' },
  tweet_gif: { maxBytes: 15 * MB, label: 'animated GIF' },
  tweet_video: { maxBytes: 16 * GB, label: 'video' },
} as const;
/** A Post video's duration: at least 0.5 s; at most 20 minutes, 125 for X Premium (docs.x.com media best practices). */
const X_VIDEO_SECONDS = { min: 0.5, max: 125 * 60 };
/** A Post video's frame rate, side and aspect ratio (docs.x.com media best practices, "Advanced"). */
const X_VIDEO_MAX_FPS = 60;
const X_VIDEO_MIN_SIDE = 32;
const X_VIDEO_MAX_ASPECT = 3;
const X_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const X_VIDEO_TYPES = ['video/mp4', 'video/quicktime'];
const X_MAX_IMAGES = 4;

export type XMediaCategory = keyof typeof X_CATEGORIES;

/** X's upload category of a media item, with the largest file of it any account may post. */
export function xMediaCategory(contentType: string): { category: XMediaCategory; maxBytes: number; label: string } {
  const category: XMediaCategory = contentType === 'image/gif' ? 'tweet_gif' : mediaKindOf(contentType) === 'video' ? 'tweet_video' : 'tweet_image';
  return { category, ...X_CATEGORIES[category] };
}

/** 6.0 MB, 17.0 GB; a limit without its decimals: 5 MB, 16 GB. */
const sizeOf = (bytes: number, digits = 1) => (bytes >= GB ? `${(bytes / GB).toFixed(digits)} GB` : `${(bytes / MB).toFixed(digits)} MB`);
const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
/** "X takes an image of up to 5 MB; this one is 6.0 MB." */
export const xTooLarge = (label: string, maxBytes: number, size: number) => `X takes ${withArticle(label)} of up to ${sizeOf(maxBytes, 0)}; this one is ${sizeOf(size)}.`;

const isVideoPost = (post: RuledPost) => post.mediaType === 'video';

/**
 * What the media's stored facts show X would refuse, before anything is
 * uploaded; a fact not known (older media, a container that does not say) is
 * left to X. Its video resolution rule (32x32 to 1280x1024) is not checked:
 * the same page recommends 720x1280 portrait and 1080p uploads, beyond it.
 */
const xMediaFacts = mediaFacts((facts, media) => {
  const { maxBytes, label } = xMediaCategory(media.contentType);
  if (facts.size > maxBytes) return xTooLarge(label, maxBytes, facts.size);
  if (mediaKindOf(media.contentType) !== 'video') return null;
  const { durationSeconds: seconds, width, height, frameRate } = facts;
  if (seconds !== null && seconds < X_VIDEO_SECONDS.min) return `X takes videos of at least ${X_VIDEO_SECONDS.min} seconds; this one lasts ${seconds} seconds.`;
  if (seconds !== null && seconds > X_VIDEO_SECONDS.max) {
    return `X takes videos of up to ${X_VIDEO_SECONDS.max / 60} minutes (20 minutes without X Premium); this one lasts ${Math.ceil(seconds / 60)} minutes.`;
  }
  if (frameRate !== null && frameRate > X_VIDEO_MAX_FPS) return `X takes videos of up to ${X_VIDEO_MAX_FPS} frames a second; this one has ${Math.round(frameRate)}.`;
  if (width !== null && height !== null) {
    if (Math.min(width, height) < X_VIDEO_MIN_SIDE) return `X takes videos of at least ${X_VIDEO_MIN_SIDE}x${X_VIDEO_MIN_SIDE} pixels; this one is ${width}x${height}.`;
    if (Math.max(width, height) / Math.min(width, height) > X_VIDEO_MAX_ASPECT) return `X takes videos with an aspect ratio between 1:3 and 3:1; this one is ${width}x${height}.`;
  }
  return null;
});

/** X's rules for a post (platforms.md §1.4), checked before anything is sent. */
const X_RULES = [
  textLength(
    (post) => platformTextLimit('x', post.mediaType),
    (length, limit) => `X allows ${limit} characters (links count 23, emoji and CJK characters 2); this text counts ${length}.`,
    xTextLength,
  ),
  postTypes(['text', 'image', 'video', 'carousel'], (post) => `X does not take ${post.mediaType} posts: choose text, image, video or carousel.`),
  textRequired('An X post needs text or media.', withoutMedia),
  onlyFor(isVideoPost, mediaCount({ max: 1 }, 'An X post takes one video.'), mediaTypes(X_VIDEO_TYPES, 'X takes MP4 and MOV videos.')),
  onlyFor(
    (post) => !isVideoPost(post),
    (post) => (post.media.some((media) => mediaKindOf(media.contentType) === 'video') ? 'X does not mix videos with images: an X post takes up to 4 images or one video.' : null),
    mediaTypes(X_IMAGE_TYPES, 'X takes JPEG, PNG, GIF and WEBP images.'),
    mediaCount({ max: X_MAX_IMAGES }, `X takes at most ${X_MAX_IMAGES} images per post.`),
    alone(['image/gif'], 'An animated GIF goes alone on X: a post takes up to 4 images or one GIF.'),
  ),
  xMediaFacts,
];

// --- LinkedIn ---

const LINKEDIN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const LINKEDIN_VIDEO_TYPES: readonly string[] = ['video/mp4'];
/** A multiImage post holds 2 to 20 images. */
const LINKEDIN_MAX_IMAGES = 20;
/** A post's rules: text, images, or one video; no stories. */
const LINKEDIN_RULES = [
  postTypes(ALL_BUT_STORIES, 'LinkedIn has no stories to publish to.'),
  textRequired('LinkedIn cannot publish an empty post.', withoutMedia),
  textLength(platformTextLimit('linkedin'), plainRules.tooLong('LinkedIn posts')),
  mediaTypes([...LINKEDIN_IMAGE_TYPES, ...LINKEDIN_VIDEO_TYPES], plainRules.notTaken('LinkedIn', 'JPEG, PNG or GIF images and MP4 videos')),
  alone(LINKEDIN_VIDEO_TYPES, plainRules.videoAlone('LinkedIn', 'images')),
  mediaCount({ max: LINKEDIN_MAX_IMAGES }, plainRules.tooMany('LinkedIn posts', LINKEDIN_MAX_IMAGES, 'images')),
];

// --- Telegram ---

const TELEGRAM_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** Telegram clients play MPEG-4 video; other formats would arrive as files. */
const TELEGRAM_VIDEO_TYPES = ['video/mp4'];
const TELEGRAM_ALBUM_MAX = 10;
/** The Bot API's caps on uploaded files (multipart): photos 10 MB, videos 50 MB. */
const TELEGRAM_PHOTO_BYTES = 10 * MB;
const TELEGRAM_VIDEO_BYTES = 50 * MB;

/** How Telegram sends a media item: as a photo, a video, or not at all. */
export const telegramMediaKind = (contentType: string): 'photo' | 'video' | null =>
  TELEGRAM_PHOTO_TYPES.includes(contentType) ? 'photo' : TELEGRAM_VIDEO_TYPES.includes(contentType) ? 'video' : null;

const captioned = (post: RuledPost) => post.media.length > 0;

/** The first media item over the Bot API's upload caps, by `sizes` (a media item's, when known), said for the user; else null. */
export function telegramTooLargeMedia(post: RuledPost, sizes: ReadonlyArray<number | undefined>): Refusal | null {
  const index = sizes.findIndex((size, i) => size !== undefined && size > (telegramMediaKind(post.media[i]!.contentType) === 'photo' ? TELEGRAM_PHOTO_BYTES : TELEGRAM_VIDEO_BYTES));
  if (index < 0) return null;
  return { message: `Telegram bots can send photos up to 10 MB and videos up to 50 MB; media ${index + 1} is ${(sizes[index]! / MB).toFixed(1)} MB.`, media: index };
}

/** A channel post's rules: a message, or up to 10 photos and videos with a caption. */
const TELEGRAM_RULES: PostRule[] = [
  postTypes(ALL_BUT_STORIES, 'Telegram channels cannot publish stories.'),
  textRequired('Telegram cannot send an empty message.', withoutMedia),
  textLength(
    (post) => (captioned(post) ? TELEGRAM_CAPTION_LIMIT : platformTextLimit('telegram')),
    (length, limit, post) => plainRules.tooLong(captioned(post) ? 'Telegram captions' : 'Telegram messages')(length, limit),
    // Telegram counts UTF-16 code units, as String.length does.
    (text) => text.length,
  ),
  mediaTypes([...TELEGRAM_PHOTO_TYPES, ...TELEGRAM_VIDEO_TYPES], plainRules.notTaken('Telegram', 'JPEG, PNG or WebP photos and MP4 videos')),
  mediaCount({ max: TELEGRAM_ALBUM_MAX }, plainRules.tooMany('Telegram albums', TELEGRAM_ALBUM_MAX, 'photos and videos')),
  // Sizes stored with the media, when known: the links are read again before the send.
  (post) => telegramTooLargeMedia(post, post.media.map((media) => media.facts?.size)),
];

// --- TikTok ---

const TIKTOK_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
/** TikTok photo posts take JPEG and WebP; it refuses PNG. */
const TIKTOK_PHOTO_TYPES = ['image/jpeg', 'image/webp'];
const TIKTOK_MAX_PHOTOS = 35;
/** A photo post's text goes as its description: 4,000 UTF-16 units (Photo Post reference); a video's caption (title) 2,200. */
const TIKTOK_PHOTO_DESCRIPTION_LIMIT = 4000;
/** TikTok counts in UTF-16 code units (a JavaScript string's length): most emoji count as two. */
const utf16Length = (text: string) => text.length;

/** A photo post (its media all photos), which TikTok publishes by another call than a video. */
export const isTikTokPhotoPost = (post: RuledPost) => post.media.length > 0 && post.media.every((media) => TIKTOK_PHOTO_TYPES.includes(media.contentType));

/** A direct post's rules: one video, or up to 35 photos; a caption; no text-only posts or stories. */
const TIKTOK_RULES = [
  postTypes(ALL_BUT_STORIES, 'TikTok stories cannot be published through its API.'),
  mediaCount({ min: 1 }, 'TikTok cannot publish text-only posts: add a video or photos.'),
  textLength(
    (post) => (isTikTokPhotoPost(post) ? TIKTOK_PHOTO_DESCRIPTION_LIMIT : platformTextLimit('tiktok')),
    (length, limit, post) =>
      `TikTok ${isTikTokPhotoPost(post) ? 'photo descriptions' : 'video captions'} are limited to ${number(limit)} characters as TikTok counts them, an emoji counting as two (this one has ${number(length)}).`,
    utf16Length,
  ),
  mediaTypes([...TIKTOK_VIDEO_TYPES, ...TIKTOK_PHOTO_TYPES], plainRules.notTaken('TikTok', 'MP4, MOV or WebM videos and JPEG or WebP photos')),
  alone(TIKTOK_VIDEO_TYPES, plainRules.videoAlone('TikTok', 'photos')),
  mediaCount({ max: TIKTOK_MAX_PHOTOS }, plainRules.tooMany('TikTok photo posts', TIKTOK_MAX_PHOTOS, 'photos')),
];

// --- YouTube ---

const YOUTUBE_TITLE_MAX_CHARACTERS = 100;
/** YouTube counts its description limit (the 5,000 of platformTextLimit) in UTF-8 bytes. */
const YOUTUBE_DESCRIPTION_MAX_BYTES = platformTextLimit('youtube');
/** A Short is at most 3 minutes long (YouTube's Shorts help, since 2024-10-15), and vertical or square. */
const YOUTUBE_SHORT_MAX_SECONDS = 180;

/** Angle brackets are refused in titles and descriptions (platforms.md §8.4): their look-alikes keep the meaning. */
function withoutAngleBrackets(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** The video's title: the text's first non-empty line, up to 100 characters. */
export function youtubeTitle(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return Array.from(withoutAngleBrackets(firstLine.trim())).slice(0, YOUTUBE_TITLE_MAX_CHARACTERS).join('').trim();
}

export function youtubeDescription(text: string): string {
  return withoutAngleBrackets(text.trim());
}

/** 185.2 → '3:06': whole seconds rounded up, so a video just over a limit never reads as at it. */
function minutesAndSeconds(seconds: number): string {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** YouTube's rules for a post (platforms.md §8.2, §8.4), checked before anything is sent. */
const YOUTUBE_RULES = [
  postTypes(['video', 'short'], (post) => `YouTube publishes videos and Shorts only: a ${post.mediaType} post cannot be published there.`),
  mediaCount({ min: 1, max: 1 }, 'A YouTube post takes exactly one video.'),
  mediaTypes(['video/'], 'YouTube takes video files only.'),
  // The title is the text's first line that is not blank: a text that is not blank has one.
  textRequired("YouTube needs a title: the first line of the post's text is used, and this post has none."),
  textLength(
    YOUTUBE_DESCRIPTION_MAX_BYTES,
    (bytes, limit) => `YouTube descriptions take up to ${limit} bytes; this text has ${bytes}.`,
    (text) => utf8Length(youtubeDescription(text)),
  ),
  // YouTube decides what is a Short from the video itself; a post marked as one that is not would go out as a plain video.
  onlyFor(
    (post) => post.mediaType === 'short',
    mediaFacts(({ durationSeconds }) =>
      durationSeconds !== null && durationSeconds > YOUTUBE_SHORT_MAX_SECONDS ? `YouTube Shorts are at most 3 minutes long; this video lasts ${minutesAndSeconds(durationSeconds)}.` : null,
    'video'),
    mediaFacts(({ width, height }) =>
      width !== null && height !== null && width > height ? `YouTube Shorts are vertical or square; this video is ${width}×${height}, wider than it is tall.` : null,
    'video'),
  ),
];

/**
 * Each platform's rules, in the order they are checked. TikTok's branded
 * content rule, which needs the scheduler's configuration (whether TikTok
 * audited the app), is its adapter's.
 */
export const PLATFORM_POST_RULES: Record<ConnectionPlatform, readonly PostRule[]> = {
  x: X_RULES,
  facebook: FACEBOOK_RULES,
  instagram: INSTAGRAM_RULES,
  threads: THREADS_RULES,
  youtube: YOUTUBE_RULES,
  linkedin: LINKEDIN_RULES,
  tiktok: TIKTOK_RULES,
  telegram: TELEGRAM_RULES,
};
