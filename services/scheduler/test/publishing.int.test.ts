import { describe, expect, it } from 'vitest';
import { PublishingMessages } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { metricValue, publishEvent, scrapeMetrics, untilQueueIdle, waitFor, type Sample } from '@planner/service-kit/testing';
import { sweepPublications } from '../src/commands/publication-sweep.js';
import { publishQueue } from '../src/commands/publish-queue.js';
import { publishJobId } from '../src/domain/publishing.js';
import { PublicationAttempt } from '../src/entities/publication-attempt.entity.js';
import { Publication } from '../src/entities/publication.entity.js';
import { SandboxPost } from '../src/entities/sandbox-post.entity.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

// Jobs run well ahead here, so a withdrawal or a new time can reach a publication being prepared.
const h = usePublishing(() => ({ platforms: acceptingPlatforms(), env: { PUBLISH_AHEAD_MS: '3000' } }));

const request = (postId: string, organizationId: string, extra: { version?: number; platforms?: Array<'x' | 'linkedin' | 'telegram'>; dueAt?: string | null } = {}) =>
  ({ postId, organizationId, version: extra.version ?? 1, platforms: extra.platforms ?? ['x'], dueAt: extra.dueAt ?? null }) as const;

const publicationsOf = (postId: string) => h.ctx.dataSource.getRepository(Publication).find({ where: { postId }, order: { platform: 'ASC', version: 'ASC' } });
const settledOf = (postId: string, count = 1) =>
  waitFor(
    () => publicationsOf(postId),
    (rows) => rows.length >= count && rows.every((row) => row.state !== 'queued' && row.state !== 'publishing'),
    20_000,
  );
const feedOf = (postId: string) => h.ctx.dataSource.getRepository(SandboxPost).find({ where: {}, order: { createdAt: 'ASC' } }).then((rows) => rows.filter((row) => row.key.startsWith(postId)));
const eventsOf = async (postId: string) =>
  (await h.ctx.dataSource.getRepository(OutboxEvent).find({ order: { createdAt: 'ASC' } })).filter((event) => (event.envelope.data as { postId?: string }).postId === postId);
const postRow = async (postId: string) =>
  (await h.ctx.dataSource.query<Array<{ status: string; publications: Record<string, { status: string; link: string | null; reason: string | null }> }>>(
    `SELECT status, publications FROM ${h.table('posts', 'posts')} WHERE id = $1`,
    [postId],
  ))[0]!;

describe('publishing through a Sandbox connection', () => {
  it('publishes a post once to the Sandbox feed, with a link, an attempt on record, and the outcome at the posts service', async () => {
    const organizationId = await h.addOrganization();
    const postId = await h.addPost(organizationId, { platforms: ['X', 'LinkedIn'] });
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(postId, organizationId, { platforms: ['x', 'linkedin'] }));

    const rows = await settledOf(postId, 2);
    expect(rows.map((row) => [row.platform, row.state, row.sandbox])).toEqual([
      ['linkedin', 'published', true],
      ['x', 'published', true],
    ]);
    const feed = await feedOf(postId);
    expect(feed.map((post) => [post.platform, post.text])).toEqual(
      expect.arrayContaining([
        ['x', 'Hello from the sandbox'],
        ['linkedin', 'Hello from the sandbox'],
      ]),
    );
    expect(feed).toHaveLength(2);
    const x = rows.find((row) => row.platform === 'x')!;
    expect(x.link).toBe(`http://localhost:8080/api/sandbox/posts/${x.platformPostId}`);

    const attempts = await h.ctx.dataSource.getRepository(PublicationAttempt).findBy({ publicationId: x.id });
    expect(attempts.map((attempt) => [attempt.number, attempt.outcome])).toEqual([[1, 'published']]);
    expect(attempts[0]!.finishedAt).not.toBeNull();

    // The browsable page says it is Sandbox.
    const page = await fetch(`${h.url}/sandbox/posts/${x.platformPostId}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Sandbox');

    // The posts service took the outcomes: published on both, with the links. The row was made by the test
    // without the posts service's queued marks, so the first outcome alone already reads as published: wait for both.
    await waitFor(() => postRow(postId), (post) => post.status === 'published' && Object.keys(post.publications).length === 2, 20_000);
    expect((await postRow(postId)).publications.x).toMatchObject({ status: 'published', link: x.link });
  });

  it('publishes once when the same request arrives twice, as a redelivery and as a second event', async () => {
    const organizationId = await h.addOrganization();
    const postId = await h.addPost(organizationId);
    const first = await publishEvent(h.ctx, 'posts.post.publish_requested', request(postId, organizationId));
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(postId, organizationId), { eventId: first.eventId });
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(postId, organizationId));

    await settledOf(postId);
    // The second event re-queued nothing published; wait out anything it could have queued.
    await untilQueueIdle(publishQueue(h.ctx));
    expect(await feedOf(postId)).toHaveLength(1);
    expect((await publicationsOf(postId)).map((row) => [row.state, row.attempts])).toEqual([['published', 1]]);
    expect((await eventsOf(postId)).map((event) => event.subject)).toEqual(['scheduler.post.published']);
  });

  it('does not publish a post withdrawn before its time, nor one no longer approved or changed since', async () => {
    const organizationId = await h.addOrganization();
    const later = await h.addPost(organizationId);
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(later, organizationId, { dueAt: new Date(Date.now() + 1500).toISOString() }));
    await waitFor(() => publicationsOf(later), (rows) => rows.length === 1);
    await publishEvent(h.ctx, 'posts.post.publish_withdrawn', { postId: later, organizationId, version: 1 });
    await waitFor(() => publicationsOf(later), (rows) => rows[0]?.state === 'withdrawn');

    const rejected = await h.addPost(organizationId, { status: 'rejected' });
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(rejected, organizationId));
    const edited = await h.addPost(organizationId, { version: 2 });
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(edited, organizationId, { version: 1 }));

    expect((await settledOf(rejected))[0]).toMatchObject({ state: 'withdrawn', reason: PublishingMessages.notApproved });
    expect((await settledOf(edited))[0]).toMatchObject({ state: 'withdrawn', reason: PublishingMessages.superseded });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await publicationsOf(later))[0]!.state).toBe('withdrawn');
    for (const postId of [later, rejected, edited]) expect(await feedOf(postId)).toEqual([]);
  });

  it('stops a publication being prepared ahead of its time when the post is withdrawn, and moves it when given a new time', async () => {
    const organizationId = await h.addOrganization();
    const soon = () => new Date(Date.now() + h.ctx.config.PUBLISH_AHEAD_MS - 500).toISOString();
    const preparing = (postId: string) => waitFor(() => publicationsOf(postId), (rows) => rows[0]?.state === 'publishing', 5000);

    const withdrawn = await h.addPost(organizationId);
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(withdrawn, organizationId, { dueAt: soon() }));
    await preparing(withdrawn);
    await publishEvent(h.ctx, 'posts.post.publish_withdrawn', { postId: withdrawn, organizationId, version: 1 });
    await waitFor(() => publicationsOf(withdrawn), (rows) => rows[0]?.state === 'withdrawn');

    const moved = await h.addPost(organizationId);
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(moved, organizationId, { dueAt: soon() }));
    await preparing(moved);
    const newTime = new Date(Date.now() + 4000);
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(moved, organizationId, { dueAt: newTime.toISOString() }));
    const [published] = await settledOf(moved);
    expect(published).toMatchObject({ state: 'published', cycle: 1 });
    expect(published!.publishedAt!.getTime()).toBeGreaterThanOrEqual(newTime.getTime());

    await untilQueueIdle(publishQueue(h.ctx));
    expect(await feedOf(withdrawn)).toEqual([]);
    expect(await feedOf(moved)).toHaveLength(1);
    const outcomes = async (postId: string) => {
      const [row] = await publicationsOf(postId);
      return (await h.ctx.dataSource.getRepository(PublicationAttempt).find({ where: { publicationId: row!.id }, order: { number: 'ASC' } })).map((attempt) => [attempt.number, attempt.outcome]);
    };
    expect(await outcomes(withdrawn)).toEqual([[1, 'withdrawn']]);
    expect(await outcomes(moved)).toEqual([
      [1, 'withdrawn'],
      [2, 'published'],
    ]);
  });

  it('fails for good, with the reason at the posts service, when the organization is inactive or the platform not connected', async () => {
    const inactive = await h.addOrganization({ isActive: false });
    const inactivePost = await h.addPost(inactive);
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(inactivePost, inactive));
    expect((await settledOf(inactivePost))[0]).toMatchObject({ state: 'failed', reason: PublishingMessages.organizationInactive });

    const unconnected = await h.addOrganization({ sandboxPlatforms: [] });
    const unconnectedPost = await h.addPost(unconnected);
    await publishEvent(h.ctx, 'posts.post.publish_requested', request(unconnectedPost, unconnected));
    expect((await settledOf(unconnectedPost))[0]).toMatchObject({ state: 'failed', reason: 'X is not connected.' });

    await waitFor(() => postRow(unconnectedPost), (post) => post.status === 'failed', 20_000);
    expect((await postRow(unconnectedPost)).publications.x).toMatchObject({ status: 'failed', reason: 'X is not connected.' });
  });

  it('the sweep queues again a publication whose job was lost, and says it missed its time', async () => {
    const organizationId = await h.addOrganization();
    const postId = await h.addPost(organizationId);
    const past = new Date(Date.now() - 120_000);
    // As if the request was recorded but Redis lost the job (or the process died before adding it).
    await h.ctx.dataSource.getRepository(Publication).insert({ postId, organizationId, version: 1, platform: 'x', state: 'queued', dueAt: past, nextAttemptAt: past });
    expect(await sweepPublications(h.ctx)).toEqual({ requeued: 1 });

    const [row] = await settledOf(postId);
    expect(row).toMatchObject({ state: 'published', reason: null, missed: PublishingMessages.missedTime(PublishingMessages.jobLost) });
    const [attempt] = await h.ctx.dataSource.getRepository(PublicationAttempt).findBy({ publicationId: row!.id });
    expect(attempt!.outcome).toBe('published');
    expect(await feedOf(postId)).toHaveLength(1);
    expect(await sweepPublications(h.ctx)).toEqual({ requeued: 0 });
  });

  it('after a worker died mid-create, asks the feed first: records the post that went out, publishes the one that did not, never twice', async () => {
    const organizationId = await h.addOrganization();
    const wentOut = await h.addPost(organizationId, { content: 'went out' });
    const didNot = await h.addPost(organizationId, { content: 'did not' });
    // The dead worker's record: publishing, lease run out, the create call marked as started.
    const died = { state: 'publishing' as const, attempts: 1, leaseUntil: new Date(Date.now() - 1000), handle: { creating: new Date().toISOString() } };
    const past = new Date(Date.now() - 60_000);
    for (const postId of [wentOut, didNot]) {
      await h.ctx.dataSource.getRepository(Publication).insert({ postId, organizationId, version: 1, platform: 'x', dueAt: past, nextAttemptAt: past, sandbox: true, ...died });
    }
    // The create did reach the feed for the first.
    await fetch(`${h.url}/internal/sandbox/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ posts: [{ key: `${wentOut}.1.x`, organization_id: organizationId, platform: 'x', text: 'went out' }] }),
    });

    expect(await sweepPublications(h.ctx)).toEqual({ requeued: 2 });
    const [first] = await settledOf(wentOut);
    const [second] = await settledOf(didNot);
    expect(first!.state).toBe('published');
    expect(second!.state).toBe('published');
    expect(await feedOf(wentOut)).toHaveLength(1);
    expect(await feedOf(didNot)).toHaveLength(1);
    const attempts = await h.ctx.dataSource.getRepository(PublicationAttempt).findBy({ publicationId: first!.id });
    expect(attempts.map((attempt) => attempt.detail)).toEqual(['Found published by asking the platform after an interrupted attempt.']);
    expect(await publishQueue(h.ctx).getJob(publishJobId(first!))).toBeDefined();
  });
});

  it('the feed takes several posts in one request, answers them in their order, and counts a key sent twice as one post delivered twice', async () => {
    const organizationId = await h.addOrganization();
    const [first, second, earlier] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const send = (keys: string[]) =>
      fetch(`${h.url}/internal/sandbox/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ posts: keys.map((key) => ({ key: `${key}.1.x`, organization_id: organizationId, platform: 'x', text: `post ${key}` })) }),
      });
    expect((await send([earlier])).status).toBe(201);

    const response = await send([first, earlier, second, first]);
    expect(response.status).toBe(201);
    const { posts } = (await response.json()) as { posts: Array<{ id: string; text: string }> };
    expect(posts.map((post) => post.text)).toEqual([`post ${first}`, `post ${earlier}`, `post ${second}`, `post ${first}`]);
    expect(posts[0]!.id).toBe(posts[3]!.id);
    const deliveries = async (key: string) => (await feedOf(key)).map((row) => row.deliveries);
    expect({ first: await deliveries(first), second: await deliveries(second), earlier: await deliveries(earlier) }).toEqual({ first: [2], second: [1], earlier: [2] });

    expect((await fetch(`${h.url}/internal/sandbox/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posts: [] }) })).status).toBe(400);
  });

describe('publishing metrics', () => {
  const lateness = (samples: Sample[], labels: Record<string, string> = {}) => ({
    count: metricValue(samples, 'scheduler_publish_lateness_seconds_count', { platform: 'x', ...labels }) ?? 0,
    sum: metricValue(samples, 'scheduler_publish_lateness_seconds_sum', { platform: 'x', ...labels }) ?? 0,
    withinMinute: metricValue(samples, 'scheduler_publish_lateness_seconds_bucket', { platform: 'x', le: '60', ...labels }) ?? 0,
    withinTwoMinutes: metricValue(samples, 'scheduler_publish_lateness_seconds_bucket', { platform: 'x', le: '120', ...labels }) ?? 0,
  });

  it('reports a publication past its time with no job as overdue, then counts how late it went out', async () => {
    const before = await scrapeMetrics(h.url);
    const organizationId = await h.addOrganization();
    const postId = await h.addPost(organizationId);
    const past = new Date(Date.now() - 90_000);
    // Its job lost: nothing will take it until the sweep.
    await h.ctx.dataSource.getRepository(Publication).insert({ postId, organizationId, version: 1, platform: 'x', state: 'queued', dueAt: past, nextAttemptAt: past });

    const overdue = await scrapeMetrics(h.url);
    expect(metricValue(overdue, 'scheduler_overdue_publications')).toBe((metricValue(before, 'scheduler_overdue_publications') ?? 0) + 1);
    expect(metricValue(overdue, 'scheduler_oldest_overdue_seconds')).toBeGreaterThanOrEqual(90);
    for (const state of ['waiting', 'delayed', 'active']) expect(metricValue(overdue, 'queue_jobs', { queue: 'publish', state })).toBeGreaterThanOrEqual(0);

    expect(await sweepPublications(h.ctx)).toEqual({ requeued: 1 });
    const [row] = await settledOf(postId);
    expect(row!.state).toBe('published');
    const after = await scrapeMetrics(h.url);
    expect(metricValue(after, 'scheduler_overdue_publications')).toBe(metricValue(before, 'scheduler_overdue_publications') ?? 0);

    const late = (row!.publishedAt!.getTime() - past.getTime()) / 1000;
    const [was, is] = [lateness(before), lateness(after)];
    expect(is.count - was.count).toBe(1);
    expect(is.sum - was.sum).toBeCloseTo(late, 3);
    // 90 s and a little late: past the one-minute bucket, within two.
    expect(is.withinMinute - was.withinMinute).toBe(0);
    expect(is.withinTwoMinutes - was.withinTwoMinutes).toBe(late <= 120 ? 1 : 0);
  });
});
