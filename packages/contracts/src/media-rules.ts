import { PostMessages } from './messages.js';
import type { MediaType } from './organizations.js';

// Part 2 §5's media rules, one copy for the posts service (what it stores and publishes) and the
// post form (what it tells before uploading). No schemas: a frontend bundle gains no zod.

/** What the rules need to know of one media item. */
export interface MediaFacts {
  /** Its type: what the posts service sniffed from the bytes, or what the browser says of a file before upload. */
  mime: string;
  kind: 'image' | 'video';
  size: number;
  /**
   * Seconds, read from the container; null for images and for videos whose container does not
   * say. Left out where it is not known yet (a file in the browser before upload): the story
   * video's 3–60 s is then the posts service's to check.
   */
  durationSeconds?: number | null;
}

const MB = 1024 * 1024;

/** Part 2 §5 displayed specs: image 10 MB, story image 8 MB, story video 100 MB, video 300 MB. */
export const MAX_MEDIA_BYTES = 300 * MB;
export const STORY_VIDEO_SECONDS = { min: 3, max: 60 } as const;

/** Media types whose media AI can make (part 2 §5: image, carousel, story; short and video are 'Coming Soon'). */
export const AI_MEDIA_TYPES: readonly MediaType[] = ['image', 'carousel', 'story'];

/** Part 2 §5's displayed specs of each media type, as the post form's media type cards show them. */
export const MEDIA_TYPE_SPECS: Record<MediaType, { label: string; specs: readonly string[] }> = {
  text: { label: 'Text', specs: ['Text only, no media'] },
  image: { label: 'Image', specs: ['JPEG/PNG', '10 MB'] },
  video: { label: 'Video', specs: ['MP4/MOV', '300 MB', 'No duration limit', 'H.264 recommended'] },
  carousel: { label: 'Carousel', specs: ['At least 2 images or videos'] },
  short: { label: 'Short Video (Reels)', specs: ['9:16', 'MP4/MOV', 'One file'] },
  story: { label: 'Story', specs: ['Image: 9:16, JPEG/PNG, 8 MB, sRGB', 'Video: 9:16, MP4/MOV, 3-60 s, 100 MB'] },
};

/** The MIME types each media type takes (part 2 §5 type checks); a carousel mixes images and videos, text takes none. */
const ACCEPTED: Record<MediaType, (mime: string) => boolean> = {
  text: () => false,
  image: (mime) => mime.startsWith('image/'),
  video: (mime) => mime.startsWith('video/'),
  carousel: (mime) => mime.startsWith('image/') || mime.startsWith('video/'),
  short: (mime) => mime === 'video/mp4' || mime === 'video/quicktime',
  story: (mime) => ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime'].includes(mime),
};

export function acceptsMime(mediaType: MediaType, mime: string): boolean {
  return ACCEPTED[mediaType](mime);
}

/** The largest file of this kind a post of this media type takes, and how the refusal names it. */
export function sizeLimit(mediaType: MediaType | null, kind: MediaFacts['kind']): { bytes: number; label: string } {
  if (mediaType === 'story') return kind === 'image' ? { bytes: 8 * MB, label: 'Story image' } : { bytes: 100 * MB, label: 'Story video' };
  return kind === 'image' ? { bytes: 10 * MB, label: 'Image' } : { bytes: MAX_MEDIA_BYTES, label: 'Video' };
}

export function tooLargeMessage(limit: { bytes: number; label: string }): string {
  return PostMessages.fileTooLarge(limit.label, `${limit.bytes / MB} MB`);
}

/**
 * The first of part 2 §5's rules a post breaks, in the spec's words, or null:
 * at least one platform; text needs content (and takes no media); other types
 * need media of their accepted types and sizes; a short is one file, a story
 * has no text and its videos last 3–60 s, a carousel has at least 2 items.
 */
export function postRuleBroken(post: { platforms: readonly string[]; mediaType: MediaType; content: string; media: readonly MediaFacts[] }): string | null {
  const { platforms, mediaType, content, media } = post;
  if (platforms.length === 0) return PostMessages.selectPlatform;
  if (mediaType === 'text') {
    if (content.trim() === '') return PostMessages.addText;
    return media.length > 0 ? PostMessages.invalidMediaType : null;
  }
  if (media.length === 0) return PostMessages.addMedia(mediaType);
  for (const item of media) {
    if (!acceptsMime(mediaType, item.mime)) return PostMessages.invalidMediaType;
    const limit = sizeLimit(mediaType, item.kind);
    if (item.size > limit.bytes) return tooLargeMessage(limit);
  }
  if (mediaType === 'short' && media.length > 1) return PostMessages.shortSingleFile;
  if (mediaType === 'carousel' && media.length < 2) return PostMessages.carouselMinimum;
  if (mediaType === 'story') {
    if (content.trim() !== '') return PostMessages.storiesWithoutText;
    const outside = (seconds: number | null | undefined) =>
      seconds !== undefined && (seconds === null || seconds < STORY_VIDEO_SECONDS.min || seconds > STORY_VIDEO_SECONDS.max);
    if (media.some((item) => item.kind === 'video' && outside(item.durationSeconds))) return PostMessages.storyVideoDuration;
  }
  return null;
}
