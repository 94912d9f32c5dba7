import { offsetOf, type ConnectionPlatform, type Identity, type PostFilter, type PostStatus, type PostView } from '@planner/contracts';
import { notFound, organizationAccess, rowId, type ServiceContext } from '@planner/service-kit';
import { toPostView } from '../domain/post-view.js';
import { Post } from '../entities/post.entity.js';

/** An organization's posts not deleted, for its calendar. */
export async function listOrganizationPosts(ctx: ServiceContext, organizationId: string): Promise<PostView[]> {
  const posts = await ctx.dataSource.getRepository(Post).find({
    where: { organizationId },
    // The calendar places a post by its scheduled time; one published at once has none and goes last.
    order: { scheduledTime: { direction: 'ASC', nulls: 'LAST' }, createdAt: 'ASC' },
  });
  return posts.map(toPostView);
}

/** The review list's filter (part 2 §4: 'pending' is pending_review) → the status it selects; null for all. */
const FILTER_STATUS: Record<PostFilter, PostStatus | null> = {
  pending: 'pending_review',
  approved: 'approved',
  rejected: 'rejected',
  published: 'published',
  failed: 'failed',
  all: null,
};

/**
 * One page of the review list (part 2 §2 Post Review): newest scheduled
 * first, a post without a scheduled time placed by when it was created
 * (the index posts_review_order follows this order).
 */
export async function listReviewPosts(
  ctx: ServiceContext,
  caller: Identity,
  query: { organization_id: string; status: PostFilter; page: number; per_page: number },
): Promise<{ posts: PostView[]; total: number }> {
  await organizationAccess(ctx, caller, query.organization_id);
  const status = FILTER_STATUS[query.status];
  const select = ctx.dataSource
    .getRepository(Post)
    .createQueryBuilder('post')
    .where('post.organization_id = :organizationId', { organizationId: query.organization_id });
  if (status) select.andWhere('post.status = :status', { status });
  const [posts, total] = await select
    .orderBy('COALESCE(post.scheduled_time, post.created_at)', 'DESC')
    .addOrderBy('post.id', 'DESC')
    .offset(offsetOf(query.page, query.per_page))
    .limit(query.per_page)
    .getManyAndCount();
  return { posts: posts.map(toPostView), total };
}

/** A post not deleted, if the caller may see its organization; 404 otherwise (another tenant's id looks missing). */
export async function readPost(ctx: ServiceContext, caller: Identity, id: string): Promise<PostView> {
  const post = await ctx.dataSource.getRepository(Post).findOneBy({ id: rowId(id) });
  if (!post) throw notFound();
  await organizationAccess(ctx, caller, post.organizationId);
  return toPostView(post);
}

/** A post not deleted, by id; null when there is none. */
export function findPost(ctx: ServiceContext, postId: string): Promise<Post | null> {
  return ctx.dataSource.getRepository(Post).findOneBy({ id: postId });
}

/**
 * How many of the organization's posts wait to be published on the platform
 * (its publication there queued): what disconnecting it would leave
 * without a connection (docs/decisions/organization-config-page.md).
 */
export async function countQueuedPosts(ctx: ServiceContext, caller: Identity, organizationId: string, platform: ConnectionPlatform): Promise<number> {
  await organizationAccess(ctx, caller, organizationId);
  return ctx.dataSource
    .getRepository(Post)
    .createQueryBuilder('post')
    .where('post.organization_id = :organizationId', { organizationId })
    .andWhere(`post.publications -> :platform ->> 'status' = 'queued'`, { platform })
    .getCount();
}
