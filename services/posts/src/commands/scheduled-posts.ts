import { In, type EntityManager } from 'typeorm';
import { PostMessages, type EventData } from '@planner/contracts';
import { HttpError, type ServiceContext } from '@planner/service-kit';
import type { PostsContext } from '../context.js';
import { missingPlatformChoice, optionsForPlatforms } from '../domain/platform-options.js';
import { platformIdsOf } from '../domain/platforms.js';
import { imagesToDraw, sharedPostText } from '../domain/regeneration.js';
import { publishDue, publishedFieldsOf, type PublishedFields } from '../domain/review.js';
import { followedContent, isPendingSchedulePost, scheduleGenerationInput, scheduleOriginalRequest } from '../domain/scheduled-posts.js';
import { Post } from '../entities/post.entity.js';
import { drawScheduleImage, writeSchedulePosts } from './generation.js';
import { discardMedia } from './media.js';
import { requestPublication } from './publication.js';
import { checkedMedia, saveFields } from './review.js';

type SlotOpened = EventData<'scheduler.auto_schedule.slot_opened'>;
type ScheduleUpdated = EventData<'scheduler.auto_schedule.updated'>;

/** A slot's post as made: its text and media, and whether generating them failed. */
interface SlotContent {
  content: string;
  mediaPaths: string[];
  generationFailed: boolean;
}

/**
 * The text and media of a slot's post: the schedule's own, or written (and
 * drawn) by the generators from its settings. A story is published without
 * text (part 2 §5), so its text is written only to draw its image from. When
 * a generator fails, the post gets what the schedule has of its own, and
 * the images already drawn are removed.
 */
async function slotContent(ctx: PostsContext, slot: SlotOpened): Promise<SlotContent> {
  const story = slot.mediaType === 'story';
  const drawn: string[] = [];
  try {
    let text = slot.specificContent ?? '';
    if (slot.specificContent === null && (!story || slot.generateMedia)) {
      const written = await writeSchedulePosts(ctx, scheduleGenerationInput(slot));
      text = sharedPostText(written.posts, slot.mediaType);
    }
    const images = slot.generateMedia ? imagesToDraw(slot.mediaType) : 0;
    for (let image = 0; image < images; image++) {
      const prompt = { content: text, customPrompt: '', mediaType: slot.mediaType, businessName: slot.generation.businessName };
      drawn.push(await drawScheduleImage(ctx, slot.organizationId, slot.createdBy, prompt));
    }
    return { content: story ? '' : text, mediaPaths: slot.generateMedia ? drawn : slot.specificMediaPaths, generationFailed: false };
  } catch (error) {
    ctx.logger.warn({ err: error, autoScheduleId: slot.autoScheduleId, slotAt: slot.slotAt }, 'a scheduled post’s content could not be generated; it waits for review');
    await discardMedia(ctx, drawn);
    return { content: slot.specificContent ?? '', mediaPaths: slot.specificMediaPaths, generationFailed: true };
  }
}

/** The first of part 2 §5's rules the post would break, in the spec's words, or null. */
async function ruleBroken(ctx: ServiceContext, organizationId: string, fields: PublishedFields): Promise<string | null> {
  try {
    await checkedMedia(ctx, organizationId, fields);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return error.message;
    throw error;
  }
}

/**
 * `scheduler.auto_schedule.slot_opened`: the slot's post, once per schedule
 * and slot (a second event for the slot finds it made, deleted ones too). It
 * keeps the schedule's settings as its original request, for Regenerate. With
 * review off it is approved and asked to be published at the slot; with
 * review on, or when its content could not be generated or breaks a rule, or
 * it is for TikTok (whose privacy level only the user chooses), it waits for
 * review, the review notes saying why.
 */
export async function openSlotPost(ctx: PostsContext, manager: EntityManager, slot: SlotOpened): Promise<void> {
  const slotAt = new Date(slot.slotAt);
  const posts = manager.getRepository(Post);
  if (await posts.exists({ where: { autoScheduleId: slot.autoScheduleId, scheduleSlot: slotAt }, withDeleted: true })) return;
  const made = await slotContent(ctx, slot);
  const post = posts.create({
    organizationId: slot.organizationId,
    autoScheduleId: slot.autoScheduleId,
    scheduleSlot: slotAt,
    scheduledTime: slotAt,
    status: 'pending_review',
    platforms: slot.platforms,
    platformOptions: optionsForPlatforms(platformIdsOf(slot.platforms), {}),
    mediaType: slot.mediaType,
    mediaPaths: made.mediaPaths,
    content: made.content,
    originalRequest: scheduleOriginalRequest(slot, slotAt, slot.autoScheduleId),
    createdBy: slot.createdBy,
  });
  try {
    post.reviewNotes = made.generationFailed
      ? PostMessages.slotGenerationFailed
      : ((await ruleBroken(ctx, slot.organizationId, post)) ?? missingPlatformChoice(platformIdsOf(post.platforms), post.platformOptions));
    if (slot.reviewBeforePublishing || post.reviewNotes !== null) {
      await manager.save(post);
      return;
    }
    post.status = 'approved';
    await requestPublication(ctx, manager, post, platformIdsOf(post.platforms), publishDue(slotAt, new Date()));
  } catch (error) {
    if (slot.generateMedia) await discardMedia(ctx, made.mediaPaths);
    throw error;
  }
}

/**
 * `scheduler.auto_schedule.updated`: the schedule's pending posts follow it
 * (part 2 §4). A post whose slot moved goes to its new slot; with new content
 * settings each takes them (followedContent), its original request too. An
 * edit of what a post would publish makes a new version, and an approved one
 * is asked to be published again at its time, as an edit of a queued post is.
 * The slot keys of posts that are no longer pending move with their slots, so
 * that a later update finds them.
 *
 * The update and the slot events travel apart: an update naming a slot whose
 * post is not made yet fails, and is delivered again once it is.
 */
export async function followScheduleUpdate(ctx: PostsContext, manager: EntityManager, update: ScheduleUpdated): Promise<void> {
  const posts = await manager.getRepository(Post).find({
    where: { organizationId: update.organizationId, autoScheduleId: update.autoScheduleId },
    withDeleted: true,
    lock: { mode: 'pessimistic_write' },
  });
  const bySlot = new Map(posts.flatMap((post) => (post.scheduleSlot ? [[post.scheduleSlot.getTime(), post] as const] : [])));
  const notMade = update.slots.find((slot) => !bySlot.has(Date.parse(slot.from)));
  if (notMade) throw new Error(`the post of slot ${notMade.from} of auto-schedule ${update.autoScheduleId} is not made yet`);

  const moves = new Map<Post, Date>();
  for (const { from, to } of update.slots) {
    if (to !== null && Date.parse(to) !== Date.parse(from)) moves.set(bySlot.get(Date.parse(from))!, new Date(to));
  }
  // Cleared first: a post may move to the slot another one leaves.
  if (moves.size > 0) await manager.update(Post, { id: In([...moves.keys()].map((post) => post.id)) }, { scheduleSlot: null });

  for (const post of posts) {
    const to = moves.get(post);
    if (!isPendingSchedulePost(post)) {
      if (to) await manager.update(Post, { id: post.id }, { scheduleSlot: to });
      continue;
    }
    if (!to && !update.changes.content) continue;
    const fields = publishedFieldsOf(post);
    if (to) fields.scheduledTime = to;
    if (update.changes.content) Object.assign(fields, followedContent(post, update));
    await saveFields(ctx, manager, post, fields, {
      scheduleSlot: to ?? post.scheduleSlot,
      originalRequest: scheduleOriginalRequest(update, fields.scheduledTime, update.autoScheduleId),
    });
  }
}
