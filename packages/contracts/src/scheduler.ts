import { z } from 'zod';
import { connectionPlatformSchema } from './connections.js';
import { generatorSettingsShape } from './generator-settings.js';
import { MEDIA_TYPES } from './organizations.js';
import { DAYS_OF_WEEK } from './zoned-time.js';

/** What other services ask the scheduler over NATS (request/reply); payload `organizationScopedRequestSchema`. */
export const SchedulerRequests = {
  /** An organization's auto-schedules (part 2 §7 calendar-data, autopost-data). */
  listForOrganization: 'scheduler.auto_schedule.list_for_organization',
  /** How many auto-schedules there are, and how many active (part 2 §3 Statistics); payload `scheduleCountRequestSchema`. */
  count: 'scheduler.auto_schedule.count',
  /** Each platform's rules for a post before it is saved (`postCheckRequestSchema`, platform-options.ts). */
  checkPost: 'scheduler.publication.check_post',
} as const;

/** The day a recurring auto-schedule posts on (part 2 §9: the form's default is Monday): DAYS_OF_WEEK, in zoned-time.ts. */
export const dayOfWeekSchema = z.enum(DAYS_OF_WEEK);
export type DayOfWeek = z.infer<typeof dayOfWeekSchema>;

/** HH:MM on a 24-hour clock. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * An auto-schedule as the API shows it (part 2 §3 Auto schedule): a one-off
 * `specific_date`, or a recurring `day_of_week` plus `time_of_day`. Lists are
 * comma-separated, as the spec gives them.
 */
export const autoScheduleSchema = z.object({
  id: z.string().uuid(),
  organization_id: z.string().uuid(),
  name: z.string(),
  platforms: z.string(),
  specific_media_type: z.enum(MEDIA_TYPES),
  active: z.boolean(),
  specific_date: z.string().datetime({ offset: true }).nullable(),
  day_of_week: dayOfWeekSchema.nullable(),
  time_of_day: timeOfDaySchema.nullable(),
  /** Fixed text to post; null when the content is generated. */
  specific_content: z.string().nullable(),
  specific_media: z.string(),
  review_post_before_publishing: z.boolean(),
  /** Minutes before the slot its post is created for review; null: the organization's default. */
  specific_before_post_review_time: z.number().int().nullable(),
  post_approved: z.boolean(),
  business_name: z.string().nullable(),
  business_data: z.string().nullable(),
  ...generatorSettingsShape,
  created_at: z.string().datetime({ offset: true }),
  updated_at: z.string().datetime({ offset: true }),
});
export type AutoScheduleView = z.infer<typeof autoScheduleSchema>;

/** The answer to `SchedulerRequests.listForOrganization`: the organization's auto-schedules, oldest first. */
export const autoScheduleListSchema = z.array(autoScheduleSchema);

/** Whose auto-schedules to count: the given organizations' (none: nothing), or without the field every organization's. */
export const scheduleCountRequestSchema = z.object({ organization_ids: z.array(z.string().uuid()).optional() });
export type ScheduleCountRequest = z.infer<typeof scheduleCountRequestSchema>;

/** The answer to `SchedulerRequests.count`. */
export const scheduleCountSchema = z.object({ total_schedules: z.number().int().nonnegative(), active_schedules: z.number().int().nonnegative() });
export type ScheduleCount = z.infer<typeof scheduleCountSchema>;

const publicationRef = {
  postId: z.string().uuid(),
  organizationId: z.string().uuid(),
  /** The version of the post that was published (or failed). */
  version: z.number().int().positive(),
  platform: connectionPlatformSchema,
};

/** Outcomes of publishing, one per (post, platform), merged into `eventSchemas`. */
export const schedulerEventSchemas = {
  'scheduler.post.published': z.object({
    ...publicationRef,
    link: z.string().nullable(),
    platformPostId: z.string().nullable(),
    publishedAt: z.string().datetime(),
    /** What the user should know of how it went out (YouTube kept it private; TikTok posted it to the creator only); null when nothing. */
    notice: z.string().min(1).nullable().default(null),
  }),
  /** Failed for good: a permanent refusal, or retries exhausted. The reason is the platform's, readable by the user. */
  'scheduler.post.publish_failed': z.object({
    ...publicationRef,
    reason: z.string().min(1),
  }),
  /**
   * A create call whose outcome is unknown (the worker died mid-call, or the
   * platform failed to answer) on a platform that cannot be asked whether it
   * went out: the user checks the account, then confirms or retries.
   */
  'scheduler.post.publish_in_doubt': z.object({
    ...publicationRef,
    reason: z.string().min(1),
  }),
} as const satisfies Record<string, z.ZodType>;

const nullableText = z.string().nullable();

/**
 * What an auto-schedule's posts are made of, as its events carry it: the
 * platforms (display names), the media type, fixed text or the settings to
 * generate it from, its own media (storage paths) or AI media, and whether a
 * post waits for review. `generation` has the organization's name and
 * language filled in where the schedule names none.
 */
export const schedulePostSettingsSchema = z.object({
  platforms: z.array(z.string()).min(1),
  mediaType: z.enum(MEDIA_TYPES),
  /** The text of every post; null: generated from `generation`. */
  specificContent: nullableText,
  specificMediaPaths: z.array(z.string()),
  /** A non-text schedule without media of its own: each post's images are drawn by AI. */
  generateMedia: z.boolean(),
  reviewBeforePublishing: z.boolean(),
  generation: z.object({
    businessName: z.string(),
    businessData: nullableText,
    characterLimit: z.number().int().nullable(),
    targetCharacterCount: z.number().int().nullable(),
    contentType: z.string(),
    topic: nullableText,
    context: nullableText,
    timeOfYear: nullableText,
    eventDetails: nullableText,
    tone: nullableText,
    mood: nullableText,
    language: z.string(),
  }),
});
export type SchedulePostSettings = z.infer<typeof schedulePostSettingsSchema>;

/** Auto-schedule events, merged into `eventSchemas` with the publishing outcomes. */
export const autoScheduleEventSchemas = {
  /**
   * A slot of the schedule came within its review time (part 2 §3): the
   * posts service makes its post, once per schedule and slot. `createdBy`: the
   * schedule's creator, else the organization's owner.
   */
  'scheduler.auto_schedule.slot_opened': schedulePostSettingsSchema.extend({
    autoScheduleId: z.string().uuid(),
    organizationId: z.string().uuid(),
    slotAt: z.string().datetime(),
    createdBy: z.string().uuid(),
  }),
  /**
   * The schedule's timing or content settings changed (part 2 §4): its pending
   * posts follow. `slots` are its opened slots still ahead, each with where its
   * post goes now (`to` = `from` when the timing did not change; null when the
   * new timing has no slot for it, and the post keeps its time).
   */
  'scheduler.auto_schedule.updated': schedulePostSettingsSchema.extend({
    autoScheduleId: z.string().uuid(),
    organizationId: z.string().uuid(),
    changes: z.object({ timing: z.boolean(), content: z.boolean() }),
    nextSlot: z.string().datetime().nullable(),
    slots: z.array(z.object({ from: z.string().datetime(), to: z.string().datetime().nullable() })),
  }),
} as const satisfies Record<string, z.ZodType>;

/**
 * Where one (post, version, platform) publication stands in the scheduler:
 * queued (waiting for its time or a retry), publishing (a worker holds it),
 * published, failed (for good), in_doubt (the user decides), withdrawn
 * (rejected, sent back to review, deleted or superseded by a newer version).
 */
export const PUBLICATION_STATES = ['queued', 'publishing', 'published', 'failed', 'in_doubt', 'withdrawn'] as const;
export const publicationStateSchema = z.enum(PUBLICATION_STATES);
export type PublicationState = z.infer<typeof publicationStateSchema>;

/** One try at publishing, written before the platform is called and completed after. */
export const publicationAttemptSchema = z.object({
  number: z.number().int().positive(),
  started_at: z.string().datetime({ offset: true }),
  finished_at: z.string().datetime({ offset: true }).nullable(),
  /** null while running (or when the worker died during it). */
  outcome: z.enum(['published', 'retry', 'waiting', 'failed', 'in_doubt', 'withdrawn', 'not_published']).nullable(),
  detail: z.string().nullable(),
});

/** A publication with its attempts, as `GET /publications?post_id` shows it to the post's users and to admins. */
export const publicationSchema = z.object({
  id: z.string().uuid(),
  post_id: z.string().uuid(),
  organization_id: z.string().uuid(),
  version: z.number().int().positive(),
  platform: connectionPlatformSchema,
  state: publicationStateSchema,
  /** Published to the local Sandbox feed, not the real platform. */
  sandbox: z.boolean(),
  due_at: z.string().datetime({ offset: true }),
  link: z.string().nullable(),
  platform_post_id: z.string().nullable(),
  /** Why it failed, is in doubt, or waits. */
  reason: z.string().nullable(),
  /** Why it missed its time, when it was late and queued again. */
  missed: z.string().nullable(),
  published_at: z.string().datetime({ offset: true }).nullable(),
  attempts: z.array(publicationAttemptSchema),
});
export type PublicationView = z.infer<typeof publicationSchema>;

/** `POST /publications/{id}/confirm`: the user checked the account; `link` where they found the post. */
export const confirmPublicationSchema = z.object({ link: z.string().url().nullable().default(null) });

/** A post of the Sandbox feed: what a Sandbox connection published, browsable at its link. */
export const sandboxPostSchema = z.object({
  id: z.string().uuid(),
  organization_id: z.string().uuid(),
  platform: connectionPlatformSchema,
  text: z.string(),
  media_urls: z.array(z.string()),
  created_at: z.string().datetime({ offset: true }),
});
export type SandboxPostView = z.infer<typeof sandboxPostSchema>;

/** What the Sandbox adapter sends the feed: the key makes a repeated send one post, and lets a recovery ask. */
export const sandboxPublishSchema = z.object({
  key: z.string().min(1).max(200),
  organization_id: z.string().uuid(),
  platform: connectionPlatformSchema,
  text: z.string(),
  media_urls: z.array(z.string()).default([]),
  /** The trace of the publish job that sends it (traceparent): the feed's span of this post joins that trace. */
  trace: z.record(z.string(), z.string()).default({}),
});

/** The most posts one send to the feed carries: a worker's publications that create at once share the request. */
export const SANDBOX_PUBLISH_BATCH_MAX = 100;

/** `POST /internal/sandbox/posts`: posts to add to the feed, answered in the same order. */
export const sandboxPublishBatchSchema = z.object({ posts: z.array(sandboxPublishSchema).min(1).max(SANDBOX_PUBLISH_BATCH_MAX) });
export const sandboxPostsSchema = z.object({ posts: z.array(sandboxPostSchema) });
