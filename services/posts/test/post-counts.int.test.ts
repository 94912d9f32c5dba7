import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEvent, startTestService, type TestServiceContext } from '@planner/service-kit/testing';
import { countPostStatistics, type PostScope } from '../src/commands/post-statistics.js';
import { postStatistics, type PostGroup } from '../src/domain/statistics.js';
import { Post } from '../src/entities/post.entity.js';
import { postsService } from '../src/service.js';

let ctx: TestServiceContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, close } = await startTestService(postsService));
});

afterAll(async () => {
  await close?.();
});

const now = new Date('2026-03-02T10:00:00.000Z');
const posts = () => ctx.dataSource.getRepository(Post);

/** Posts of an organization, saved as the posts service keeps them. */
async function postsOf(organizationId: string, rows: Array<Partial<Post>>): Promise<Post[]> {
  return posts().save(rows.map((post) => posts().create({ organizationId, content: 'Hello', ...post })));
}

/** The statistics counted afresh over the posts table, as they were before post_counts: the reference the counters must match. */
async function recount(scope: PostScope) {
  const [where, parameters] = scope === 'all' ? ['TRUE', []] : ['organization_id = ANY($1::uuid[])', [scope.organizationIds]];
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

/** The counter rows: one per non-empty group, each holding exactly its posts. */
const counterRows = () =>
  ctx.dataSource.query(`SELECT organization_id, status, platforms, deleted, with_media, posts FROM post_counts ORDER BY 1, 2, 3, 4, 5`);
const groupRows = () =>
  ctx.dataSource.query(
    `SELECT organization_id, status, platforms, deleted_at IS NOT NULL AS deleted, media_type <> 'text' AS with_media, count(*)::int AS posts
       FROM posts GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );

/** Counter-based statistics equal a recount, for the organization and over everyone, and no counter row is stale or empty. */
async function expectExact(organizationId: string): Promise<void> {
  expect(await countPostStatistics(ctx, { organizationIds: [organizationId] }, now)).toEqual(await recount({ organizationIds: [organizationId] }));
  expect(await countPostStatistics(ctx, 'all', now)).toEqual(await recount('all'));
  expect(await counterRows()).toEqual(await groupRows());
}

describe('post_counts (the statistics’ counters)', () => {
  it('follow every change of a post exactly: insert, status, platforms, media, soft delete, restore, and the organization’s deletion', async () => {
    const organizationId = randomUUID();
    const other = randomUUID();
    await postsOf(other, [{ status: 'published', platforms: ['X'] }]);
    const [first, second, third, fourth] = await postsOf(organizationId, [
      { status: 'pending_review', platforms: ['LinkedIn', 'X'] },
      { status: 'pending_review', platforms: ['LinkedIn', 'X'] },
      { status: 'approved', platforms: ['X'], mediaType: 'image', mediaPaths: ['media/a.png'] },
      { status: 'published', platforms: ['Telegram'] },
    ]);
    await expectExact(organizationId);
    const before = await counterRows();

    // A change of nothing counted writes no counter.
    await posts().update(first!.id, { content: 'Edited', version: 2 });
    expect(await counterRows()).toEqual(before);

    await posts().update(first!.id, { status: 'approved' });
    await expectExact(organizationId);
    await posts().update(second!.id, { platforms: ['X', 'LinkedIn'] });
    await expectExact(organizationId);
    await posts().update(second!.id, { mediaType: 'video', mediaPaths: ['media/b.mp4'] });
    await posts().update(third!.id, { mediaType: 'text', mediaPaths: [] });
    await expectExact(organizationId);
    // Several posts in one statement, some into the same group.
    await ctx.dataSource.query(`UPDATE posts SET status = 'failed' WHERE organization_id = $1 AND status <> 'published'`, [organizationId]);
    await expectExact(organizationId);

    await posts().softDelete(fourth!.id);
    await posts().softDelete(first!.id);
    await expectExact(organizationId);
    await posts().restore(first!.id);
    await expectExact(organizationId);

    await publishEvent(ctx, 'organizations.organization.deleted', { organizationId, ownerId: randomUUID(), reason: 'owner_request' });
    await expect.poll(() => posts().count({ where: { organizationId }, withDeleted: true }), { timeout: 5000 }).toBe(0);
    await expectExact(organizationId);
    expect(await ctx.dataSource.query(`SELECT 1 FROM post_counts WHERE organization_id = $1`, [organizationId])).toEqual([]);
    expect((await countPostStatistics(ctx, { organizationIds: [other] }, now)).total_posts).toBe(1);
  });

  it('two transactions moving posts between the same two groups in opposite directions both commit, without a deadlock', async () => {
    const organizationId = randomUUID();
    const approved = await postsOf(organizationId, Array.from({ length: 20 }, () => ({ status: 'approved' as const, platforms: ['X'] })));
    const rejected = await postsOf(organizationId, Array.from({ length: 20 }, () => ({ status: 'rejected' as const, platforms: ['X'] })));
    // Each holds its counter rows a while before committing, so that the other one's move waits on them.
    const move = (post: Post, status: Post['status']) =>
      ctx.dataSource.transaction(async (manager) => {
        await manager.query(`UPDATE posts SET status = $2 WHERE id = $1`, [post.id, status]);
        await manager.query(`SELECT pg_sleep(0.02)`);
      });
    for (let round = 0; round < approved.length; round++) {
      const outcomes = await Promise.allSettled([move(approved[round]!, 'rejected'), move(rejected[round]!, 'approved')]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    }
    await expectExact(organizationId);
    expect((await countPostStatistics(ctx, { organizationIds: [organizationId] }, now)).posts_by_status).toMatchObject({ approved: 20, rejected: 20 });
  });
});
