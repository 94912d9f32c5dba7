import type { PostStatistics } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { postStatistics, type PostGroup } from '../domain/statistics.js';

/** Whose posts to count: the given organizations', or (`'all'`) every organization's. */
export type PostScope = { organizationIds: readonly string[] } | 'all';

/** The post statistics of a scope, counted in the posts table (deleted posts included, as postStatistics wants them). */
export async function countPostStatistics(ctx: ServiceContext, scope: PostScope, now = new Date()): Promise<PostStatistics> {
  const [where, parameters] = scope === 'all' ? ['TRUE', []] : ['organization_id = ANY($1::uuid[])', [scope.organizationIds]];
  // One pass over the posts_statistics index, grouped by status and platform list (a handful of distinct lists):
  // a count by status and another by unnested platform read the organization's posts twice.
  const groups = await ctx.dataSource.query<PostGroup[]>(
    `SELECT status, platforms,
            count(*) FILTER (WHERE deleted_at IS NULL)::int AS "live",
            count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS "deleted",
            count(*) FILTER (WHERE deleted_at IS NULL AND media_type <> 'text')::int AS "withMedia"
       FROM posts WHERE ${where} GROUP BY status, platforms`,
    parameters,
  );
  return postStatistics(groups, now);
}
