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
      `SELECT platform,
              count(*) FILTER (WHERE deleted_at IS NULL)::int AS "live",
              count(*) FILTER (WHERE status = 'published')::int AS "published"
         FROM posts CROSS JOIN LATERAL unnest(platforms) AS platform
        WHERE ${where} GROUP BY platform ORDER BY platform`,
      parameters,
    ),
  ]);
  return postStatistics(byStatus, byPlatform, now);
}
