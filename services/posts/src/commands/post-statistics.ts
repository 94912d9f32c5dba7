import type { PostCounts, PostStatistics, PublicationDay } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { postStatistics, publicationsOverTime, publicationsSince, type PostGroup } from '../domain/statistics.js';

/** Whose posts to count: the given organizations', or (`'all'`) every organization's. */
export type PostScope = { organizationIds: readonly string[] } | 'all';

/** The scope as a condition on posts or post_counts and its parameters ($1 the organizations). */
const scopeCondition = (scope: PostScope): [string, unknown[]] =>
  scope === 'all' ? ['TRUE', []] : ['organization_id = ANY($1::uuid[])', [scope.organizationIds]];

/** The post counts of a scope, from the posts counted by group in post_counts (deleted posts included, as postStatistics wants them). */
export async function countPosts(ctx: ServiceContext, scope: PostScope, now = new Date()): Promise<PostCounts> {
  const [where, parameters] = scopeCondition(scope);
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

/** The publications of each of the last PUBLICATION_DAYS days (UTC) in a scope, deleted posts included. */
export async function countPublicationsOverTime(ctx: ServiceContext, scope: PostScope, now = new Date()): Promise<PublicationDay[]> {
  const [where, parameters] = scopeCondition(scope);
  // Only published posts have published_at (kept by a trigger, migration 1764500000300), in partial indexes of their own.
  const days = await ctx.dataSource.query<PublicationDay[]>(
    `SELECT to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "date", count(*)::int AS "publications"
       FROM posts WHERE ${where} AND published_at >= $${parameters.length + 1} GROUP BY 1`,
    [...parameters, publicationsSince(now)],
  );
  return publicationsOverTime(days, now);
}

/** A scope's post statistics: the counts with the publications over time. */
export async function countPostStatistics(ctx: ServiceContext, scope: PostScope, now = new Date()): Promise<PostStatistics> {
  const [counts, publications] = await Promise.all([countPosts(ctx, scope, now), countPublicationsOverTime(ctx, scope, now)]);
  return { ...counts, publications_over_time: publications };
}
