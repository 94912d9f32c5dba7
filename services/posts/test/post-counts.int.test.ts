import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostRequests, postStatisticsSchema, PUBLICATION_DAYS, type PlatformOutcome } from '@planner/contracts';
import { publishEvent, startTestService, waitFor, type TestServiceContext } from '@planner/service-kit/testing';
import { countPostStatistics, countPosts, type PostScope } from '../src/commands/post-statistics.js';
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
  expect(await countPosts(ctx, { organizationIds: [organizationId] }, now)).toEqual(await recount({ organizationIds: [organizationId] }));
  expect(await countPosts(ctx, 'all', now)).toEqual(await recount('all'));
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
    expect((await countPosts(ctx, { organizationIds: [other] }, now)).total_posts).toBe(1);
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
    expect((await countPosts(ctx, { organizationIds: [organizationId] }, now)).posts_by_status).toMatchObject({ approved: 20, rejected: 20 });
  });
});

// Publications over time: published_at, kept by a trigger, counted by day.
const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon (UTC) `days` days before today. */
const daysAgo = (days: number) => new Date(Date.parse(new Date().toISOString().slice(0, 10)) - days * DAY_MS + 12 * 60 * 60 * 1000);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const published = (at: Date): PlatformOutcome => ({ status: 'published', link: 'https://x.com/acme/status/1', reason: null, at: at.toISOString() });
const queued = (at: Date): PlatformOutcome => ({ status: 'queued', link: null, reason: null, at: at.toISOString() });

/** One post of an organization, on X unless told otherwise. */
async function postOf(organizationId: string, post: Partial<Post>): Promise<Post> {
  const [saved] = await postsOf(organizationId, [{ platforms: ['X'], ...post }]);
  return saved!;
}

const publishedAt = async (id: string) => (await posts().findOne({ where: { id }, withDeleted: true }))!.publishedAt;

/** The series as a map of its non-zero days. */
const nonZero = (series: Array<{ date: string; publications: number }>) => Object.fromEntries(series.filter((day) => day.publications > 0).map((day) => [day.date, day.publications]));

describe('published_at (when a post became published)', () => {
  it('is the last platform’s outcome time once the scheduler’s outcomes make the post published, and only then', async () => {
    const organizationId = randomUUID();
    const post = await postOf(organizationId, {
      status: 'approved',
      platforms: ['X', 'LinkedIn'],
      publications: { x: queued(daysAgo(3)), linkedin: queued(daysAgo(3)) },
    });
    const ref = { postId: post.id, organizationId, version: 1 };
    await publishEvent(ctx, 'scheduler.post.published', { ...ref, platform: 'x', link: 'https://x.com/a/1', platformPostId: '1', publishedAt: daysAgo(3).toISOString() });
    await waitFor(() => posts().findOneByOrFail({ id: post.id }), (stored) => stored.publications.x?.status === 'published');
    expect(await publishedAt(post.id)).toBeNull();

    const last = new Date(daysAgo(2).getTime() + 60_000);
    await publishEvent(ctx, 'scheduler.post.published', {
      ...ref,
      platform: 'linkedin',
      link: 'https://www.linkedin.com/feed/update/2',
      platformPostId: '2',
      publishedAt: last.toISOString(),
    });
    await waitFor(() => posts().findOneByOrFail({ id: post.id }), (stored) => stored.status === 'published');
    expect(await publishedAt(post.id)).toEqual(last);
  });

  it('without a published outcome is the moment of the change; a post that leaves published has none; other changes keep it', async () => {
    const post = await postOf(randomUUID(), { status: 'published' });
    const at = await publishedAt(post.id);
    expect(Math.abs(at!.getTime() - Date.now())).toBeLessThan(60_000);
    await posts().update(post.id, { content: 'Edited' });
    expect(await publishedAt(post.id)).toEqual(at);
    await posts().softDelete(post.id);
    expect(await publishedAt(post.id)).toEqual(at);

    const failed = await postOf(randomUUID(), { status: 'published', publications: { x: published(daysAgo(1)) } });
    expect(await publishedAt(failed.id)).toEqual(daysAgo(1));
    await posts().update(failed.id, { status: 'failed' });
    expect(await publishedAt(failed.id)).toBeNull();
  });
});

describe('publications over time', () => {
  it('counts an organization’s publications by UTC day over the last 30 days, oldest first, deleted ones included', async () => {
    const organizationId = randomUUID();
    await postOf(organizationId, { status: 'published', publications: { x: published(daysAgo(0)) } });
    await postOf(organizationId, { status: 'published', publications: { x: published(daysAgo(0)) } });
    const deleted = await postOf(organizationId, { status: 'published', publications: { x: published(daysAgo(5)) } });
    await posts().softDelete(deleted.id);
    await postOf(organizationId, { status: 'published', publications: { x: published(daysAgo(PUBLICATION_DAYS - 1)) } });
    // Outside the window, not published, or another organization's: not counted.
    await postOf(organizationId, { status: 'published', publications: { x: published(daysAgo(PUBLICATION_DAYS)) } });
    await postOf(organizationId, { status: 'approved', publications: { x: queued(daysAgo(1)) } });
    const other = randomUUID();
    await postOf(other, { status: 'published', publications: { x: published(daysAgo(1)) } });

    // As the organizations service asks for it, over the real bus.
    const statistics = postStatisticsSchema.parse(await ctx.bus.request(PostRequests.statisticsForOrganization, { organization_id: organizationId }, 3000));
    const series = statistics.publications_over_time;
    expect(series).toHaveLength(PUBLICATION_DAYS);
    expect(series[0]!.date).toBe(dayOf(daysAgo(PUBLICATION_DAYS - 1)));
    expect(series.at(-1)!.date).toBe(dayOf(daysAgo(0)));
    expect(series.map((day) => day.date)).toEqual([...series.map((day) => day.date)].sort());
    expect(nonZero(series)).toEqual({ [dayOf(daysAgo(0))]: 2, [dayOf(daysAgo(5))]: 1, [dayOf(daysAgo(PUBLICATION_DAYS - 1))]: 1 });
    expect(statistics.successful_publications).toBe(5);

    // Everyone's (the global statistics) has the other organization's day too.
    const everyone = nonZero((await countPostStatistics(ctx, 'all')).publications_over_time);
    expect(everyone[dayOf(daysAgo(1))]).toBeGreaterThanOrEqual(1);
    expect(everyone[dayOf(daysAgo(5))]).toBeGreaterThanOrEqual(1);
  });

  it('gives an organization without publications 30 days of 0', async () => {
    const { publications_over_time } = await countPostStatistics(ctx, { organizationIds: [randomUUID()] });
    expect(publications_over_time).toHaveLength(PUBLICATION_DAYS);
    expect(publications_over_time.every((day) => day.publications === 0)).toBe(true);
  });
});
