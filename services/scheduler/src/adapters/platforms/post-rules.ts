import { MEDIA_TYPES, type MediaType } from '@planner/contracts';
import { codePointLength } from '@planner/contracts/text-length';
import type { MediaFacts, PublishablePost } from './platform-adapter.js';

/**
 * One of a platform's text and media rules: the message naming what the post
 * breaks, shown to the user as the publication's reason, or null. The
 * messages are not worded by the spec: each platform says its rules its way.
 */
export type PostRule = (post: PublishablePost) => string | null;

/** The first of a platform's rules, in its order, that the post breaks; null when it breaks none. */
export function brokenRule(post: PublishablePost, rules: readonly PostRule[]): string | null {
  for (const rule of rules) {
    const broken = rule(post);
    if (broken !== null) return broken;
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
export const ALL_BUT_STORIES: readonly MediaType[] = MEDIA_TYPES.filter((type) => type !== 'story');

export const withoutMedia = (post: PublishablePost) => post.media.length === 0;

/** The post types (text, image, video…) the platform publishes. */
export function postTypes(allowed: readonly MediaType[], message: Message<[post: PublishablePost]>): PostRule {
  return (post) => (allowed.includes(post.mediaType) ? null : say(message, post));
}

/** Text that is not blank, on the posts `when` picks (those without media, text posts), else on all. */
export function textRequired(message: string, when: (post: PublishablePost) => boolean = () => true): PostRule {
  return (post) => (when(post) && !post.text.trim() ? message : null);
}

/** The text's length within the limit, counted as the platform counts it (code points by default; X: `xTextLength`). */
export function textLength(
  limit: number | ((post: PublishablePost) => number),
  message: Message<[length: number, limit: number, post: PublishablePost]>,
  count: (text: string) => number = codePointLength,
): PostRule {
  return (post) => {
    const max = typeof limit === 'number' ? limit : limit(post);
    const length = count(post.text);
    return length > max ? say(message, length, max, post) : null;
  };
}

/** How many media the post holds. */
export function mediaCount(
  range: { min?: number; max?: number } | ((post: PublishablePost) => { min: number; max: number }),
  message: Message<[count: number, post: PublishablePost]>,
): PostRule {
  return (post) => {
    const { min = 0, max = Infinity } = typeof range === 'function' ? range(post) : range;
    const count = post.media.length;
    return count < min || count > max ? say(message, count, post) : null;
  };
}

/** Each media item of a type the platform takes; the first one it does not is named. */
export function mediaTypes(
  accepted: readonly string[] | ((post: PublishablePost) => readonly string[]),
  message: Message<[contentType: string, index: number, post: PublishablePost]>,
): PostRule {
  return (post) => {
    const types = typeof accepted === 'function' ? accepted(post) : accepted;
    const index = post.media.findIndex((media) => !isAmong(types, media.contentType));
    return index < 0 ? null : say(message, post.media[index]!.contentType, index, post);
  };
}

/** Media of these types go alone: never beside other media. */
export function alone(types: readonly string[], message: string): PostRule {
  return (post) => (post.media.length > 1 && post.media.some((media) => isAmong(types, media.contentType)) ? message : null);
}

/** Rules that apply to the posts `applies` picks only (X's video posts). */
export function onlyFor(applies: (post: PublishablePost) => boolean, ...rules: PostRule[]): PostRule {
  return (post) => (applies(post) ? brokenRule(post, rules) : null);
}

/**
 * A limit on each video's facts (seconds, pixels, frames a second), read from
 * its bytes when it was stored: `broken` names what is over it, or null. Media
 * stored before facts were read have none, and a fact its container does not
 * give is null: the platform checks those itself, so the rule skips them.
 */
export function videoFacts(broken: (facts: MediaFacts, index: number, post: PublishablePost) => string | null): PostRule {
  return (post) => {
    for (const [index, media] of post.media.entries()) {
      const message = media.facts && mediaKindOf(media.contentType) === 'video' ? broken(media.facts, index, post) : null;
      if (message !== null) return message;
    }
    return null;
  };
}

const number = (n: number) => n.toLocaleString('en-US');

/** The sentences Telegram, LinkedIn and TikTok say their rules in. */
export const plainRules = {
  /** "LinkedIn posts are limited to 3,000 characters (this one has 3,001)." */
  tooLong: (what: string) => (length: number, limit: number) => `${what} are limited to ${number(limit)} characters (this one has ${number(length)}).`,
  /** "TikTok takes MP4, MOV or WebM videos and JPEG or WebP photos, not image/png." */
  notTaken: (platform: string, taken: string) => (contentType: string) => `${platform} takes ${taken}, not ${contentType}.`,
  /** "A TikTok post holds one video, or photos, not both or several videos." */
  videoAlone: (platform: string, others: string) => `A ${platform} post holds one video, or ${others}, not both or several videos.`,
  /** "Telegram albums hold at most 10 photos and videos (this post has 11)." */
  tooMany: (what: string, max: number, items: string) => (count: number) => `${what} hold at most ${max} ${items} (this post has ${count}).`,
};
