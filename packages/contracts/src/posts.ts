import { z } from 'zod';
import { MEDIA_TYPES } from './organizations.js';

/** What other services ask the posts service over NATS (request/reply). */
export const PostRequests = {
  /** An organization's posts, for its calendar (part 2 §7 calendar-data). */
  listForOrganization: 'posts.post.list_for_organization',
  /** An organization's post statistics (part 2 §3 Statistics, the fields one organization has). */
  statisticsForOrganization: 'posts.statistics.for_organization',
} as const;

export const organizationScopedRequestSchema = z.object({ organization_id: z.string().uuid() });
export type OrganizationScopedRequest = z.infer<typeof organizationScopedRequestSchema>;

/** Part 2 §3/§4: a post is reviewed (approved or rejected), and an approved one gets published. */
export const POST_STATUSES = ['pending_review', 'approved', 'rejected', 'published'] as const;
export const postStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatusSchema>;

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
  created_at: z.string().datetime({ offset: true }),
  updated_at: z.string().datetime({ offset: true }),
});
export type PostView = z.infer<typeof postSchema>;

/** The answer to `PostRequests.listForOrganization`: every post of the organization not deleted. */
export const postListSchema = z.array(postSchema);

const count = z.number().int().nonnegative();

/**
 * The answer to `PostRequests.statisticsForOrganization`: the post side of an
 * organization's statistics (part 2 §3 Statistics); the schedule counts come from the scheduler.
 */
export const postStatisticsSchema = z.object({
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
export type PostStatistics = z.infer<typeof postStatisticsSchema>;

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
