import {
  normalisePlatforms,
  originalRequestSchema,
  platformList,
  PostMessages,
  postRuleBroken,
  scheduledInstant,
  type ConnectionPlatform,
  type Identity,
  type OriginalRequest,
  type ScheduleForm,
} from '@planner/contracts';
import { badRequest, conflict, notFound, organizationFacts } from '@planner/service-kit';
import type { PostsContext } from '../context.js';
import { formPlatformOptions, missingPlatformChoice, optionsForPlatforms } from '../domain/platform-options.js';
import { transition } from '../domain/transitions.js';
import { Post } from '../entities/post.entity.js';
import { draftOf } from './generation.js';
import { referencedMedia, replaceMedia, type StoredMedia } from './media.js';
import { checkPlatformRules } from './platform-rules.js';
import { requestPublication } from './publication.js';

export type ScheduleMode = 'now' | 'later';

const ORIGINAL_REQUEST_FIELDS = ['business_data', 'content_type', 'topic', 'context', 'time_of_year', 'event_details'] as const;

/** When a later post is due: the form's time (part 2 §7) in the organization's zone, in the future. */
function dueTime(value: string | undefined, timeZone: string): Date {
  if (!value?.trim()) throw badRequest(PostMessages.scheduledTimeRequired);
  const due = scheduledInstant(value.trim(), timeZone);
  if (!due) throw badRequest(PostMessages.scheduledTimeInvalid);
  if (due.getTime() <= Date.now()) throw badRequest(PostMessages.scheduledTimeInPast);
  return due;
}

/** What the post is regenerated from: the form's original-request fields over `base` (a generation draft's request, what the post had, or a new one), with the post as saved. */
function originalRequestOf(form: ScheduleForm, post: Post, base: Partial<OriginalRequest>): OriginalRequest {
  const given = ORIGINAL_REQUEST_FIELDS.filter((field) => form[field] !== undefined);
  return originalRequestSchema.parse({
    ...base,
    ...Object.fromEntries(given.map((field) => [field, form[field]])),
    platforms: post.platforms,
    platform: post.platforms.length === 1 ? post.platforms[0] : (base.platform ?? ''),
    schedule_option: post.scheduledTime ? 'later' : 'now',
    content: post.content,
    media_type: post.mediaType,
    media_paths: post.mediaPaths.join(','),
    scheduled_time: post.scheduledTime?.toISOString() ?? null,
  });
}

/**
 * Saves the post of a publish-now or schedule-later form and asks for its
 * publication, in one transaction: the platforms known, the media (uploaded
 * now, and referenced by media_urls: the organization's, existing) by part 2
 * §5's rules, a later time in the future, TikTok's privacy level chosen. An edit (post_id) must be of the
 * organization and allow editing (409 otherwise); its version grows. With
 * draft_id the original request is that generation draft's (404 for another
 * organization's), under the form's original-request fields. The
 * post is approved: the user reviewed it in the form. The caller's access to
 * the organization was checked when its id arrived.
 */
export async function schedulePost(
  ctx: PostsContext,
  caller: Identity,
  mode: ScheduleMode,
  form: ScheduleForm,
  uploaded: readonly StoredMedia[],
): Promise<{ post: Post; platforms: ConnectionPlatform[] }> {
  const organizationId = form.organization_id;
  const parsed = normalisePlatforms(platformList(form.platforms));
  if (parsed.unknown !== null) throw badRequest(PostMessages.unknownPlatform(parsed.unknown));
  const platforms = parsed.ids;
  const media = [...(await referencedMedia(ctx, organizationId, form.media_urls)), ...uploaded];
  const broken = postRuleBroken({ platforms, mediaType: form.media_type, content: form.content, media });
  if (broken) throw badRequest(broken);
  const sentOptions = form.platform_options === undefined ? undefined : formPlatformOptions(form.platform_options);
  if (sentOptions === null) throw badRequest(PostMessages.platformOptionsInvalid, { field: 'platform_options' });
  await checkPlatformRules(ctx, { platforms, mediaType: form.media_type, content: form.content, media, platformOptions: sentOptions });
  const draft = form.draft_id === undefined ? null : await draftOf(ctx, organizationId, form.draft_id);
  const givesOriginalRequest = draft !== null || ORIGINAL_REQUEST_FIELDS.some((field) => form[field] !== undefined);
  // Asked before the transaction: no row stays locked while another service answers.
  const facts = mode === 'later' || givesOriginalRequest ? await organizationFacts(ctx, organizationId) : null;
  const dueAt = mode === 'later' ? dueTime(form.scheduled_time, facts!.timezone) : null;

  const post = await ctx.dataSource.transaction(async (manager) => {
    const posts = manager.getRepository(Post);
    let post: Post;
    if (form.post_id) {
      const existing = await posts.findOne({ where: { id: form.post_id, organizationId }, lock: { mode: 'pessimistic_write' } });
      if (!existing) throw notFound();
      const edit = transition(existing.status, 'edit');
      if (!edit.allowed) throw conflict(edit.message);
      post = existing;
      post.version += 1;
    } else {
      post = posts.create({ organizationId, publications: {}, version: 1, originalRequest: null });
    }
    // Choices not sent: an edited post keeps its own (of the platforms it still has).
    post.platformOptions = optionsForPlatforms(platforms, sentOptions ?? post.platformOptions ?? {});
    const missing = missingPlatformChoice(platforms, post.platformOptions);
    if (missing) throw badRequest(missing, { field: 'platform_options' });
    post.status = 'approved';
    post.platforms = parsed.names;
    post.mediaType = form.media_type;
    const keys = media.map((item) => item.key);
    await replaceMedia(ctx, manager, post, keys);
    post.mediaPaths = keys;
    post.content = form.content;
    post.scheduledTime = dueAt;
    post.createdBy = caller.userId;
    if (facts && givesOriginalRequest) post.originalRequest = originalRequestOf(form, post, draft?.request ?? post.originalRequest ?? { business_name: facts.name });
    await posts.save(post);
    await requestPublication(ctx, manager, post, platforms, dueAt);
    return post;
  });
  return { post, platforms };
}
