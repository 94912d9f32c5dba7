import { originalRequestSchema, platformIdOf, platformTextLimit, PostMessages, type MediaType, type OriginalRequest } from '@planner/contracts';

/** What a regeneration of a post makes: the text from this request, and this many new images (0: the media stay). */
export interface RegenerationPlan {
  request: OriginalRequest;
  images: number;
}

/**
 * POST /posts/{id}/regenerate on a post (part 2 §5, §7): it needs the post's
 * original request ('No original request data found'); the text is written
 * for the post's platforms and media type as they are now. With
 * regenerate_media, images as generate_media draws them: an image post gets
 * one, a carousel as many as it had and at least 2, a story one; short and
 * video are 'Coming Soon'; a text post has no media, so the flag asks for
 * nothing. A story keeps no text, so only its media can be regenerated.
 */
export function regenerationPlan(
  post: { originalRequest: OriginalRequest | null; platforms: string[]; mediaType: MediaType; mediaPaths: string[] },
  regenerateMedia: boolean,
): RegenerationPlan | { problem: string } {
  if (!post.originalRequest) return { problem: PostMessages.noOriginalRequest };
  const { mediaType } = post;
  if (regenerateMedia && (mediaType === 'short' || mediaType === 'video')) return { problem: PostMessages.comingSoon };
  if (mediaType === 'story' && !regenerateMedia) return { problem: PostMessages.storyTextNotRegenerated };
  const images = regenerateMedia ? imagesToDraw(mediaType, post.mediaPaths.length) : 0;
  const request = originalRequestSchema.parse({
    ...post.originalRequest,
    platforms: post.platforms,
    platform: post.platforms[0] ?? post.originalRequest.platform,
    media_type: mediaType,
  });
  return { request, images };
}

/**
 * How many images AI draws for a post of this media type, as generate_media
 * does: an image or a story one, a carousel as many as it had and at least 2;
 * text, short and video none (AI makes no video).
 */
export function imagesToDraw(mediaType: MediaType, had = 0): number {
  if (mediaType === 'carousel') return Math.max(2, had);
  return mediaType === 'image' || mediaType === 'story' ? 1 : 0;
}

/**
 * The one text a post publishes to all its platforms (the post form shares
 * the text among the chosen platforms) out of the texts written per
 * platform: the first of the post's platforms with the lowest limit, so that
 * the text fits every platform it goes to (a LinkedIn text is too long for X).
 */
export function sharedPostText(posts: Record<string, { post: string }>, mediaType: MediaType): string {
  let chosen: { text: string; limit: number } | null = null;
  for (const [name, { post }] of Object.entries(posts)) {
    const platform = platformIdOf(name);
    const limit = platform ? platformTextLimit(platform, mediaType) : Infinity;
    if (!chosen || limit < chosen.limit) chosen = { text: post, limit };
  }
  return chosen?.text ?? '';
}
