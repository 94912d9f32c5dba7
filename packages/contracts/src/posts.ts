import { z } from 'zod';

/** What other services ask the posts service over NATS (request/reply). */
export const PostRequests = {
  /** An organization's posts, for its calendar (part 2 §7 calendar-data). */
  listForOrganization: 'posts.post.list_for_organization',
  /** An organization's post statistics (part 2 §3 User accounts statistics). */
  statisticsForOrganization: 'posts.statistics.for_organization',
} as const;

export const organizationScopedRequestSchema = z.object({ organization_id: z.string().uuid() });
export type OrganizationScopedRequest = z.infer<typeof organizationScopedRequestSchema>;

/** Posts and schedules as the posts and scheduler services describe them; their own issues fix the fields. */
export const recordListSchema = z.array(z.record(z.string(), z.unknown()));
export const statisticsSchema = z.record(z.string(), z.unknown());
