import type { PostView } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
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

/** A post not deleted, by id; null when there is none. */
export function findPost(ctx: ServiceContext, postId: string): Promise<Post | null> {
  return ctx.dataSource.getRepository(Post).findOneBy({ id: postId });
}
