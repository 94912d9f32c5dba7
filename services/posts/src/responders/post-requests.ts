import { PostRequests } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { countPostStatistics } from '../commands/post-statistics.js';
import { listOrganizationPosts } from '../commands/posts.js';
import { deleteSchedulePosts } from '../commands/review.js';

/** The organizations service's composite reads (part 2 §7 calendar-data, statistics-data); the scheduler's schedule deleted with its posts. */
export const postRequests = [
  respond(PostRequests.listForOrganization, ({ organization_id }, ctx) => listOrganizationPosts(ctx, organization_id)),
  respond(PostRequests.statisticsForOrganization, ({ organization_id }, ctx) => countPostStatistics(ctx, { organizationIds: [organization_id] })),
  respond(PostRequests.deleteForSchedule, async ({ organization_id, auto_schedule_id }, ctx) => ({
    deleted: await deleteSchedulePosts(ctx, organization_id, auto_schedule_id),
  })),
];
