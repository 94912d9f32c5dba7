import type { PostStatistics } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { postStatistics, type PlatformCount, type StatusCount } from '../domain/statistics.js';

/** Whose posts to count: the given organizations', or (`'all'`) every organization's. */
export type PostScope = { organizationIds: readonly string[] } | 'all';

/** The post statistics of a scope, counted in the posts table (deleted posts included, as postStatistics wants them). */
export async function countPostStatistics(ctx: ServiceContext, scope: PostScope, now = new Date()): Promise<PostStatistics> {
  const [where, parameters] = scope === 'all' ? ['TRUE', []] : ['organization_id = ANY($1::uuid[])', [scope.organizationIds]];
  const [byStatus, byPlatform] = await Promise.all([
    ctx.dataSource.query<StatusCount[]>(
      `SELECT status,
              count(*) FILTER (WHERE deleted_at IS NULL)::int AS "live",
              count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS "deleted",
              count(*) FILTER (WHERE deleted_at IS NULL AND media_type <> 'text')::int AS "withMedia"
         FROM posts WHERE ${where} GROUP BY status`,
      parameters,
    ),
    ctx.dataSource.query<PlatformCount[]>(
      // Posts are counted per platform list first (a handful of distinct lists), then the lists are unnested:
      // unnesting every row's list was most of the time of an organization's statistics.
      `SELECT platform, sum(lists."live")::int AS "live", sum(lists."published")::int AS "published"
         FROM (SELECT platforms,
                      count(*) FILTER (WHERE deleted_at IS NULL) AS "live",
                      count(*) FILTER (WHERE status = 'published') AS "published"
                 FROM posts WHERE ${where} GROUP BY platforms) AS lists
        CROSS JOIN LATERAL unnest(lists.platforms) AS platform
        GROUP BY platform ORDER BY platform`,
      parameters,
    ),
  ]);
  return postStatistics(byStatus, byPlatform, now);
}
