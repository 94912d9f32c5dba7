import { z } from 'zod';
import { AutoScheduleMessages, PostMessages } from './messages.js';
import { CONTENT_TYPES, MEDIA_TYPES, MOODS, OrganizationMessages, TONES } from './organizations.js';
import { LANGUAGES } from './plans.js';
import { autoScheduleSchema } from './scheduler.js';

/**
 * The auto-schedule HTTP API (part 2 §7 Auto-schedule): POST /auto-schedule,
 * GET /auto-schedule?organization_id, PUT /auto-schedule/{id}, DELETE
 * /auto-schedule/{id}, PATCH /auto-schedule/{id}/active. Bodies are read by
 * these schemas for their types; the rules of part 2 §5 (name, platform,
 * media, review time, character counts, business data) are the scheduler's,
 * with the spec's messages.
 */

/** One uploaded file of a schedule's media (part 2 §3: name plus base64; a `data:` URL's prefix is allowed). */
export const scheduleUploadSchema = z.object(
  {
    name: z.string({ error: AutoScheduleMessages.uploadInvalid }).trim().min(1, AutoScheduleMessages.uploadInvalid).max(255),
    data: z.string({ error: AutoScheduleMessages.uploadInvalid }).min(1, AutoScheduleMessages.uploadInvalid),
  },
  { error: AutoScheduleMessages.uploadInvalid },
);
export type ScheduleUpload = z.infer<typeof scheduleUploadSchema>;

const text = (max: number) => z.string().max(max).nullable().optional();
const option = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message }).nullable().optional();
const characterCount = (field: string) => z.number({ error: OrganizationMessages.characterRange(field) }).nullable().optional();
/** A list as the spec gives lists: an array, or one comma-separated string. */
const list = (max: number) => z.union([z.string().max(20_000), z.array(z.string().max(2000)).max(max)]);

/**
 * A schedule's settings as a body carries them. Omitted fields: defaults on
 * create (media text, active, review on, content type general), unchanged on
 * update. A schedule is one-off (`specific_date`: ISO 8601 with an offset, or
 * `YYYY-MM-DDTHH:mm` in the organization's time zone) or weekly (`day_of_week`
 * and `time_of_day` HH:MM, local to that zone).
 */
const scheduleSettingsShape = {
  name: z.string({ error: PostMessages.scheduleNameRequired }).max(200, AutoScheduleMessages.nameTooLong).optional(),
  /** Platform names ('X', 'LinkedIn'), comma-separated or a list. */
  platforms: list(20).optional(),
  specific_media_type: z.enum(MEDIA_TYPES, { error: PostMessages.invalidMediaType }).optional(),
  active: z.boolean().optional(),
  specific_date: z.string({ error: PostMessages.scheduledTimeInvalid }).max(40, PostMessages.scheduledTimeInvalid).nullable().optional(),
  day_of_week: z.string({ error: AutoScheduleMessages.dayOfWeekInvalid }).max(20, AutoScheduleMessages.dayOfWeekInvalid).nullable().optional(),
  time_of_day: z.string({ error: AutoScheduleMessages.timeOfDayInvalid }).max(10, AutoScheduleMessages.timeOfDayInvalid).nullable().optional(),
  /** Fixed text for every post; empty or null: the text is generated from the settings below. */
  specific_content: text(70_000),
  /** New uploads for the schedule's posts. */
  specific_media: z.array(scheduleUploadSchema).max(20).optional(),
  /**
   * Not a field of the entity: the form's 'AI-generated media' choice. A
   * schedule of images, carousels or stories without media of its own gets
   * its media generated for each post; with this off it needs uploads.
   */
  generate_media: z.boolean().optional(),
  review_post_before_publishing: z.boolean().optional(),
  specific_before_post_review_time: z.number({ error: OrganizationMessages.reviewTimePositive }).nullable().optional(),
  post_approved: z.boolean().optional(),
  business_name: text(500),
  business_data: text(20_000),
  character_limit: characterCount('Character limit'),
  target_character_count: characterCount('Target character count'),
  content_type: z.enum(CONTENT_TYPES, { error: OrganizationMessages.unknownOption('content_type') }).optional(),
  topic: text(2000),
  context: text(5000),
  time_of_year: text(200),
  event_details: text(5000),
  tone: option(TONES, OrganizationMessages.unknownOption('tone')),
  mood: option(MOODS, OrganizationMessages.unknownOption('mood')),
  language: option(LANGUAGES, OrganizationMessages.unknownLanguage),
};

/** POST /auto-schedule: the schedule's organization and settings. */
export const autoScheduleCreateSchema = z.object(
  {
    organization_id: z.string({ error: PostMessages.organizationIdMissing }).trim().min(1, PostMessages.organizationIdMissing),
    ...scheduleSettingsShape,
  },
  { error: PostMessages.organizationIdMissing },
);
export type AutoScheduleCreate = z.infer<typeof autoScheduleCreateSchema>;

/**
 * PUT /auto-schedule/{id}: the settings to change (the schedule keeps its
 * organization; one sent is ignored), and `media_to_keep`: which of its media
 * paths stay (absent: all of them); the others are deleted once it is saved.
 */
export const autoScheduleUpdateSchema = z.object({
  organization_id: z.string().optional(),
  ...scheduleSettingsShape,
  media_to_keep: list(20).optional(),
});
export type AutoScheduleUpdate = z.infer<typeof autoScheduleUpdateSchema>;

/** DELETE /auto-schedule/{id}: media paths of the schedule to delete with it, and whether its pending posts go too. The body may be left out. */
export const autoScheduleDeleteSchema = z
  .object({ media_keys: list(20).optional(), delete_related_posts: z.boolean().default(false) })
  .nullish();
export type AutoScheduleDelete = z.infer<typeof autoScheduleDeleteSchema>;

/** PATCH /auto-schedule/{id}/active. */
export const autoScheduleActiveSchema = z.object(
  { active: z.boolean({ error: AutoScheduleMessages.activeRequired }) },
  { error: AutoScheduleMessages.activeRequired },
);

/** GET /auto-schedule. */
export const autoScheduleListQuerySchema = z.object({
  organization_id: z.string({ error: PostMessages.organizationIdMissing }).trim().min(1, PostMessages.organizationIdMissing),
});

/** The answer of POST and PATCH: the schedule and what happened. */
export const autoScheduleResponseSchema = autoScheduleSchema.extend({ message: z.string() });

/**
 * The answer of PUT: the schedule, and what the update changed: its time
 * (pending posts are rescheduled) or what its posts are made of (pending posts
 * get the new content settings); `message` says which.
 */
export const autoScheduleUpdateResponseSchema = autoScheduleResponseSchema.extend({
  changes: z.object({ timing: z.boolean(), content: z.boolean() }),
});
export type ScheduleChanges = z.infer<typeof autoScheduleUpdateResponseSchema>['changes'];

/** The answer of DELETE: what happened, the media paths deleted, and those kept because a post still shows them. */
export const autoScheduleDeletedResponseSchema = z.object({
  message: z.string(),
  deleted_media: z.array(z.string()),
  media_in_use: z.array(z.string()),
});
