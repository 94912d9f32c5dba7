import { PostMessages, type MediaType } from '@planner/contracts';
import type { SniffedType } from './media-types.js';

/** What the rules need to know of one media item, from its bytes. */
export interface MediaFacts {
  mime: SniffedType['mime'];
  kind: SniffedType['kind'];
  size: number;
  /** Seconds, read from the container; null for images and videos whose container does not say. */
  durationSeconds: number | null;
}

const MB = 1024 * 1024;

/** Part 2 §5 displayed specs: image 10 MB, story image 8 MB, story video 100 MB, video 300 MB. */
export const MAX_MEDIA_BYTES = 300 * MB;
export const STORY_VIDEO_SECONDS = { min: 3, max: 60 } as const;

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
export function sizeLimit(mediaType: MediaType | null, kind: SniffedType['kind']): { bytes: number; label: string } {
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
    const outside = (seconds: number | null) => seconds === null || seconds < STORY_VIDEO_SECONDS.min || seconds > STORY_VIDEO_SECONDS.max;
    if (media.some((item) => item.kind === 'video' && outside(item.durationSeconds))) return PostMessages.storyVideoDuration;
  }
  return null;
}
