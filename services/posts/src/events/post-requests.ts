import { organizationScopedRequestSchema, PostRequests, SharedMessages, type PostStatistics, type PostView } from '@planner/contracts';
import { badRequest, type ServiceContext } from '@planner/service-kit';
import { toPostView } from '../domain/post-view.js';
import { postStatistics, type PlatformCount, type StatusCount } from '../domain/statistics.js';
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

  ctx.bus.reply<unknown, PostStatistics>(PostRequests.statisticsForOrganization, 'posts', async (payload) => {
    const organizationId = organizationOf(payload);
    const [byStatus, byPlatform] = await Promise.all([
      ctx.dataSource.query<StatusCount[]>(
        `SELECT status,
                count(*) FILTER (WHERE deleted_at IS NULL)::int AS "live",
                count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS "deleted",
                count(*) FILTER (WHERE deleted_at IS NULL AND media_type <> 'text')::int AS "withMedia"
           FROM posts WHERE organization_id = $1 GROUP BY status`,
        [organizationId],
      ),
      ctx.dataSource.query<PlatformCount[]>(
        `SELECT platform,
                count(*) FILTER (WHERE deleted_at IS NULL)::int AS "live",
                count(*) FILTER (WHERE status = 'published')::int AS "published"
           FROM posts CROSS JOIN LATERAL unnest(platforms) AS platform
          WHERE organization_id = $1 GROUP BY platform ORDER BY platform`,
        [organizationId],
      ),
    ]);
    return postStatistics(byStatus, byPlatform, new Date());
  });
}
