import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrganizationMessages, POST_STATUSES, PostMessages, SharedMessages, type ConnectionPlatform, type PlatformOutcome, type PostStatus } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { bearer, publishEvent, untilConsumerIdle, untilOutboxSent, waitFor } from '@planner/service-kit/testing';
import { transition, type PostAction } from '../src/domain/transitions.js';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';

const h = usePosts();

const users = { alice: randomUUID(), bob: randomUUID() };
const tokens = {} as Record<keyof typeof users, string>;
const orgs = {} as { alice: string; aliceInactive: string; bob: string };

beforeAll(async () => {
  tokens.alice = await h.ctx.keys.sign({ sub: users.alice, role: 'pro' });
  tokens.bob = await h.ctx.keys.sign({ sub: users.bob, role: 'pro' });
  [orgs.alice, orgs.aliceInactive, orgs.bob] = await Promise.all([
    h.addOrganization(users.alice),
    h.addOrganization(users.alice, { isActive: false }),
    h.addOrganization(users.bob),
  ]);
});

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const outcome = (status: PlatformOutcome['status'], extra: Partial<PlatformOutcome> = {}): PlatformOutcome => ({
  status,
  link: null,
  reason: null,
  at: new Date().toISOString(),
  ...extra,
});

/** A post of Alice's organization that can go out: text on X and LinkedIn, due in an hour. */
const alicePost = (post: Partial<Post> & { deleted?: boolean } = {}) =>
  h.addPost(post.organizationId ?? orgs.alice, { platforms: ['X', 'LinkedIn'], content: 'Spring sale', scheduledTime: at(hour), ...post });

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token = tokens.alice, payload?: object) => h.api.send({ method, url, headers: bearer(token), payload });
const list = (query: string, token = tokens.alice) => call('GET', `/posts?${query}`, token);

/** The HTTP call of each review action, with a body it accepts. */
const ACTIONS: Record<PostAction, (id: string, token?: string) => ReturnType<typeof call>> = {
  approve: (id, token) => call('POST', `/posts/${id}/approve`, token, { notes: 'Looks good' }),
  reject: (id, token) => call('POST', `/posts/${id}/reject`, token, { reason: 'Off brand' }),
  edit: (id, token) => call('POST', `/posts/${id}/update`, token, { content: 'Edited text' }),
  clear: (id, token) => call('POST', `/posts/${id}/clear`, token),
  retry: (id, token) => call('POST', `/posts/${id}/retry`, token),
  delete: (id, token) => call('DELETE', `/posts/${id}`, token),
};

/** The events this service wrote about one post, oldest first. */
async function eventsOf(postId: string): Promise<Array<{ subject: string; data: Record<string, unknown> }>> {
  const rows = await h.ctx.dataSource
    .getRepository(OutboxEvent)
    .createQueryBuilder('e')
    .where(`e.envelope->'data'->>'postId' = :postId`, { postId })
    .orderBy('e.created_at', 'ASC')
    .getMany();
  return rows.map((row) => ({ subject: row.subject, data: row.envelope.data as Record<string, unknown> }));
}

const stored = (id: string) => h.ctx.dataSource.getRepository(Post).findOne({ where: { id }, withDeleted: true });

describe('GET /posts (the review list)', () => {
  let organizationId: string;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    organizationId = await h.addOrganization(users.alice);
    const add = (name: string, post: Partial<Post> & { deleted?: boolean }) =>
      alicePost({ organizationId, ...post }).then((id) => {
        ids[name] = id;
      });
    await add('pendingSoon', { status: 'pending_review', scheduledTime: at(2 * hour) });
    await add('pendingLater', { status: 'pending_review', scheduledTime: at(48 * hour) });
    await add('pendingUnscheduled', { status: 'pending_review', scheduledTime: null });
    await add('approved', { status: 'approved', scheduledTime: at(hour) });
    await add('rejected', { status: 'rejected' });
    await add('published', { status: 'published', scheduledTime: at(-hour) });
    await add('failed', { status: 'failed' });
    await add('deleted', { status: 'pending_review', deleted: true });
    // Created a day ago without a time: placed by its creation, after the ones due from now on.
    await h.ctx.dataSource.getRepository(Post).update(ids.pendingUnscheduled!, { createdAt: at(-24 * hour) });
  });

  it('lists pending review by default, newest scheduled first, an unscheduled post by its creation time; deleted ones never', async () => {
    const res = await list(`organization_id=${organizationId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.posts.map((p: { id: string }) => p.id)).toEqual([ids.pendingLater, ids.pendingSoon, ids.pendingUnscheduled]);
    expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
    expect(body.message).toBeUndefined();
    expect(body.posts[0]).toMatchObject({ organization_id: organizationId, status: 'pending_review', platforms: 'X,LinkedIn', version: 1 });
  });

  it('filters by each status; all lists every post not deleted', async () => {
    const expected: Record<string, string[]> = {
      approved: [ids.approved!],
      rejected: [ids.rejected!],
      published: [ids.published!],
      failed: [ids.failed!],
    };
    for (const [status, posts] of Object.entries(expected)) {
      const body = (await list(`organization_id=${organizationId}&status=${status}`)).json();
      expect(body.posts.map((p: { id: string }) => p.id), status).toEqual(posts);
    }
    const all = (await list(`organization_id=${organizationId}&status=all`)).json();
    expect(all.pagination.total).toBe(7);
    expect(all.posts.map((p: { id: string }) => p.id)).not.toContain(ids.deleted);
  });

  it('pages: per_page and page cut the same order', async () => {
    const first = (await list(`organization_id=${organizationId}&status=all&per_page=3`)).json();
    const second = (await list(`organization_id=${organizationId}&status=all&per_page=3&page=2`)).json();
    const whole = (await list(`organization_id=${organizationId}&status=all`)).json();
    expect([...first.posts, ...second.posts].map((p: { id: string }) => p.id)).toEqual(whole.posts.slice(0, 6).map((p: { id: string }) => p.id));
    expect(second.pagination).toEqual({ page: 2, per_page: 3, total: 7, total_pages: 3 });
  });

  it('an empty filter answers the spec’s empty-list text on one empty page', async () => {
    const empty = await h.addOrganization(users.alice);
    const body = (await list(`organization_id=${empty}`)).json();
    expect(body).toEqual({ posts: [], pagination: { page: 1, per_page: 20, total: 0, total_pages: 1 }, message: PostMessages.noPostsForStatus });
  });

  it('refuses bad queries with 400 and their message', async () => {
    const cases: Array<[string, string]> = [
      [`organization_id=${organizationId}&status=draft`, PostMessages.unknownStatusFilter],
      ['status=pending', OrganizationMessages.noOrganizationSelected],
      ['organization_id=not-an-id', OrganizationMessages.noOrganizationSelected],
      [`organization_id=${organizationId}&page=0`, PostMessages.invalidPage],
      [`organization_id=${organizationId}&per_page=101`, PostMessages.invalidPageSize],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect([res.statusCode, res.json().message], query).toEqual([400, message]);
    }
  });

  it('asks for a login', async () => {
    const res = await h.api.send({ method: 'GET', url: `/posts?organization_id=${organizationId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /posts/{id}', () => {
  it('answers the post as the API shows it', async () => {
    const id = await alicePost({ reviewNotes: 'ok' });
    const res = await call('GET', `/posts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, organization_id: orgs.alice, status: 'pending_review', platforms: 'X,LinkedIn', content: 'Spring sale', review_notes: 'ok' });
  });

  it('a deleted post, an unknown id and a malformed one are 404', async () => {
    const deleted = await alicePost({ deleted: true });
    for (const id of [deleted, randomUUID(), 'nope']) expect((await call('GET', `/posts/${id}`)).statusCode, id).toBe(404);
  });
});

describe('the transitions table over HTTP (part 2 §4 with failed)', () => {
  /** A post in `status` as it would stand there: a failed one went out on X and failed on LinkedIn. */
  const postIn = (status: PostStatus) =>
    alicePost({
      status,
      publications:
        status === 'failed'
          ? { x: outcome('published', { link: 'https://x.com/acme/status/1' }), linkedin: outcome('failed', { reason: 'Token expired' }) }
          : status === 'approved'
            ? { x: outcome('queued'), linkedin: outcome('queued') }
            : {},
    });

  for (const status of POST_STATUSES) {
    for (const action of Object.keys(ACTIONS) as PostAction[]) {
      const step = transition(status, action);
      it(`${status} + ${action} → ${step.allowed ? step.next : '409'}`, async () => {
        const id = await postIn(status);
        const res = await ACTIONS[action](id);
        if (!step.allowed) {
          expect([res.statusCode, res.json().message]).toEqual([409, step.message]);
          expect((await stored(id))!.status).toBe(status);
          expect(await eventsOf(id)).toEqual([]);
          return;
        }
        expect(res.statusCode).toBe(200);
        if (action === 'delete') {
          expect(res.json()).toEqual({ message: PostMessages.deleted });
          expect((await stored(id))!.deletedAt).not.toBeNull();
        } else {
          expect(res.json().post.status).toBe(step.next);
          expect((await stored(id))!.status).toBe(step.next);
        }
      });
    }
  }
});

describe('approve', () => {
  it('answers the spec’s message, keeps the notes and asks for publishing at the scheduled time', async () => {
    const due = at(2 * hour);
    const id = await alicePost({ scheduledTime: due });
    const res = await call('POST', `/posts/${id}/approve`, tokens.alice, { notes: '  Ship it  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: PostMessages.approved, post: { status: 'approved', review_notes: 'Ship it' } });
    expect(res.json().post.publications).toMatchObject({ x: { status: 'queued' }, linkedin: { status: 'queued' } });
    expect(await eventsOf(id)).toEqual([
      {
        subject: 'posts.post.publish_requested',
        data: { postId: id, organizationId: orgs.alice, version: 1, platforms: ['x', 'linkedin'], dueAt: due.toISOString() },
      },
    ]);
  });

  it('publishes now when the post has no time or its time has passed; notes are optional', async () => {
    for (const scheduledTime of [null, at(-hour)]) {
      const id = await alicePost({ scheduledTime });
      const res = await call('POST', `/posts/${id}/approve`);
      expect(res.statusCode).toBe(200);
      expect(res.json().post.review_notes).toBeNull();
      expect((await eventsOf(id)).map((e) => e.data.dueAt)).toEqual([null]);
    }
  });

  it('a post that could not go out is refused with the post form’s messages', async () => {
    const cases: Array<[Partial<Post>, string]> = [
      [{ platforms: [] }, PostMessages.selectPlatform],
      [{ content: '  ' }, PostMessages.addText],
      [{ mediaType: 'image', mediaPaths: [] }, PostMessages.addMedia('image')],
    ];
    for (const [post, message] of cases) {
      const id = await alicePost(post);
      const res = await call('POST', `/posts/${id}/approve`);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
      expect((await stored(id))!.status).toBe('pending_review');
      expect(await eventsOf(id)).toEqual([]);
    }
  });

  it('two approvals at once ask for publishing once', async () => {
    const id = await alicePost();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/posts/${id}/approve`)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect((await eventsOf(id)).map((e) => e.subject)).toEqual(['posts.post.publish_requested']);
  });
});

describe('reject, clear and delete', () => {
  it('reject needs a reason, in the spec’s words; blank is none', async () => {
    const id = await alicePost();
    for (const payload of [{}, { reason: '   ' }, { reason: null }]) {
      const res = await call('POST', `/posts/${id}/reject`, tokens.alice, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, PostMessages.rejectReasonRequired]);
    }
    const bare = await h.api.send({ method: 'POST', url: `/posts/${id}/reject`, headers: bearer(tokens.alice) });
    expect([bare.statusCode, bare.json().message]).toEqual([400, PostMessages.rejectReasonRequired]);
    expect((await stored(id))!.status).toBe('pending_review');
  });

  it('rejecting an approved post keeps the reason and withdraws its publishing', async () => {
    const id = await alicePost();
    await call('POST', `/posts/${id}/approve`);
    const res = await call('POST', `/posts/${id}/reject`, tokens.alice, { reason: 'Wrong price' });
    expect(res.json()).toMatchObject({ message: PostMessages.rejected, post: { status: 'rejected', review_notes: 'Wrong price', publications: {} } });
    expect((await eventsOf(id)).map((e) => [e.subject, e.data.version])).toEqual([
      ['posts.post.publish_requested', 1],
      ['posts.post.publish_withdrawn', 1],
    ]);
  });

  it('rejecting a post nothing was asked for writes no event', async () => {
    const id = await alicePost();
    expect((await call('POST', `/posts/${id}/reject`, tokens.alice, { reason: 'No' })).statusCode).toBe(200);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('clear sends an approved post back to review without its notes and withdraws its publishing', async () => {
    const id = await alicePost();
    await call('POST', `/posts/${id}/approve`, tokens.alice, { notes: 'fine' });
    const res = await call('POST', `/posts/${id}/clear`);
    expect(res.json()).toMatchObject({ message: PostMessages.sentBackToReview, post: { status: 'pending_review', review_notes: null, publications: {} } });
    expect((await eventsOf(id)).map((e) => e.subject)).toEqual(['posts.post.publish_requested', 'posts.post.publish_withdrawn']);
    // Approved again, it is asked for again.
    await call('POST', `/posts/${id}/approve`);
    expect((await eventsOf(id)).map((e) => e.subject)).toHaveLength(3);
  });

  it('delete keeps the row for statistics, takes it out of every read and withdraws its publishing', async () => {
    const id = await alicePost();
    await call('POST', `/posts/${id}/approve`);
    const res = await call('DELETE', `/posts/${id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { message: PostMessages.deleted }]);
    expect((await stored(id))!.deletedAt).not.toBeNull();
    expect((await call('GET', `/posts/${id}`)).statusCode).toBe(404);
    expect((await list(`organization_id=${orgs.alice}&status=all&per_page=100`)).json().posts.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await eventsOf(id)).map((e) => e.subject)).toEqual(['posts.post.publish_requested', 'posts.post.publish_withdrawn']);
    expect((await call('DELETE', `/posts/${id}`)).statusCode).toBe(404);
  });
});

describe('POST /posts/{id}/update', () => {
  const update = (id: string, payload: object) => call('POST', `/posts/${id}/update`, tokens.alice, payload);

  it('changes the fields sent, normalises platform names and makes a new version', async () => {
    const id = await alicePost();
    const due = '2031-05-01T09:30:00+02:00';
    // JPEGs: Instagram takes no other images.
    const [a, b] = [await h.addMedia(orgs.alice, { mime: 'image/jpeg' }), await h.addMedia(orgs.alice, { mime: 'image/jpeg' })];
    const res = await update(id, {
      content: 'New text',
      platforms: ['twitter', ' INSTAGRAM', 'x'],
      media_type: 'image',
      // A key, and a media URL as the API hands them out: both name the organization's media.
      media_paths: `${a}, /api/media/${b}`,
      scheduled_time: due,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PostMessages.postUpdated,
      post: { content: 'New text', platforms: 'X,Instagram', media_type: 'image', media_paths: `${a},${b}`, scheduled_time: new Date(due).toISOString(), version: 2 },
    });
    // A pending post is not being published: nothing to tell the scheduler.
    expect(await eventsOf(id)).toEqual([]);
  });

  it('reads the time picker\'s time without an offset in the organization\'s time zone, as schedule for later does', async () => {
    const organizationId = await h.addOrganization(users.alice, { timezone: 'America/New_York' });
    const id = await alicePost({ organizationId });
    // 09:30 in New York: EDT (UTC-4) in July, EST (UTC-5) in January.
    const summer = await update(id, { scheduled_time: '2031-07-01T09:30' });
    expect([summer.statusCode, summer.json().post?.scheduled_time]).toEqual([200, '2031-07-01T13:30:00.000Z']);
    const winter = await update(id, { scheduled_time: '2031-01-15T09:30' });
    expect(winter.json().post.scheduled_time).toBe('2031-01-15T14:30:00.000Z');
    // A time with its offset means that instant, whatever the zone.
    const offset = await update(id, { scheduled_time: '2031-07-01T09:30:00+02:00' });
    expect(offset.json().post.scheduled_time).toBe('2031-07-01T07:30:00.000Z');
    expect((await stored(id))!.scheduledTime).toEqual(new Date('2031-07-01T07:30:00Z'));
  });

  it('the same values again are no new version', async () => {
    const id = await alicePost();
    const res = await update(id, { content: 'Spring sale', platforms: ['X', 'LinkedIn'] });
    expect(res.json().post.version).toBe(1);
  });

  it('an approved post waiting to go out is asked for again as the new version, at its time', async () => {
    const id = await alicePost();
    await call('POST', `/posts/${id}/approve`);
    const due = at(5 * hour);
    const res = await update(id, { content: 'Better text', scheduled_time: due.toISOString(), platforms: ['LinkedIn'] });
    expect(res.json().post).toMatchObject({ status: 'approved', version: 2, publications: { linkedin: { status: 'queued' } } });
    expect(Object.keys(res.json().post.publications)).toEqual(['linkedin']);
    expect((await eventsOf(id)).at(-1)).toEqual({
      subject: 'posts.post.publish_requested',
      data: { postId: id, organizationId: orgs.alice, version: 2, platforms: ['linkedin'], dueAt: due.toISOString() },
    });
  });

  it('keeps the original request in step with the form', async () => {
    const id = await alicePost();
    const res = await update(id, { business_name: 'Acme', tone: 'formal', character_limit: 280, target_character_count: 200, platforms: ['X'] });
    expect(res.json().post.original_request).toMatchObject({ business_name: 'Acme', tone: 'formal', character_limit: 280, target_character_count: 200, platforms: ['X'] });
    const lowered = await update(id, { character_limit: 100 });
    expect([lowered.statusCode, lowered.json().message]).toEqual([400, PostMessages.limitBelowTarget]);
    const raised = await update(id, { target_character_count: 300 });
    expect([raised.statusCode, raised.json().message]).toEqual([400, PostMessages.targetExceedsLimit]);
  });

  it('refuses bad input with 400 in the spec’s words, changing nothing', async () => {
    const id = await alicePost();
    const cases: Array<[object, string]> = [
      [{ platforms: ['X', 'MySpace'] }, PostMessages.unknownPlatform('MySpace')],
      [{ platforms: [] }, PostMessages.selectPlatform],
      [{ content: '' }, PostMessages.addText],
      [{ media_type: 'video' }, PostMessages.addMedia('video')],
      [{ media_type: 'gif' }, PostMessages.invalidMediaType],
      [{ scheduled_time: 'next Monday' }, PostMessages.scheduledTimeInvalid],
      [{ scheduled_time: '2031-02-30T09:30' }, PostMessages.scheduledTimeInvalid],
      [{ tone: 'grumpy' }, OrganizationMessages.unknownOption('tone')],
      [{ character_limit: 0 }, OrganizationMessages.characterRange('Character limit')],
    ];
    for (const [payload, message] of cases) {
      const res = await update(id, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect((await stored(id))!).toMatchObject({ version: 1, content: 'Spring sale', platforms: ['X', 'LinkedIn'] });
  });

  it('another organization’s id in the body is a 404', async () => {
    const id = await alicePost();
    expect((await update(id, { organization_id: orgs.bob, content: 'x' })).statusCode).toBe(404);
  });

  it('an auto-schedule of another organization is refused as unknown (404, as none at all); one of the post’s organization is kept', async () => {
    const id = await alicePost();
    const [aliceSchedule, bobSchedule] = await Promise.all([h.addSchedule(orgs.alice), h.addSchedule(orgs.bob)]);
    for (const scheduleId of [bobSchedule, randomUUID()]) {
      const res = await update(id, { auto_schedule_id: scheduleId, content: 'Moved' });
      expect([res.statusCode, res.json().message], scheduleId).toEqual([404, SharedMessages.notFound]);
    }
    expect(await stored(id)).toMatchObject({ autoScheduleId: null, content: 'Spring sale' });
    const own = await update(id, { auto_schedule_id: aliceSchedule });
    expect([own.statusCode, own.json().post?.auto_schedule_id]).toEqual([200, aliceSchedule]);
    // The post's own reference sent back with an edit, as the form does, is no new one.
    expect((await update(id, { auto_schedule_id: aliceSchedule, content: 'Edited' })).json().post).toMatchObject({ auto_schedule_id: aliceSchedule, content: 'Edited' });
    expect((await update(id, { auto_schedule_id: null })).json().post.auto_schedule_id).toBeNull();
  });
});

describe('outcomes and Retry', () => {
  it('a post is failed with each platform’s reason; Retry asks again, as the same version, only where it failed, the link stays', async () => {
    const id = await alicePost({ scheduledTime: null });
    await call('POST', `/posts/${id}/approve`);
    const ref = { postId: id, organizationId: orgs.alice, version: 1 };
    await publishEvent(h.ctx, 'scheduler.post.published', {
      ...ref,
      platform: 'x',
      link: 'https://x.com/acme/status/1',
      platformPostId: '1',
      publishedAt: new Date().toISOString(),
    });
    await publishEvent(h.ctx, 'scheduler.post.publish_failed', { ...ref, platform: 'linkedin', reason: 'The access token has expired.' });
    const failed = await waitFor(
      async () => (await call('GET', `/posts/${id}`)).json(),
      (post) => post.status === 'failed' && post.publications.x?.status === 'published',
    );
    expect(failed.publications.linkedin).toMatchObject({ status: 'failed', reason: 'The access token has expired.' });
    expect(failed.posted_links).toEqual(['https://x.com/acme/status/1']);
    expect((await list(`organization_id=${orgs.alice}&status=failed&per_page=100`)).json().posts.map((p: { id: string }) => p.id)).toContain(id);

    const retried = await call('POST', `/posts/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      message: PostMessages.retryQueued,
      post: { status: 'approved', version: 1, publications: { x: { status: 'published', link: 'https://x.com/acme/status/1' }, linkedin: { status: 'queued', reason: null } } },
    });
    expect((await eventsOf(id)).at(-1)).toEqual({
      subject: 'posts.post.publish_requested',
      data: { ...ref, platforms: ['linkedin'], dueAt: null },
    });

    await publishEvent(h.ctx, 'scheduler.post.published', {
      ...ref,
      platform: 'linkedin',
      link: 'https://www.linkedin.com/feed/update/2',
      platformPostId: '2',
      publishedAt: new Date().toISOString(),
    });
    const published = await waitFor(
      async () => (await call('GET', `/posts/${id}`)).json(),
      (post) => post.status === 'published',
    );
    expect(published.posted_links).toEqual(['https://www.linkedin.com/feed/update/2', 'https://x.com/acme/status/1']);
  });
});

describe('outcomes in a burst', () => {
  it('records every outcome of several posts’ platforms arriving at once, each post published with all its links', async () => {
    const platforms = ['x', 'linkedin', 'telegram'] as const;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await alicePost({ platforms: ['X', 'LinkedIn', 'Telegram'], scheduledTime: null });
      await call('POST', `/posts/${id}/approve`);
      ids.push(id);
    }
    await Promise.all(
      ids.flatMap((postId) =>
        platforms.map((platform) =>
          publishEvent(h.ctx, 'scheduler.post.published', {
            postId,
            organizationId: orgs.alice,
            version: 1,
            platform,
            link: `https://${platform}.example/${postId}`,
            platformPostId: '1',
            publishedAt: new Date().toISOString(),
          }),
        ),
      ),
    );
    for (const id of ids) {
      const post = await waitFor(async () => (await call('GET', `/posts/${id}`)).json(), (found) => found.status === 'published', 20_000);
      expect(post.posted_links).toEqual(platforms.map((platform) => `https://${platform}.example/${id}`).sort());
    }
  });
});

describe('Retry on the scheduler’s publications', () => {
  type Row = { version: number; platform: string; state: string; cycle: number };
  /** The scheduler's publications of a post (its process takes posts' requests), once it has taken every request sent. */
  async function schedulerRows(postId: string): Promise<Row[]> {
    await untilOutboxSent(h.ctx);
    await untilConsumerIdle(h.ctx, { durable: 'scheduler', subject: 'posts.post.publish_requested' });
    return h.ctx.dataSource.query(`SELECT version, platform, state, cycle FROM "${h.ctx.id}_scheduler".publications WHERE post_id = $1 ORDER BY platform, version`, [postId]);
  }
  /** A platform's publication as the scheduler's worker leaves it (its process here publishes nothing), with its event unless `silent`. */
  async function settle(ref: { postId: string; organizationId: string; version: number }, platform: ConnectionPlatform, state: 'published' | 'failed' | 'in_doubt', silent = false) {
    await h.ctx.dataSource.query(`UPDATE "${h.ctx.id}_scheduler".publications SET state = $3 WHERE post_id = $1 AND platform = $2 AND version = $4`, [ref.postId, platform, state, ref.version]);
    if (silent) return;
    if (state === 'published') {
      const link = `https://${platform}.example/${ref.postId}`;
      await publishEvent(h.ctx, 'scheduler.post.published', { ...ref, platform, link, platformPostId: '1', publishedAt: new Date().toISOString() });
    } else {
      await publishEvent(h.ctx, state === 'failed' ? 'scheduler.post.publish_failed' : 'scheduler.post.publish_in_doubt', { ...ref, platform, reason: `${platform} said no` });
    }
  }
  const postOnce = (id: string, accept: (post: { status: string; publications: Record<string, PlatformOutcome> }) => boolean) =>
    waitFor(async () => (await call('GET', `/posts/${id}`)).json(), accept);
  const requests = async (id: string) => (await eventsOf(id)).filter((event) => event.subject === 'posts.post.publish_requested').map((event) => event.data);
  const retry = (id: string, payload?: object) => call('POST', `/posts/${id}/retry`, tokens.alice, payload);

  it('retries only the platforms chosen, each failed or in doubt, on the same publications; another choice is a 400 that changes nothing', async () => {
    const id = await alicePost({ platforms: ['X', 'LinkedIn', 'Telegram'], scheduledTime: null });
    await call('POST', `/posts/${id}/approve`);
    const ref = { postId: id, organizationId: orgs.alice, version: 1 };
    expect((await schedulerRows(id)).map((row) => row.state)).toEqual(['queued', 'queued', 'queued']);
    await settle(ref, 'telegram', 'published');
    await settle(ref, 'x', 'failed');
    await settle(ref, 'linkedin', 'in_doubt');
    await postOnce(id, (post) => post.status === 'failed' && Object.values(post.publications).every((outcome) => outcome.status !== 'queued'));
    const before = await stored(id);
    const asked = await requests(id);

    const refused: Array<[unknown, string]> = [
      [{ platforms: [] }, PostMessages.retryPlatformsRequired],
      [{ platforms: 'x' }, PostMessages.retryPlatformsRequired],
      [{ platforms: [42] }, PostMessages.retryPlatformsRequired],
      [{ platforms: ['MySpace'] }, PostMessages.unknownPlatform('MySpace')],
      [{ platforms: ['telegram'] }, PostMessages.retryNotFailed('Telegram')],
      [{ platforms: ['Facebook'] }, PostMessages.retryNotFailed('Facebook')],
      [{ platforms: ['x', 'Telegram'] }, PostMessages.retryNotFailed('Telegram')],
    ];
    for (const [payload, message] of refused) {
      const res = await retry(id, payload as object);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect(await stored(id)).toEqual(before);
    expect(await requests(id)).toEqual(asked);

    // Two clicks at once: the row lock lets one through; the other finds X queued, not failed.
    const [first, second] = await Promise.all([retry(id, { platforms: ['X'] }), retry(id, { platforms: ['twitter'] })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const answer = (first.statusCode === 200 ? first : second).json();
    expect([first, second].find((res) => res.statusCode === 400)!.json().message).toBe(PostMessages.retryNotFailed('X'));
    // LinkedIn is still in doubt: the post stays failed, and the message names what was tried again.
    expect(answer).toMatchObject({
      message: PostMessages.retryQueuedOn('X'),
      post: { status: 'failed', version: 1, publications: { x: { status: 'queued' }, linkedin: { status: 'in_doubt' }, telegram: { status: 'published' } } },
    });
    expect(await requests(id)).toEqual([...asked, { ...ref, platforms: ['x'], dueAt: null }]);
    // The scheduler queued X's publication again (a new cycle); Telegram's stays published, and no second version exists.
    expect(await schedulerRows(id)).toEqual([
      { version: 1, platform: 'linkedin', state: 'in_doubt', cycle: 0 },
      { version: 1, platform: 'telegram', state: 'published', cycle: 0 },
      { version: 1, platform: 'x', state: 'queued', cycle: 1 },
    ]);

    const last = await retry(id, { platforms: ['LinkedIn'] });
    expect(last.json()).toMatchObject({ message: PostMessages.retryQueued, post: { status: 'approved', publications: { linkedin: { status: 'queued' } } } });
    await settle(ref, 'x', 'published');
    await settle(ref, 'linkedin', 'published');
    const published = await postOnce(id, (post) => post.status === 'published');
    expect(Object.keys(published.publications).sort()).toEqual(['linkedin', 'telegram', 'x']);
    // Telegram was asked for once, by the approval; X and LinkedIn once more each, by their Retry.
    expect((await requests(id)).map((request) => request.platforms)).toEqual([['x', 'linkedin', 'telegram'], ['x'], ['linkedin']]);
  });

  it('without a body, retries every platform not out, as the same version: one published while its outcome is on its way is not published again', async () => {
    const id = await alicePost({ scheduledTime: null });
    await call('POST', `/posts/${id}/approve`);
    const ref = { postId: id, organizationId: orgs.alice, version: 1 };
    await schedulerRows(id);
    // LinkedIn went out, but its event has not reached this service: here it is still queued.
    await settle(ref, 'linkedin', 'published', true);
    await settle(ref, 'x', 'failed');
    await postOnce(id, (post) => post.status === 'failed');

    const res = await retry(id);
    expect(res.json()).toMatchObject({ message: PostMessages.retryQueued, post: { status: 'approved', version: 1 } });
    expect((await requests(id)).at(-1)).toEqual({ ...ref, platforms: ['x', 'linkedin'], dueAt: null });
    // The scheduler keeps LinkedIn's publication as it is (a new version would have been a second one, published again).
    expect(await schedulerRows(id)).toEqual([
      { version: 1, platform: 'linkedin', state: 'published', cycle: 0 },
      { version: 1, platform: 'x', state: 'queued', cycle: 1 },
    ]);
  });
});

describe('tenant isolation and inactive organizations', () => {
  it('another user’s post ids and organization ids are 404 on every route, and nothing changes', async () => {
    const id = await alicePost();
    await call('POST', `/posts/${id}/approve`);
    const before = await stored(id);
    const events = await eventsOf(id);
    for (const [action, send] of Object.entries(ACTIONS)) expect((await send(id, tokens.bob)).statusCode, action).toBe(404);
    expect((await call('GET', `/posts/${id}`, tokens.bob)).statusCode).toBe(404);
    expect((await list(`organization_id=${orgs.alice}`, tokens.bob)).statusCode).toBe(404);
    expect(await stored(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual(events);
  });

  it('an inactive organization’s posts can be read, not changed', async () => {
    const id = await alicePost({ organizationId: orgs.aliceInactive });
    expect((await call('GET', `/posts/${id}`)).statusCode).toBe(200);
    expect((await list(`organization_id=${orgs.aliceInactive}`)).json().posts).toHaveLength(1);
    for (const [action, send] of Object.entries(ACTIONS)) {
      const res = await send(id);
      expect([res.statusCode, res.json().message], action).toEqual([403, OrganizationMessages.inactive]);
    }
    expect((await stored(id))!.deletedAt).toBeNull();
  });
});

describe('a deleted account (auth.user.deleted)', () => {
  it('its id leaves the posts it edited in organizations it did not own; the posts stay', async () => {
    const editor = randomUUID();
    const id = await alicePost({ createdBy: editor });
    const own = await alicePost({ createdBy: users.alice });
    await publishEvent(h.ctx, 'auth.user.deleted', { userId: editor, email: 'editor@example.com' });
    await untilConsumerIdle(h.ctx, { durable: 'posts', subject: 'auth.user.deleted' });
    expect(await stored(id)).toMatchObject({ createdBy: null, deletedAt: null });
    expect((await stored(own))!.createdBy).toBe(users.alice);
  });
});
