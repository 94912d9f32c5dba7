import { SchedulerRequests, type ConnectionPlatform, type MediaType, type PlatformPostOptions } from '@planner/contracts';
import { ask, badRequest, PartUnavailableError, type ServiceContext } from '@planner/service-kit';
import type { StoredMedia } from './media.js';

/** A post as it is about to be saved to publish: what the platforms' rules read. */
export interface PostToCheck {
  platforms: readonly ConnectionPlatform[];
  mediaType: MediaType;
  content: string;
  media: readonly Pick<StoredMedia, 'mime' | 'facts'>[];
  platformOptions?: PlatformPostOptions;
}

/**
 * Each platform's own text and media rules (the scheduler's adapters': a
 * caption's length as the platform counts it, a Short's length and shape, a
 * video's frame rate), asked before a post is saved to publish: 400 with the
 * messages, each naming its platform and limit. A scheduler that does not
 * answer does not stop the post: the same rules are checked again before
 * anything is sent to the platform, and the post then fails with the message.
 */
export async function checkPlatformRules(ctx: ServiceContext, post: PostToCheck): Promise<void> {
  if (post.platforms.length === 0) return;
  let refusals: Array<{ message: string }>;
  try {
    ({ refusals } = await ask(ctx, SchedulerRequests.checkPost, {
      platforms: [...post.platforms],
      media_type: post.mediaType,
      content: post.content,
      media: post.media.map((item) => ({ content_type: item.mime, facts: item.facts })),
      platform_options: post.platformOptions ?? {},
    }));
  } catch (error) {
    if (error instanceof PartUnavailableError) return;
    throw error;
  }
  if (refusals.length > 0) throw badRequest(refusals.map((refusal) => refusal.message).join(' '));
}
