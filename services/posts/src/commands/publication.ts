import type { EntityManager } from 'typeorm';
import type { ConnectionPlatform } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { statusAfterOutcome, withOutcome, withQueued, isSettled, type PlatformResult } from '../domain/transitions.js';
import { Post } from '../entities/post.entity.js';

/**
 * Asks the scheduler to publish the post's current version to these platforms
 * at `dueAt` (null: now), in the caller's transaction: the publications are
 * marked queued and the event is in the outbox exactly when the post is saved.
 * The caller has already bumped `version` when the post changed.
 */
export async function requestPublication(
  ctx: ServiceContext,
  manager: EntityManager,
  post: Post,
  platforms: readonly ConnectionPlatform[],
  dueAt: Date | null,
): Promise<void> {
  post.publications = withQueued(post.publications, platforms, new Date());
  await manager.save(post);
  await ctx.outbox.add(manager, 'posts.post.publish_requested', {
    postId: post.id,
    organizationId: post.organizationId,
    version: post.version,
    platforms: [...platforms],
    dueAt: dueAt?.toISOString() ?? null,
  });
}

/** Tells the scheduler that nothing of this post is to be published any more (rejected, back to review, deleted). */
export async function withdrawPublication(ctx: ServiceContext, manager: EntityManager, post: Post): Promise<void> {
  await ctx.outbox.add(manager, 'posts.post.publish_withdrawn', { postId: post.id, organizationId: post.organizationId, version: post.version });
}

/**
 * Records one platform's outcome (from the scheduler's events) on the post,
 * under a row lock so that outcomes of several platforms arriving together all
 * count. An outcome is recorded whatever the version: the post did go out (or
 * fail) on that platform. A post deleted meanwhile is left alone.
 */
export async function recordOutcome(manager: EntityManager, postId: string, result: PlatformResult, at: Date): Promise<void> {
  // Two statements, not an entity load and save: this runs once per publication, the hottest write of posts.
  const [post] = await manager.query<Array<Pick<Post, 'status' | 'publications'>>>(`SELECT status, publications FROM posts WHERE id = $1 FOR UPDATE`, [postId]);
  if (!post) return;
  const publications = withOutcome(post.publications, result, at);
  await manager.query(`UPDATE posts SET publications = $2, status = $3, updated_at = now() WHERE id = $1`, [
    postId,
    JSON.stringify(publications),
    statusAfterOutcome(post.status, publications),
  ]);
}

const POLL_MS = 200;

/**
 * Waits, at most `timeoutMs`, until every one of these platforms has an
 * outcome for the post; answers the post as it then stands, or null past the
 * bound. It reads the database, so the replica that consumed the outcome
 * need not be this one.
 */
export async function awaitOutcome(ctx: ServiceContext, postId: string, platforms: readonly string[], timeoutMs: number): Promise<Post | null> {
  const deadline = Date.now() + timeoutMs;
  const posts = ctx.dataSource.getRepository(Post);
  for (;;) {
    const post = await posts.findOne({ where: { id: postId }, withDeleted: true });
    if (!post) return null;
    if (isSettled(post.publications, platforms)) return post;
    if (Date.now() + POLL_MS > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
