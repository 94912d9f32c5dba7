import type { Identity, PostView } from '@planner/contracts';
import { badRequest } from '@planner/service-kit';
import type { PostsContext } from '../context.js';
import { mediaKeyOf } from '../domain/media-keys.js';
import { regenerationPlan, sharedPostText } from '../domain/regeneration.js';
import { generateFromRequest, generateImage, QuotaUnits } from './generation.js';
import { discardMedia } from './media.js';
import { postToChange, saveRegenerated } from './review.js';

/**
 * POST /posts/{id}/regenerate (part 2 §7): the post's text written anew from
 * its original request for its platforms, and with `regenerateMedia` new
 * images drawn from it replacing its media (regenerationPlan), saved as an
 * edit (a new version; an approved post that was queued is asked for again).
 * The gates and quotas are generation's: a content unit, and a media unit per
 * image. Nothing is generated under the post's row lock; when anything fails
 * (a model, a quota, the post changed meanwhile) every unit taken is given
 * back and the images drawn are removed.
 */
export async function regeneratePost(
  ctx: PostsContext,
  caller: Identity,
  id: string,
  regenerateMedia: boolean,
): Promise<{ post: PostView; sandbox: boolean }> {
  const post = await postToChange(ctx, caller, id, 'edit');
  const plan = regenerationPlan(post, regenerateMedia);
  if ('problem' in plan) throw badRequest(plan.problem);

  const units = new QuotaUnits(ctx);
  const drawn: string[] = [];
  try {
    const written = await generateFromRequest(ctx, caller, post.organizationId, plan.request, units);
    const text = sharedPostText(written.posts, post.mediaType);
    let sandbox = written.sandbox;
    for (let image = 0; image < plan.images; image++) {
      // A story keeps no text (part 2 §5): its new text only says what the image shows.
      const story = post.mediaType === 'story';
      const { media, sandbox: drawnInSandbox } = await generateImage(
        ctx,
        caller,
        { organization_id: post.organizationId, content: story ? '' : text, custom_prompt: story ? text : '', media_type: post.mediaType, platform: plan.request.platform },
        units,
      );
      drawn.push(mediaKeyOf(media.url)!);
      sandbox ||= drawnInSandbox;
    }
    const content = post.mediaType === 'story' ? post.content : text;
    const saved = await saveRegenerated(ctx, caller, post, { content, mediaPaths: plan.images > 0 ? drawn : null });
    return { post: saved, sandbox };
  } catch (error) {
    await units.giveBack();
    await discardMedia(ctx, drawn).catch((failure: unknown) => ctx.logger.error({ err: failure }, 'images drawn for a failed regeneration could not be removed'));
    throw error;
  }
}
