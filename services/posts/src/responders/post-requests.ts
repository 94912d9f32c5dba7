import { organizationScopedRequestSchema, PostRequests, SharedMessages, type PostStatistics, type PostView } from '@planner/contracts';
import { badRequest, type ServiceContext } from '@planner/service-kit';
import { countPostStatistics } from '../commands/post-statistics.js';
import { toPostView } from '../domain/post-view.js';
import { Post } from '../entities/post.entity.js';

/** Answers the organizations service's composite reads (part 2 §7 calendar-data, statistics-data). */
export function postResponders(ctx: ServiceContext): void {
  const organizationOf = (payload: unknown) => {
    const parsed = organizationScopedRequestSchema.safeParse(payload);
    if (!parsed.success) throw badRequest(SharedMessages.badRequest);
    return parsed.data.organization_id;
  };

  ctx.bus.reply<unknown, PostView[]>(PostRequests.listForOrganization, 'posts', async (payload) => {
    const posts = await ctx.dataSource.getRepository(Post).find({
      where: { organizationId: organizationOf(payload) },
      // The calendar places a post by its scheduled time; one published at once has none and goes last.
      order: { scheduledTime: { direction: 'ASC', nulls: 'LAST' }, createdAt: 'ASC' },
    });
    return posts.map(toPostView);
  });

  ctx.bus.reply<unknown, PostStatistics>(PostRequests.statisticsForOrganization, 'posts', async (payload) =>
    countPostStatistics(ctx, { organizationIds: [organizationOf(payload)] }),
  );
}
