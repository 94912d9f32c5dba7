import { In, type EntityManager } from 'typeorm';
import {
  PostMessages,
  postRuleBroken,
  SchedulerRequests,
  scheduledInstant,
  type ConnectionPlatform,
  type Identity,
  type PostApproval,
  type PostRetry,
  type PostStatus,
  type PostUpdate,
  type PostView,
} from '@planner/contracts';
import { ask, badRequest, conflict, notFound, organizationAccess, organizationFacts, rowId, type ServiceContext } from '@planner/service-kit';
import type { PostsContext } from '../context.js';
import { missingPlatformChoice } from '../domain/platform-options.js';
import { platformIdsOf } from '../domain/platforms.js';
import { editedPost } from '../domain/post-update.js';
import { toPostView } from '../domain/post-view.js';
import {
  approvedTime,
  hasQueued,
  platformsToRetry,
  publicationsFor,
  publishDue,
  publishedFieldsOf,
  publishesDifferently,
  unpublishedPlatforms,
  withoutQueued,
  type PublishedFields,
} from '../domain/review.js';
import { isPendingSchedulePost } from '../domain/scheduled-posts.js';
import { failedPlatforms, statusAfterOutcome, transition, type PostAction } from '../domain/transitions.js';
import { Post } from '../entities/post.entity.js';
import { draftOf } from './generation.js';
import { referencedMedia, replaceMedia } from './media.js';
import { checkPlatformRules } from './platform-rules.js';
import { requestPublication, withdrawPublication } from './publication.js';

/**
 * The post an action is for, read without a lock: the caller must be allowed
 * to change its organization (404 for another tenant's post, 403 when it is
 * inactive), and its status must allow the action (409 with the table's message).
 */
export async function postToChange(ctx: ServiceContext, caller: Identity, id: string, action: PostAction): Promise<Post> {
  const post = await ctx.dataSource.getRepository(Post).findOneBy({ id: rowId(id) });
  if (!post) throw notFound();
  await organizationAccess(ctx, caller, post.organizationId, { requireActive: true });
  const step = transition(post.status, action);
  if (!step.allowed) throw conflict(step.message);
  return post;
}

/**
 * Runs an action on the post with its row locked for the transaction, so two
 * actions on one post run one after the other and the second sees what the
 * first did (two approvals ask for publishing once); the status is checked
 * again under the lock.
 */
async function lockedChange<T>(
  ctx: ServiceContext,
  postId: string,
  action: PostAction,
  change: (post: Post, next: PostStatus, manager: EntityManager) => Promise<T>,
): Promise<T> {
  return ctx.dataSource.transaction(async (manager) => {
    const post = await manager.getRepository(Post).findOne({ where: { id: postId }, lock: { mode: 'pessimistic_write' } });
    if (!post) throw notFound();
    const step = transition(post.status, action);
    if (!step.allowed) throw conflict(step.message);
    return change(post, step.next, manager);
  });
}

/** Runs one review action on a post the caller may change (postToChange), under its row lock (lockedChange). */
async function changePost<T>(
  ctx: ServiceContext,
  caller: Identity,
  id: string,
  action: PostAction,
  change: (post: Post, next: PostStatus, manager: EntityManager) => Promise<T>,
): Promise<T> {
  const post = await postToChange(ctx, caller, id, action);
  return lockedChange(ctx, post.id, action, change);
}

/**
 * Part 2 §5 on what the post would publish: its platforms, its text, and its
 * media (the organization's own, by their sniffed facts); 400 with the
 * spec's message otherwise. Answers the media's storage keys.
 */
export async function checkedMedia(
  ctx: ServiceContext,
  organizationId: string,
  post: Pick<PublishedFields, 'platforms' | 'mediaType' | 'content' | 'mediaPaths' | 'platformOptions'>,
): Promise<string[]> {
  const media = await referencedMedia(ctx, organizationId, post.mediaPaths);
  const broken = postRuleBroken({ platforms: post.platforms, mediaType: post.mediaType, content: post.content, media });
  if (broken) throw badRequest(broken);
  const { platformOptions } = post;
  await checkPlatformRules(ctx, { platforms: platformIdsOf(post.platforms), mediaType: post.mediaType, content: post.content, media, platformOptions });
  return media.map((item) => item.key);
}

/** Asks for these platforms of the post (by default those not yet published), at its time; a post already out everywhere is published. */
async function publishRest(
  ctx: ServiceContext,
  manager: EntityManager,
  post: Post,
  platforms = unpublishedPlatforms(platformIdsOf(post.platforms), post.publications),
): Promise<void> {
  if (platforms.length === 0) {
    post.status = statusAfterOutcome(post.status, post.publications);
    await manager.save(post);
    return;
  }
  await requestPublication(ctx, manager, post, platforms, publishDue(post.scheduledTime, new Date()));
}

/** Withdraws what is still queued of the post (nothing is sent when nothing was asked for) and saves it. */
async function withdrawQueued(ctx: ServiceContext, manager: EntityManager, post: Post): Promise<void> {
  if (hasQueued(post.publications)) {
    post.publications = withoutQueued(post.publications);
    await withdrawPublication(ctx, manager, post);
  }
  await manager.save(post);
}

/**
 * An edit of the locked post: what it would publish checked by part 2 §5's
 * rules, then saved (saveFields).
 */
async function saveEdit(ctx: PostsContext, manager: EntityManager, post: Post, fields: PublishedFields, other: Partial<Post>): Promise<void> {
  fields.mediaPaths = await checkedMedia(ctx, post.organizationId, fields);
  await saveFields(ctx, manager, post, fields, other);
}

/**
 * New fields of the locked post saved: a change of what it would publish
 * makes a new version, and an approved post that was waiting to be published
 * is asked for again, as the new version, at its time.
 */
export async function saveFields(ctx: PostsContext, manager: EntityManager, post: Post, fields: PublishedFields, other: Partial<Post>): Promise<void> {
  await replaceMedia(ctx, manager, post, fields.mediaPaths);
  const changed = publishesDifferently(post, fields);
  const wasQueued = hasQueued(post.publications);
  Object.assign(post, fields, other);
  if (changed) {
    post.version += 1;
    post.publications = publicationsFor(platformIdsOf(post.platforms), post.publications);
  }
  if (changed && wasQueued && post.status === 'approved') {
    await publishRest(ctx, manager, post);
  } else {
    await manager.save(post);
  }
}

/** An auto-schedule of the organization, as the scheduler keeps them; another organization's, or none, is a 404, as an unknown draft is. */
async function requireOrganizationSchedule(ctx: PostsContext, organizationId: string, scheduleId: string): Promise<void> {
  const schedules = await ask(ctx, SchedulerRequests.listForOrganization, { organization_id: organizationId });
  if (!schedules.some((schedule) => schedule.id === scheduleId)) throw notFound();
}

/**
 * POST /posts/{id}/update: the post form's edit (saveEdit). With `draft_id`
 * the original request is the draft's (one of the post's organization, 404
 * otherwise), overlaid with the form's fields. An `auto_schedule_id` other
 * than the post's must name an auto-schedule of its organization (404
 * otherwise). A scheduled time without an offset is read in the
 * organization's time zone.
 */
export async function updatePost(ctx: PostsContext, caller: Identity, id: string, input: PostUpdate): Promise<PostView> {
  const found = await postToChange(ctx, caller, id, 'edit');
  const newSchedule = input.auto_schedule_id && input.auto_schedule_id !== found.autoScheduleId ? input.auto_schedule_id : null;
  // Asked before the row is locked: no row waits on another service. The zone is needed only for a time sent.
  const [draft, facts] = await Promise.all([
    input.draft_id === undefined ? null : draftOf(ctx, found.organizationId, input.draft_id),
    typeof input.scheduled_time === 'string' ? organizationFacts(ctx, found.organizationId) : null,
    newSchedule === null ? null : requireOrganizationSchedule(ctx, found.organizationId, newSchedule),
  ]);
  return lockedChange(ctx, found.id, 'edit', async (post, _next, manager) => {
    // The form names the post's organization; another one means the post is not there.
    if (input.organization_id !== undefined && input.organization_id !== post.organizationId) throw notFound();
    const edit = editedPost(post, input, facts?.timezone ?? 'UTC', draft?.request);
    if (!edit.ok) throw badRequest(edit.problem);
    // An approved post is to be published as edited: it needs its platforms' choices, as a submit does.
    const missing = post.status === 'approved' ? missingPlatformChoice(platformIdsOf(edit.fields.platforms), edit.fields.platformOptions) : null;
    if (missing) throw badRequest(missing);
    await saveEdit(ctx, manager, post, edit.fields, { autoScheduleId: edit.autoScheduleId, originalRequest: edit.originalRequest, createdBy: caller.userId });
    return toPostView(post);
  });
}

/**
 * Saves a regeneration (POST /posts/{id}/regenerate) as an edit (saveEdit):
 * the content, and the media when new ones were drawn. The text was written
 * before the row was locked (a model takes seconds): a post whose version
 * changed meanwhile is a 409, and its status must still allow editing.
 */
export async function saveRegenerated(
  ctx: PostsContext,
  caller: Identity,
  read: Post,
  regenerated: { content: string; mediaPaths: string[] | null },
): Promise<PostView> {
  return lockedChange(ctx, read.id, 'edit', async (post, _next, manager) => {
    if (post.version !== read.version) throw conflict(PostMessages.changedWhileRegenerating);
    const fields: PublishedFields = { ...publishedFieldsOf(post), content: regenerated.content, mediaPaths: regenerated.mediaPaths ?? post.mediaPaths };
    await saveEdit(ctx, manager, post, fields, { createdBy: caller.userId });
    return toPostView(post);
  });
}

/**
 * POST /posts/{id}/approve: the post is to be published at its scheduled
 * time, or now when it has none or that time has passed. A `scheduled_time`
 * sent becomes its time (a new version), now when null or passed: a post
 * that missed its slot is approved for a new one. Approving an approved post
 * again changes nothing.
 */
export async function approvePost(ctx: ServiceContext, caller: Identity, id: string, input: PostApproval | null | undefined): Promise<PostView> {
  const found = await postToChange(ctx, caller, id, 'approve');
  const requested = input?.scheduled_time;
  // Asked before the row is locked; a time without its offset is the organization's local time.
  const facts = typeof requested === 'string' ? await organizationFacts(ctx, found.organizationId) : null;
  let time: Date | undefined;
  if (requested !== undefined) {
    const instant = requested === null ? null : scheduledInstant(requested, facts!.timezone);
    if (requested !== null && !instant) throw badRequest(PostMessages.scheduledTimeInvalid);
    time = approvedTime(instant, new Date());
  }
  return lockedChange(ctx, found.id, 'approve', async (post, next, manager) => {
    if (post.status === next) return toPostView(post);
    await checkedMedia(ctx, post.organizationId, post);
    // An auto-schedule's post has no TikTok choices: the user edits it to choose, then approves.
    const missing = missingPlatformChoice(platformIdsOf(post.platforms), post.platformOptions);
    if (missing) throw badRequest(missing);
    post.status = next;
    post.reviewNotes = input?.notes?.trim() || null;
    if (time && time.getTime() !== post.scheduledTime?.getTime()) {
      post.scheduledTime = time;
      post.version += 1;
    }
    await publishRest(ctx, manager, post);
    return toPostView(post);
  });
}

/** Reject and clear: the post takes its next status and these review notes; what was queued is withdrawn. */
function withdrawReview(ctx: ServiceContext, caller: Identity, id: string, action: 'reject' | 'clear', notes: string | null): Promise<PostView> {
  return changePost(ctx, caller, id, action, async (post, next, manager) => {
    post.status = next;
    post.reviewNotes = notes;
    await withdrawQueued(ctx, manager, post);
    return toPostView(post);
  });
}

/** POST /posts/{id}/reject: the reason becomes the review notes. */
export function rejectPost(ctx: ServiceContext, caller: Identity, id: string, reason: string): Promise<PostView> {
  return withdrawReview(ctx, caller, id, 'reject', reason);
}

/**
 * POST /posts/{id}/clear: the review decision is undone. An approved post goes
 * back to pending review and its publishing is withdrawn; the review notes are
 * cleared in either case.
 */
export function clearPost(ctx: ServiceContext, caller: Identity, id: string): Promise<PostView> {
  return withdrawReview(ctx, caller, id, 'clear', null);
}

/** DELETE /posts/{id}: kept for statistics, out of every list; what was queued is withdrawn. */
export async function deletePost(ctx: ServiceContext, caller: Identity, id: string): Promise<void> {
  await changePost(ctx, caller, id, 'delete', async (post, _next, manager) => {
    await withdrawQueued(ctx, manager, post);
    await manager.softDelete(Post, post.id);
  });
}

/**
 * An auto-schedule deleted with its related posts: its posts that have not
 * gone out — pending review, or approved and published nowhere yet — are
 * deleted as DELETE /posts/{id} deletes one (publishing withdrawn), each
 * under its row lock. Answers how many.
 */
export async function deleteSchedulePosts(ctx: ServiceContext, organizationId: string, autoScheduleId: string): Promise<number> {
  return ctx.dataSource.transaction(async (manager) => {
    const posts = await manager.getRepository(Post).find({
      where: { organizationId, autoScheduleId, status: In(['pending_review', 'approved']) },
      lock: { mode: 'pessimistic_write' },
    });
    const pending = posts.filter(isPendingSchedulePost);
    for (const post of pending) {
      await withdrawQueued(ctx, manager, post);
      await manager.softDelete(Post, post.id);
    }
    return pending.length;
  });
}

/**
 * POST /posts/{id}/retry: a failed post is approved again and asked for on
 * the platforms chosen (each failed or in doubt), or by default on every
 * platform it has not gone out on: those that failed, any the post named
 * since, and any still queued, whose request an edit may have made stale.
 * The version stays: the scheduler queues again this version's publication
 * on each platform asked for and keeps one being published or published
 * (its outcome still on its way here), where a new version would publish
 * it a second time. A platform left failed keeps the post failed. Answers
 * the post and the platforms asked for.
 */
export async function retryPost(ctx: ServiceContext, caller: Identity, id: string, input: PostRetry | null | undefined): Promise<{ post: PostView; retried: ConnectionPlatform[] }> {
  return changePost(ctx, caller, id, 'retry', async (post, next, manager) => {
    const retry = platformsToRetry(platformIdsOf(post.platforms), post.publications, input?.platforms);
    if (!retry.ok) throw badRequest(retry.problem);
    const asked = new Set<string>(retry.platforms);
    post.status = failedPlatforms(post.publications).every((platform) => asked.has(platform)) ? next : 'failed';
    await publishRest(ctx, manager, post, retry.platforms);
    return { post: toPostView(post), retried: retry.platforms };
  });
}
