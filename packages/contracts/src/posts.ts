import { z } from 'zod';
import { CONNECTION_PLATFORMS, connectionPlatformSchema } from './connections.js';
import { generatorSettingsWithDefaults } from './generator-settings.js';
import { PostMessages } from './messages.js';
import { CONTENT_TYPES, DEFAULT_CONTENT_TYPE, MEDIA_TYPES, MOODS, OrganizationMessages, TONES } from './organizations.js';
import { paginationSchema } from './pagination.js';
import { mediaFactsSchema, platformPostOptionsSchema } from './platform-options.js';
import { scheduleCountSchema } from './scheduler.js';
import { DEFAULT_LANGUAGE, LANGUAGES, LIMITS } from './plans.js';

/** What other services ask the posts service over NATS (request/reply). */
export const PostRequests = {
  /** An organization's posts, for its calendar (part 2 §7 calendar-data). */
  listForOrganization: 'posts.post.list_for_organization',
  /** An organization's post statistics (part 2 §3 Statistics, the fields one organization has). */
  statisticsForOrganization: 'posts.statistics.for_organization',
  /** Posts as they stand now, with their media as signed URLs (the scheduler, at publishing time, a batch at once). */
  getForPublishing: 'posts.post.get_for_publishing',
  /** Stores one uploaded file of an organization (an auto-schedule's media), its bytes handed over as a bus transfer; answers its storage path. */
  storeMedia: 'posts.media.store',
  /** Deletes an organization's stored files by path (an auto-schedule's media it no longer keeps); a file a post still shows stays. */
  deleteMedia: 'posts.media.delete',
  /** Deletes an auto-schedule's posts that have not gone out (pending review, or approved and not published anywhere): the schedule is deleted with its related posts. */
  deleteForSchedule: 'posts.post.delete_for_schedule',
} as const;

export const organizationScopedRequestSchema = z.object({ organization_id: z.string().uuid() });
export type OrganizationScopedRequest = z.infer<typeof organizationScopedRequestSchema>;

/**
 * Part 2 §3/§4: a post is reviewed (approved or rejected), and an approved one
 * gets published. `failed` is the state the spec implies with 'Retry on error':
 * a platform refused the post for good; Retry re-queues the platforms that failed.
 */
export const POST_STATUSES = ['pending_review', 'approved', 'rejected', 'published', 'failed'] as const;
export const postStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatusSchema>;

/**
 * Where a post stands on one platform: queued (asked for, no outcome yet),
 * published (with its link, and as reason what the user should know of how it
 * went out, if anything), failed (with the platform's reason) or in_doubt
 * (the outcome could not be known: the user checks the account, then confirms or retries).
 */
export const PUBLICATION_STATUSES = ['queued', 'published', 'failed', 'in_doubt'] as const;
export const platformOutcomeSchema = z.object({
  status: z.enum(PUBLICATION_STATUSES),
  link: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string().datetime({ offset: true }),
});
export type PlatformOutcome = z.infer<typeof platformOutcomeSchema>;

/**
 * Part 2 §3 Original generation request: what a post was generated from, kept
 * with it so that it can be regenerated. Option fields are free strings here:
 * the generate route checks them against the option lists.
 */
export const originalRequestSchema = z.object({
  business_name: z.string(),
  business_data: z.string().default(''),
  ...generatorSettingsWithDefaults({
    content_type: DEFAULT_CONTENT_TYPE,
    topic: '',
    context: '',
    time_of_year: '',
    event_details: '',
    tone: 'casual',
    mood: 'positive',
    language: DEFAULT_LANGUAGE,
    character_limit: null,
    target_character_count: null,
  }),
  platform: z.string().default(''),
  platforms: z.array(z.string()).default([]),
  schedule_option: z.enum(['now', 'later']).default('now'),
  content: z.string().default(''),
  media_type: z.enum(MEDIA_TYPES).default('text'),
  media_paths: z.string().default(''),
  scheduled_time: z.string().nullable().default(null),
  auto_schedule_id: z.string().uuid().nullable().default(null),
});
export type OriginalRequest = z.infer<typeof originalRequestSchema>;

/** A post as the API shows it (part 2 §3 Post); lists are comma-separated, as the spec gives them. */
export const postSchema = z.object({
  id: z.string().uuid(),
  organization_id: z.string().uuid(),
  status: postStatusSchema,
  /** When it is (or was) to be published; null for one published at once. */
  scheduled_time: z.string().datetime({ offset: true }).nullable(),
  platforms: z.string(),
  media_type: z.enum(MEDIA_TYPES),
  media_paths: z.string(),
  content: z.string(),
  review_notes: z.string().nullable(),
  /** The auto-schedule that created it, if one did. */
  auto_schedule_id: z.string().uuid().nullable(),
  /** Grows with every change of what would be published; a publication is for one version. */
  version: z.number().int().positive(),
  /** Platform → where the post stands there, once publishing was asked for. */
  publications: z.record(z.string(), platformOutcomeSchema),
  /** The links of the platforms it was published to (part 2 §3 Publish response). */
  posted_links: z.array(z.string()),
  /** What it was generated from, for Regenerate; null for a post written by hand. */
  original_request: originalRequestSchema.nullable(),
  /** Why an auto-schedule's post was not published at its slot (still pending review when it came); null otherwise. */
  missed_slot: z.string().nullable(),
  /** What the user chose for the platforms that ask (TikTok's privacy and toggles, YouTube's visibility); only the post's platforms. */
  platform_options: platformPostOptionsSchema,
  created_at: z.string().datetime({ offset: true }),
  updated_at: z.string().datetime({ offset: true }),
});
export type PostView = z.infer<typeof postSchema>;

/** The answer to `PostRequests.listForOrganization`: every post of the organization not deleted. */
export const postListSchema = z.array(postSchema);

const count = z.number().int().nonnegative();

/** The days "publications over time" covers, today (UTC) the last of them. */
export const PUBLICATION_DAYS = 30;

/** Posts that became published on one day (UTC, 'YYYY-MM-DD'), deleted ones included, as in successful_publications. */
export const publicationDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  publications: count,
});
export type PublicationDay = z.infer<typeof publicationDaySchema>;

/** The figures part 2 §3 counts over posts, kept as counters (post_counts): every statistics answer has them or some of them. */
export const postCountsSchema = z.object({
  total_posts: count,
  deleted_posts: count,
  successful_publications: count,
  posts_with_media: count,
  posts_text_only: count,
  posts_by_status: z.object(Object.fromEntries(POST_STATUSES.map((status) => [status, count])) as Record<PostStatus, typeof count>),
  /** Platform name → posts that name it. */
  platforms_usage: z.record(z.string(), count),
  /** Platform name → published posts that name it. */
  successful_publications_by_platform: z.record(z.string(), count),
  last_updated: z.string().datetime({ offset: true }),
});
export type PostCounts = z.infer<typeof postCountsSchema>;

/**
 * The answer to `PostRequests.statisticsForOrganization`: the post side of an
 * organization's statistics (part 2 §3 Statistics) with the publications of
 * each of the last PUBLICATION_DAYS days, oldest first (the statistics
 * pages' "publications over time"); the schedule counts come from the scheduler.
 */
export const postStatisticsSchema = /* @__PURE__ */ postCountsSchema.extend({
  publications_over_time: z.array(publicationDaySchema),
});
export type PostStatistics = z.infer<typeof postStatisticsSchema>;

/** GET/POST /organizations/{id}/statistics (and statistics-data, .../refresh): `{ statistics }`, the posts' figures with the organization's auto-schedules counted. */
export const organizationStatisticsSchema = /* @__PURE__ */ postStatisticsSchema.extend(scheduleCountSchema.shape);
export type OrganizationStatistics = z.infer<typeof organizationStatisticsSchema>;

/**
 * Statistics over every organization (part 2 §3 Statistics with the admin
 * extras): the admin's GET /statistics/admin and POST /statistics/refresh,
 * and the source of the landing's figures.
 */
export const globalStatisticsSchema = postStatisticsSchema.extend({
  total_organizations: count,
  total_schedules: count,
  active_schedules: count,
  /** Rounded to two decimals; 0 without organizations. */
  avg_posts_per_organization: z.number().nonnegative(),
  avg_schedules_per_organization: z.number().nonnegative(),
});
export type GlobalStatistics = z.infer<typeof globalStatisticsSchema>;

/** GET /statistics, the landing's live metrics (part 1 §3 Landing statistics). */
export const landingStatisticsSchema = globalStatisticsSchema.pick({
  total_organizations: true,
  total_posts: true,
  total_schedules: true,
  platforms_usage: true,
  posts_by_status: true,
  posts_with_media: true,
  posts_text_only: true,
  successful_publications: true,
  successful_publications_by_platform: true,
  last_updated: true,
});
export type LandingStatistics = z.infer<typeof landingStatisticsSchema>;

/** GET /statistics/user/accounts: over the caller's organizations (part 2 §3 User accounts statistics). */
export const accountStatisticsSchema = globalStatisticsSchema.pick({
  total_posts: true,
  total_schedules: true,
  active_schedules: true,
  successful_publications: true,
  posts_with_media: true,
  posts_text_only: true,
  posts_by_status: true,
  platforms_usage: true,
  last_updated: true,
});
export type AccountStatistics = z.infer<typeof accountStatisticsSchema>;

/** POST /statistics/refresh (part 2 §7: the response has statistics). */
export const statisticsRefreshSchema = z.object({ statistics: globalStatisticsSchema });

/** GET /posts?status: the filter values of part 2 §4 (default pending), plus failed. */
export const POST_FILTERS = ['pending', 'approved', 'rejected', 'published', 'failed', 'all'] as const;
export const postFilterSchema = z.enum(POST_FILTERS);
export type PostFilter = z.infer<typeof postFilterSchema>;
export const POSTS_PAGE_SIZE = 20;

/** The query of an organization's paged list: the organization, a 1-based page and its size (1 to 100, `perPage` by default). */
const organizationPageQuery = (perPage: number) => ({
  organization_id: z.string({ error: OrganizationMessages.noOrganizationSelected }).uuid(OrganizationMessages.noOrganizationSelected),
  page: z.coerce.number({ error: PostMessages.invalidPage }).int(PostMessages.invalidPage).min(1, PostMessages.invalidPage).default(1),
  per_page: z.coerce
    .number({ error: PostMessages.invalidPageSize })
    .int(PostMessages.invalidPageSize)
    .min(1, PostMessages.invalidPageSize)
    .max(100, PostMessages.invalidPageSize)
    .default(perPage),
});

/** GET /posts: an organization's posts of one filter, newest scheduled first, a page at a time. */
export const postListQuerySchema = z.object({
  ...organizationPageQuery(POSTS_PAGE_SIZE),
  status: z.enum(POST_FILTERS, { error: PostMessages.unknownStatusFilter }).default('pending'),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/** GET /posts/queued-count: how many of an organization's posts wait to be published on a platform (a disconnection's warning). */
export const queuedCountQuerySchema = z.object({
  organization_id: z.string({ error: OrganizationMessages.noOrganizationSelected }).uuid(OrganizationMessages.noOrganizationSelected),
  platform: connectionPlatformSchema,
});
export const queuedCountResponseSchema = z.object({ count: z.number().int().min(0) });

/** The answer of GET /posts; `message` is part 2 §2's empty-list text when the filter matches nothing. */
export const postListResponseSchema = z.object({
  posts: z.array(postSchema),
  pagination: paginationSchema,
  message: z.string().optional(),
});

const option = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, { error: OrganizationMessages.unknownOption(field) }).optional();
const characterSetting = (field: string) =>
  z
    .number({ error: OrganizationMessages.characterRange(field) })
    .int(OrganizationMessages.characterRange(field))
    .min(LIMITS.minCharacters, OrganizationMessages.characterRange(field))
    .max(LIMITS.maxCharacters, OrganizationMessages.characterRange(field))
    .nullable()
    .optional();

/**
 * POST /posts/{id}/update (part 2 §7): the post form's fields and the original
 * request's. Only the fields sent change. `platforms` are names as the form
 * shows them ('X', 'LinkedIn'); `media_paths` a list or comma-separated.
 */
export const postUpdateSchema = z.object({
  organization_id: z.string().optional(),
  content: z.string().max(70_000).optional(),
  platforms: z.array(z.string().max(50)).max(20).optional(),
  media_type: z.enum(MEDIA_TYPES, { error: PostMessages.invalidMediaType }).optional(),
  // Read in the organization's time zone when it names no offset, as /schedule_post/later reads it (the posts service knows the zone).
  scheduled_time: z.string({ error: PostMessages.scheduledTimeInvalid }).max(40, { error: PostMessages.scheduledTimeInvalid }).nullable().optional(),
  media_paths: z.union([z.string().max(20_000), z.array(z.string().max(1000)).max(20)]).optional(),
  character_limit: characterSetting('Character limit'),
  target_character_count: characterSetting('Target character count'),
  auto_schedule_id: z.string().uuid().nullable().optional(),
  /** The per-platform choices; replace the post's when sent (a platform's left out has none). */
  platform_options: platformPostOptionsSchema.optional(),
  /** A generation's draft_id (POST /posts/generate): its request becomes the post's original request, under the fields sent here. */
  draft_id: z.string().uuid().optional(),
  business_name: z.string().max(500).optional(),
  business_data: z.string().max(20_000).optional(),
  content_type: option(CONTENT_TYPES, 'content_type'),
  topic: z.string().max(2000).optional(),
  context: z.string().max(5000).optional(),
  time_of_year: z.string().max(200).optional(),
  event_details: z.string().max(5000).optional(),
  platform: z.string().max(50).optional(),
  schedule_option: z.enum(['now', 'later']).optional(),
  tone: option(TONES, 'tone'),
  mood: option(MOODS, 'mood'),
  language: option(LANGUAGES, 'language'),
});
export type PostUpdate = z.infer<typeof postUpdateSchema>;

/**
 * POST /posts/{id}/approve: notes are optional (part 2 §5), and so is the body
 * (Fastify gives null for none). `scheduled_time`, when sent, becomes the
 * post's time (a post that missed its slot is approved for a new one): ISO
 * 8601 with its offset or `YYYY-MM-DDTHH:mm` in the organization's time zone;
 * null or a time that has passed is now.
 */
export const postApproveSchema = z
  .object({
    notes: z.string().max(5000).nullish(),
    scheduled_time: z.string({ error: PostMessages.scheduledTimeInvalid }).max(40, { error: PostMessages.scheduledTimeInvalid }).nullish(),
  })
  .nullish();
export type PostApproval = NonNullable<z.infer<typeof postApproveSchema>>;
/** POST /posts/{id}/reject: a reason is required (part 2 §5), blank counts as none. */
export const postRejectSchema = z.object(
  { reason: z.string({ error: PostMessages.rejectReasonRequired }).trim().min(1, PostMessages.rejectReasonRequired).max(5000) },
  { error: PostMessages.rejectReasonRequired },
);

/**
 * POST /posts/{id}/retry: without a body, every platform the failed post has
 * not gone out on; with `platforms` (ids or names as the post form sends
 * them), only those, each failed or in doubt on the post.
 */
export const postRetrySchema = z
  .object({
    platforms: z
      .array(z.string({ error: PostMessages.retryPlatformsRequired }).max(50), { error: PostMessages.retryPlatformsRequired })
      .min(1, PostMessages.retryPlatformsRequired)
      .max(CONNECTION_PLATFORMS.length),
  })
  .nullish();
export type PostRetry = NonNullable<z.infer<typeof postRetrySchema>>;

/** POST /posts/{id}/regenerate (part 2 §7): the body, like approve's, may be left out. */
export const postRegenerateSchema = z.object({ regenerate_media: z.boolean().default(false) }).nullish();
/** The answer of a regeneration: the post as regenerated, and `sandbox` when no model wrote it. */
export const postRegenerateResponseSchema = z.object({ post: postSchema, message: z.string(), sandbox: z.boolean() });

/** The answer of a review action: the post as it now stands and what happened. */
export const postActionResponseSchema = z.object({ post: postSchema, message: z.string() });
/** The answer of DELETE /posts/{id}. */
export const postDeletedResponseSchema = z.object({ message: z.string() });

/** `PostRequests.getForPublishing`: the posts of a batch of publications. */
export const postForPublishingRequestSchema = z.object({ post_ids: z.array(z.string().uuid()).min(1).max(500) });
/**
 * The post with each media item as a signed URL a platform can fetch without
 * login, valid for a day, its type and what is known of its bytes (absent for
 * media stored before they were read), and its per-platform choices.
 */
export const postForPublishingSchema = postSchema.extend({
  media: z.array(
    z.object({
      url: z.string().url(),
      content_type: z.string(),
      facts: mediaFactsSchema.optional(),
      /** The same image as JPEG, converted as it is fetched, for platforms that take only JPEG (Instagram); PNGs only. */
      jpeg_url: z.string().url().optional(),
    }),
  ),
});
export type PostForPublishing = z.infer<typeof postForPublishingSchema>;
/**
 * The answer: the posts that still exist, in any order (a deleted one is
 * absent), as many as fit in one message; `remaining` are to be asked again.
 */
export const postsForPublishingSchema = z.object({ posts: z.array(postForPublishingSchema), remaining: z.array(z.string().uuid()) });

/**
 * Part 2 §3 Generate request payload (POST /posts/generate). Option fields are
 * checked against part 2 §3's lists; character limit and target 1..5000, the
 * target not above the limit (part 2 §5), checked by the posts service with
 * the spec's messages. Tone, mood and language have no default here: a chosen
 * template fills what was not sent, and the generator's defaults apply after.
 */
export const generateRequestSchema = z.object({
  organization_id: z.string({ error: PostMessages.organizationIdMissing }),
  business_name: z.string({ error: PostMessages.businessNameRequired }).max(500),
  business_data: z.string().max(20_000).default(''),
  platforms: z.array(z.string().max(100)).max(20).default([]),
  content_type: z.string({ error: PostMessages.contentTypeRequired }).max(100),
  topic: z.string().max(2000).default(''),
  context: z.string().max(5000).default(''),
  time_of_year: z.string().max(200).default(''),
  event_details: z.string().max(5000).default(''),
  platform: z.string().max(100).default(''),
  content: z.string().default(''),
  schedule_option: z.enum(['now', 'later']).default('now'),
  media_type: z.enum(MEDIA_TYPES, { error: PostMessages.invalidMediaType }).default('text'),
  tone: z.enum(TONES, { error: OrganizationMessages.unknownOption('tone') }).optional(),
  mood: z.enum(MOODS, { error: OrganizationMessages.unknownOption('mood') }).optional(),
  language: z.enum(LANGUAGES, { error: OrganizationMessages.unknownLanguage }).optional(),
  character_limit: z.number({ error: OrganizationMessages.characterRange('Character limit') }).nullable().optional(),
  target_character_count: z.number({ error: OrganizationMessages.characterRange('Target character count') }).nullable().optional(),
  /** A template whose values fill the fields left empty. */
  template_id: z.string().uuid().optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** One generated post (part 2 §3 Post draft: text keyed by a generation id, each holding a post field). */
export const generatedPostSchema = z.object({ post: z.string() });
export type GeneratedPost = z.infer<typeof generatedPostSchema>;

/**
 * The answer of POST /posts/generate: a map keyed by platform name whose first
 * entry holds the post (part 2 §7), plus the draft id under which the original
 * request is kept, and `sandbox` when no model wrote it.
 */
export const generateResponseSchema = z.object({
  posts: z.record(z.string(), generatedPostSchema),
  draft_id: z.string().uuid(),
  sandbox: z.boolean(),
  message: z.string(),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

/**
 * One generation as /organization/results shows it (issue 36): what POST
 * /posts/generate wrote (`posts`, keyed by platform name) and was asked
 * (`request`), when and by whom; `id` is its `draft_id`.
 */
export const generationSchema = z.object({
  id: z.string().uuid(),
  created_at: z.string().datetime({ offset: true }),
  created_by: z.string().uuid(),
  sandbox: z.boolean(),
  request: originalRequestSchema,
  posts: z.record(z.string(), generatedPostSchema),
});
export type GenerationView = z.infer<typeof generationSchema>;

export const GENERATIONS_PAGE_SIZE = 10;

/** GET /posts/generations: an organization's generations, newest first, a page at a time. */
export const generationListQuerySchema = z.object(organizationPageQuery(GENERATIONS_PAGE_SIZE));
export type GenerationListQuery = z.infer<typeof generationListQuerySchema>;

export const generationListResponseSchema = z.object({ generations: z.array(generationSchema), pagination: paginationSchema });
export type GenerationList = z.infer<typeof generationListResponseSchema>;

/** A media item (part 2 §3): where it is, its sniffed type and whether it was uploaded or generated. */
export const mediaItemSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  file: z.string(),
  type: z.string(),
  source: z.enum(['upload', 'generated']),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** POST /posts/optimize (part 2 §7), the magic edit: the post rewritten as the prompt asks. */
export const optimizeRequestSchema = z.object({
  organization_id: z.string({ error: PostMessages.organizationIdMissing }),
  post: z.string().max(LIMITS.maxCharacters * 2).default(''),
  prompt: z.string().max(2000).default(''),
  /** Not in the spec's payload: the platforms the post is for, whose text limits the edit keeps. */
  platforms: z.array(z.string().max(100)).max(20).default([]),
});
export type OptimizeRequest = z.infer<typeof optimizeRequestSchema>;
export const optimizeResponseSchema = z.object({ optimized_post: z.string(), sandbox: z.boolean(), message: z.string() });

/** POST /generate_media (part 2 §7): an image drawn for a post, stored like an upload. */
export const generateMediaRequestSchema = z.object({
  organization_id: z.string({ error: PostMessages.organizationIdMissing }),
  content: z.string().max(LIMITS.maxCharacters * 2).default(''),
  custom_prompt: z.string().max(2000).default(''),
  media_type: z.enum(MEDIA_TYPES, { error: PostMessages.invalidMediaType }).default('image'),
  platform: z.string().max(100).default(''),
});
export type GenerateMediaRequest = z.infer<typeof generateMediaRequestSchema>;
export const generateMediaResponseSchema = z.object({ media_url: z.string(), media: mediaItemSchema, sandbox: z.boolean(), message: z.string() });

/**
 * `PostRequests.storeMedia`: the file's bytes are the bus transfer named
 * `transfer` (requests cannot carry files past NATS's max payload). Stored as
 * an upload is: its type sniffed from its bytes, refused ('Invalid media
 * type') unless `media_type` takes it, and cut off past that type's size
 * limit (413).
 */
export const storeMediaRequestSchema = z.object({
  organization_id: z.string().uuid(),
  transfer: z.string().min(1).max(100),
  media_type: z.enum(MEDIA_TYPES),
  /** Who uploaded it. */
  created_by: z.string().uuid().nullable().default(null),
});
/** The stored file's path (storage key, `<organization id>/<media id>.<ext>`) and what its bytes were found to be. */
export const storedMediaSchema = z.object({ path: z.string(), mime: z.string(), size: z.number().int().nonnegative() });
export type StoredMediaReply = z.infer<typeof storedMediaSchema>;

/** `PostRequests.deleteMedia`: paths (storage keys or media URLs) of the organization's files; others' paths are ignored. */
export const deleteMediaRequestSchema = z.object({ organization_id: z.string().uuid(), paths: z.array(z.string().max(2000)).max(100) });
/** What was deleted, and what was kept because a post that is not deleted still shows it. */
export const deletedMediaSchema = z.object({ deleted: z.array(z.string()), in_use: z.array(z.string()) });
export type DeletedMedia = z.infer<typeof deletedMediaSchema>;

/** `PostRequests.deleteForSchedule`. */
export const scheduledPostsRequestSchema = z.object({ organization_id: z.string().uuid(), auto_schedule_id: z.string().uuid() });
/** How many of the schedule's posts were deleted. */
export const deletedPostsSchema = z.object({ deleted: z.number().int().nonnegative() });

/** Part 2 §3 Publish response. */
export const publishResponseSchema = z.object({
  message: z.string(),
  posted_links: z.array(z.string()),
  post: postSchema.optional(),
});
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/** Publish-now when a platform refused the post: the message starts 'Failed to publish:' (shown as is, part 2 §8), with the links that did go out. */
export const publishFailureSchema = publishResponseSchema.extend({ error: z.string() });

const optionalText = (max: number) => z.string().max(max).optional();

/**
 * The multipart fields of POST /schedule_post/now and /later (part 2 §7),
 * each sent once; `media_urls` may repeat or be comma-joined. The files are
 * parts of their own (any field name), after `organization_id`.
 */
export const scheduleFormSchema = z.object({
  organization_id: z.string().uuid().describe('Sent before any file.'),
  platforms: z.string().max(500).default('').describe("Platform names, comma-joined ('X,LinkedIn')."),
  content: z.string().max(70_000).default(''),
  media_type: z.enum(MEDIA_TYPES).default('text'),
  post_id: z.string().uuid().optional().describe('The post being edited; absent: a new post.'),
  draft_id: z
    .string()
    .uuid()
    .optional()
    .describe(
      "The draft_id of the generation the post comes from (POST /posts/generate): its request becomes the post's original request (for Regenerate), under the form's own fields. A draft of another organization is a 404.",
    ),
  platform_options: z
    .string()
    .max(5000)
    .optional()
    .describe("The per-platform choices as JSON (platformPostOptionsSchema: `{\"tiktok\":{…},\"youtube\":{\"privacy_status\":\"public\"}}`); a scheduled or published TikTok post needs its privacy level."),
  media_urls: z
    .array(z.string().max(2000))
    .max(20)
    .default([])
    .describe('Media stored before (uploads, AI images): `/api/media/<key>` URLs or keys, the field repeated or comma-joined.'),
  scheduled_time: z
    .string()
    .max(40)
    .optional()
    .describe("Later only: ISO 8601 with an offset, or `YYYY-MM-DDTHH:mm` in the organization's time zone."),
  /** The original request's fields (for Regenerate). */
  business_data: optionalText(20_000),
  content_type: optionalText(100),
  topic: optionalText(2000),
  context: optionalText(5000),
  time_of_year: optionalText(200),
  event_details: optionalText(5000),
});
export type ScheduleForm = z.infer<typeof scheduleFormSchema>;

/** Events the posts service publishes, merged into `eventSchemas`. */
export const postEventSchemas = {
  /**
   * Publish this version of the post to these platforms at `dueAt` (null: now).
   * The scheduler keys its jobs by post id, version and platform.
   */
  'posts.post.publish_requested': z.object({
    postId: z.string().uuid(),
    organizationId: z.string().uuid(),
    version: z.number().int().positive(),
    platforms: z.array(connectionPlatformSchema).min(1),
    dueAt: z.string().datetime().nullable(),
  }),
  /** Publishing of this post is off (rejected, sent back to review, deleted): drop its jobs. */
  'posts.post.publish_withdrawn': z.object({
    postId: z.string().uuid(),
    organizationId: z.string().uuid(),
    version: z.number().int().positive(),
  }),
} as const satisfies Record<string, z.ZodType>;
