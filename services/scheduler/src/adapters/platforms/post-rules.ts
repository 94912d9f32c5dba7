import type { PublishablePost } from './platform-adapter.js';

/** What a platform takes in one post: its text limit, media types and media count. */
export interface PostRules {
  platform: string;
  /** What the platform calls the text: 'posts', 'captions'. */
  textName: string;
  textLimit: number;
  /** The text's length as the platform counts it; characters (code points) by default. */
  count?: (text: string) => number;
  photoTypes: string[];
  videoTypes: string[];
  /** The allowed types in words: 'JPEG or WebP photos and MP4 videos'. */
  typesNamed: string;
  /** Whether videos may sit beside other media (a Telegram album) rather than alone. */
  mixesVideos: boolean;
  maxMedia: number;
  /** The most media, in words: `${maxMedia} photos`, said of `what` ('LinkedIn posts', 'TikTok photo posts'). */
  maxMediaNamed: { what: string; items: string };
}

const number = (n: number) => n.toLocaleString('en-US');

/** Characters as people count them (code points), as most platforms state their limits. */
function characterCount(text: string): number {
  return [...text].length;
}

/** The first of the rules the post breaks, in words naming the platform; null when it breaks none. Not worded by the spec. */
export function brokenRule(post: PublishablePost, rules: PostRules): string | null {
  const length = (rules.count ?? characterCount)(post.text);
  if (length > rules.textLimit) return `${rules.platform} ${rules.textName} are limited to ${number(rules.textLimit)} characters (this one has ${number(length)}).`;
  const unsupported = post.media.find((media) => !rules.photoTypes.includes(media.contentType) && !rules.videoTypes.includes(media.contentType));
  if (unsupported) return `${rules.platform} takes ${rules.typesNamed}, not ${unsupported.contentType}.`;
  const photoName = rules.maxMediaNamed.items;
  if (!rules.mixesVideos && post.media.length > 1 && post.media.some((media) => rules.videoTypes.includes(media.contentType))) {
    return `A ${rules.platform} post holds one video, or ${photoName}, not both or several videos.`;
  }
  if (post.media.length > rules.maxMedia) return `${rules.maxMediaNamed.what} hold at most ${rules.maxMedia} ${photoName} (this post has ${post.media.length}).`;
  return null;
}
