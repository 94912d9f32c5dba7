import type { ConnectionPlatform, ParsedRequestOf, ReplyOf, StoredMediaFacts } from '@planner/contracts';
import type { MediaFacts, PlatformAdapter, PublishablePost } from '../adapters/platforms/platform-adapter.js';

type PostCheck = ParsedRequestOf<'scheduler.publication.check_post'>;

/** A media item's facts as the adapters read them. */
export const mediaFactsOf = (facts: StoredMediaFacts): MediaFacts => ({
  size: facts.size,
  durationSeconds: facts.duration_seconds,
  width: facts.width,
  height: facts.height,
  frameRate: facts.frame_rate,
});

/**
 * The post as the platforms' rules read it, before it is saved: its text,
 * type, media (types and facts) and choices. It has no id, version or media
 * links yet, and no rule reads them.
 */
function unsavedPost(request: PostCheck): PublishablePost {
  return {
    postId: '',
    organizationId: '',
    version: 0,
    text: request.content,
    mediaType: request.media_type,
    media: request.media.map(({ content_type, facts }) => ({ url: '', contentType: content_type, ...(facts && { facts: mediaFactsOf(facts) }) })),
    options: request.platform_options,
  };
}

/** Each platform's rules that the post breaks, in the order of its platforms. */
export function postRefusals(adapters: Record<ConnectionPlatform, Pick<PlatformAdapter, 'check'>>, request: PostCheck): ReplyOf<'scheduler.publication.check_post'> {
  const post = unsavedPost(request);
  const refusals = request.platforms.flatMap((platform) => {
    const message = adapters[platform].check(post);
    return message === null ? [] : [{ platform, message }];
  });
  return { refusals };
}
