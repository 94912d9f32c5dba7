import type { PostStatistics } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { postStatistics, type PostGroup } from '../domain/statistics.js';

/** Whose posts to count: the given organizations', or (`'all'`) every organization's. */
export type PostScope = { organizationIds: readonly string[] } | 'all';

/** The post statistics of a scope, from the posts counted by group in post_counts (deleted posts included, as postStatistics wants them). */
export async function countPostStatistics(ctx: ServiceContext, scope: PostScope, now = new Date()): Promise<PostStatistics> {
  const [where, parameters] = scope === 'all' ? ['TRUE', []] : ['organization_id = ANY($1::uuid[])', [scope.organizationIds]];
  // A handful of counter rows per organization, kept exact by triggers on posts (migration 1764100000000),
  // instead of every one of its posts.
  const groups = await ctx.dataSource.query<PostGroup[]>(
    `SELECT status, platforms,
            coalesce(sum(posts) FILTER (WHERE NOT deleted), 0)::int AS "live",
            coalesce(sum(posts) FILTER (WHERE deleted), 0)::int AS "deleted",
            coalesce(sum(posts) FILTER (WHERE NOT deleted AND with_media), 0)::int AS "withMedia"
       FROM post_counts WHERE ${where} GROUP BY status, platforms`,
    parameters,
  );
  return postStatistics(groups, now);
}
