import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedPostsSchema, postListSchema, PostRequests, postStatisticsSchema } from '@planner/contracts';
import { HttpError } from '@planner/service-kit';
import { InboxEvent, OutboxEvent } from '@planner/service-kit/data';
import { publishEvent, startTestService, type TestServiceContext } from '@planner/service-kit/testing';
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

/** Posts of a fresh organization, saved as the posts service keeps them. */
async function postsOf(organizationId: string, posts: Array<Partial<Post>>): Promise<Post[]> {
  const repository = ctx.dataSource.getRepository(Post);
  return repository.save(posts.map((post) => repository.create({ organizationId, content: 'Hello', ...post })));
}

/** Asks as the organizations service does, over the real bus. */
const ask = (subject: string, organizationId: string) => ctx.bus.request(subject, { organization_id: organizationId }, 3000);

describe('posts.post.list_for_organization', () => {
  it('answers the organization’s posts for its calendar, by scheduled time, without deleted ones or other organizations’', async () => {
    const organizationId = randomUUID();
    const [later, now, earlier, deleted] = await postsOf(organizationId, [
      { scheduledTime: new Date('2026-05-02T09:00:00Z'), platforms: ['LinkedIn'], status: 'approved' },
      { scheduledTime: null, platforms: ['X', 'Telegram'], status: 'published' },
      { scheduledTime: new Date('2026-05-01T09:00:00Z'), platforms: ['X'], mediaType: 'image', mediaPaths: ['media/one.png'] },
      { scheduledTime: new Date('2026-04-01T09:00:00Z'), platforms: ['X'] },
    ]);
    await ctx.dataSource.getRepository(Post).softDelete(deleted!.id);
    await postsOf(randomUUID(), [{ content: 'Someone else’s' }]);

    const answer = postListSchema.parse(await ask(PostRequests.listForOrganization, organizationId));
    expect(answer.map((post) => post.id)).toEqual([earlier!.id, later!.id, now!.id]);
    expect(answer[0]).toEqual({
      id: earlier!.id,
      organization_id: organizationId,
      status: 'pending_review',
      scheduled_time: '2026-05-01T09:00:00.000Z',
      platforms: 'X',
      media_type: 'image',
      media_paths: 'media/one.png',
      content: 'Hello',
      review_notes: null,
      auto_schedule_id: null,
      version: 1,
      publications: {},
      posted_links: [],
      original_request: null,
      missed_slot: null,
      platform_options: {},
      created_at: earlier!.createdAt.toISOString(),
      updated_at: earlier!.updatedAt.toISOString(),
    });
    expect(answer[2]).toMatchObject({ scheduled_time: null, platforms: 'X,Telegram', status: 'published' });
  });

  it('answers an organization without posts an empty list, and refuses a malformed request with 400', async () => {
    expect(await ask(PostRequests.listForOrganization, randomUUID())).toEqual([]);
    const refused = await ask(PostRequests.listForOrganization, 'not-an-id').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(400);
  });
});

describe('posts.statistics.for_organization', () => {
  it('counts the organization’s posts from the table: by status, media, platform and publication', async () => {
    const organizationId = randomUUID();
    const posts = await postsOf(organizationId, [
      { status: 'pending_review', platforms: ['LinkedIn', 'X'] },
      { status: 'approved', platforms: ['LinkedIn'], mediaType: 'image', mediaPaths: ['media/a.png'] },
      { status: 'rejected', platforms: ['X'] },
      { status: 'published', platforms: ['LinkedIn', 'Telegram'], mediaType: 'video', mediaPaths: ['media/b.mp4'] },
      { status: 'published', platforms: ['LinkedIn'] },
      { status: 'published', platforms: ['X'] },
      { status: 'pending_review', platforms: ['Telegram'] },
    ]);
    // Deleted: a published post (still a publication) and a pending one.
    await ctx.dataSource.getRepository(Post).softDelete([posts[5]!.id, posts[6]!.id]);
    await postsOf(randomUUID(), [{ status: 'published', platforms: ['LinkedIn'] }]);

    const before = Date.now();
    const statistics = postStatisticsSchema.parse(await ask(PostRequests.statisticsForOrganization, organizationId));
    const { publications_over_time, ...counts } = statistics;
    // Published just now (no outcome times): today's publications, the last of the 30 days.
    expect(publications_over_time.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), publications: 3 });
    expect(publications_over_time.slice(0, -1).every((day) => day.publications === 0)).toBe(true);
    expect({ ...counts, last_updated: undefined }).toEqual({
      total_posts: 5,
      deleted_posts: 2,
      successful_publications: 3,
      posts_with_media: 2,
      posts_text_only: 3,
      posts_by_status: { pending_review: 1, approved: 1, rejected: 1, published: 2, failed: 0 },
      platforms_usage: { LinkedIn: 4, Telegram: 1, X: 2 },
      successful_publications_by_platform: { LinkedIn: 2, Telegram: 1, X: 1 },
      last_updated: undefined,
    });
    expect(Date.parse(statistics.last_updated)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('posts.post.delete_for_schedule', () => {
  const outcome = (status: 'queued' | 'published' | 'failed') => ({ status, link: null, reason: null, at: '2026-05-01T09:00:00.000Z' });

  it('deletes the schedule’s posts that have not gone out, withdrawing what was queued; leaves the rest and others’', async () => {
    const organizationId = randomUUID();
    const autoScheduleId = randomUUID();
    const ofSchedule: Array<Partial<Post>> = [
      { status: 'pending_review' },
      { status: 'approved', publications: { x: outcome('queued') } },
      { status: 'approved', publications: { x: outcome('published'), linkedin: outcome('queued') } },
      { status: 'published', publications: { x: outcome('published') } },
      { status: 'rejected' },
      { status: 'failed', publications: { x: outcome('failed') } },
    ];
    const [pending, queued, partly, published, rejected, failed] = await postsOf(
      organizationId,
      ofSchedule.map((post) => ({ ...post, autoScheduleId, platforms: ['X'] })),
    );
    const [unscheduled] = await postsOf(organizationId, [{ status: 'pending_review' }]);
    const [otherSchedule] = await postsOf(organizationId, [{ status: 'pending_review', autoScheduleId: randomUUID() }]);
    const [otherOrganization] = await postsOf(randomUUID(), [{ status: 'pending_review', autoScheduleId }]);

    const ask = () => ctx.bus.request(PostRequests.deleteForSchedule, { organization_id: organizationId, auto_schedule_id: autoScheduleId }, 3000);
    expect(deletedPostsSchema.parse(await ask())).toEqual({ deleted: 2 });

    const posts = ctx.dataSource.getRepository(Post);
    const left = await posts.find({ where: { organizationId }, withDeleted: true });
    const deleted = left.filter((post) => post.deletedAt !== null).map((post) => post.id);
    expect(deleted.sort()).toEqual([pending!.id, queued!.id].sort());
    for (const kept of [partly, published, rejected, failed, unscheduled, otherSchedule]) expect(deleted).not.toContain(kept!.id);
    expect(await posts.findOneBy({ id: otherOrganization!.id })).not.toBeNull();
    const withdrawn = await ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'posts.post.publish_withdrawn' });
    expect(withdrawn.map((row) => (row.envelope.data as { postId: string }).postId).filter((id) => [pending!.id, queued!.id].includes(id))).toEqual([queued!.id]);

    expect(deletedPostsSchema.parse(await ask())).toEqual({ deleted: 0 });
  });
});

describe('organizations.organization.deleted', () => {
  it('deletes that organization’s posts, deleted ones too, and leaves others’; the event is recorded in the inbox', async () => {
    const organizationId = randomUUID();
    const other = randomUUID();
    const [, gone] = await postsOf(organizationId, [{ status: 'approved' }, { status: 'rejected' }]);
    await ctx.dataSource.getRepository(Post).softDelete(gone!.id);
    await postsOf(other, [{ status: 'approved' }]);

    const { eventId } = await publishEvent(ctx, 'organizations.organization.deleted', { organizationId, ownerId: randomUUID(), reason: 'owner_request' });

    const posts = ctx.dataSource.getRepository(Post);
    await expect.poll(() => posts.count({ where: { organizationId }, withDeleted: true }), { timeout: 5000 }).toBe(0);
    expect(await posts.countBy({ organizationId: other })).toBe(1);
    expect(await ctx.dataSource.getRepository(InboxEvent).countBy({ consumer: 'posts', eventId })).toBe(1);
  });
});
