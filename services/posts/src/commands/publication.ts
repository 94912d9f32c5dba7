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

/** One platform's outcome for a post, as one of the scheduler's events reports it. */
export interface OutcomeOfPost {
  postId: string;
  result: PlatformResult;
  at: Date;
}

/**
 * Records platforms' outcomes (from the scheduler's events, in their order)
 * on their posts, under row locks so that outcomes of several platforms
 * arriving together all count. An outcome is recorded whatever the version:
 * the post did go out (or fail) on that platform. A post deleted meanwhile is
 * left alone. One read and one write for them all: outcomes come in bursts,
 * and each statement on posts also runs its counters' trigger once.
 */
export async function recordOutcomes(manager: EntityManager, outcomes: readonly OutcomeOfPost[]): Promise<void> {
  const ids = [...new Set(outcomes.map((outcome) => outcome.postId))];
  // In id order, so two batches locking the same posts wait for each other rather than deadlock.
  const rows = await manager.query<Array<Pick<Post, 'id' | 'status' | 'publications'>>>(
    `SELECT id, status, publications FROM posts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  const posts = new Map(rows.map((row) => [row.id, row]));
  for (const { postId, result, at } of outcomes) {
    const post = posts.get(postId);
    if (!post) continue;
    post.publications = withOutcome(post.publications, result, at);
    post.status = statusAfterOutcome(post.status, post.publications);
  }
  if (posts.size === 0) return;
  await manager.query(
    `UPDATE posts p SET publications = u.publications, status = u.status, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, status varchar, publications jsonb) WHERE p.id = u.id`,
    [JSON.stringify([...posts.values()])],
  );
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
