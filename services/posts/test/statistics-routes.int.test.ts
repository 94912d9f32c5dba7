import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { globalStatisticsSchema, landingStatisticsSchema, OrganizationRequests, PUBLICATION_DAYS, SharedMessages, type GlobalStatistics } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { GLOBAL_STATISTICS_KEY } from '../src/commands/statistics.js';
import { STATISTICS_REFRESH_MS } from '../src/domain/statistics.js';
import { usePosts } from './harness.js';

const h = usePosts();

const users = { alice: randomUUID(), bob: randomUUID(), newcomer: randomUUID(), admin: randomUUID() };
const tokens = {} as Record<keyof typeof users, string>;

/**
 * Alice owns an active and an inactive organization, Bob one; their posts and
 * auto-schedules are the figures every test below counts exactly.
 */
beforeAll(async () => {
  for (const [name, id] of Object.entries(users)) {
    tokens[name as keyof typeof users] = await h.ctx.keys.sign({ sub: id, role: name === 'admin' ? 'admin' : 'pro' });
  }
  const [aliceActive, aliceInactive, bobs] = await Promise.all([
    h.addOrganization(users.alice),
    h.addOrganization(users.alice, { isActive: false }),
    h.addOrganization(users.bob),
  ]);
  await h.addPost(aliceActive, { status: 'published', platforms: ['LinkedIn', 'X'], mediaType: 'image', mediaPaths: ['media/a.png'] });
  await h.addPost(aliceActive, { status: 'pending_review', platforms: ['LinkedIn'] });
  await h.addPost(aliceActive, { status: 'approved', platforms: ['X'], mediaType: 'video', mediaPaths: ['media/b.mp4'] });
  // Deleted after publishing: still a publication, no longer a post.
  await h.addPost(aliceActive, { status: 'published', platforms: ['Telegram'], deleted: true });
  await h.addPost(aliceInactive, { status: 'rejected', platforms: ['X'] });
  await h.addPost(bobs, { status: 'published', platforms: ['LinkedIn'] });
  await h.addPost(bobs, { status: 'pending_review', platforms: ['Instagram'], mediaType: 'carousel', mediaPaths: ['media/c.png', 'media/d.png'] });
  await h.addSchedule(aliceActive);
  await h.addSchedule(aliceActive, { active: false });
  await h.addSchedule(aliceInactive);
  await h.addSchedule(bobs);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const landing = () => h.api.send({ method: 'GET', url: '/statistics' });
const refresh = (token = tokens.admin) => h.api.send({ method: 'POST', url: '/statistics/refresh', headers: bearer(token) });
const accounts = (token: string) => h.api.send({ method: 'GET', url: '/statistics/user/accounts', headers: bearer(token) });
/** The requests the posts service sends to count organizations (one per computation of the global statistics). */
const countRequests = () => {
  const request = vi.spyOn(h.ctx.bus, 'request');
  return () => request.mock.calls.filter(([subject]) => subject === OrganizationRequests.count).length;
};
/** Makes the cached statistics look computed `ms` earlier, as if that time had passed. */
async function age(ms: number): Promise<GlobalStatistics> {
  const cached = globalStatisticsSchema.parse(JSON.parse((await h.ctx.redis.get(GLOBAL_STATISTICS_KEY))!));
  const aged = { ...cached, last_updated: new Date(Date.parse(cached.last_updated) - ms).toISOString() };
  await h.ctx.redis.set(GLOBAL_STATISTICS_KEY, JSON.stringify(aged));
  return aged;
}

describe('GET /statistics (the landing, public)', () => {
  it('answers the landing’s figures over every organization without a token: posts here, organizations and schedules from their services', async () => {
    const before = Date.now();
    const res = await landing();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      total_organizations: 3,
      total_posts: 6,
      total_schedules: 4,
      platforms_usage: { Instagram: 1, LinkedIn: 3, X: 3 },
      posts_by_status: { pending_review: 2, approved: 1, rejected: 1, published: 2, failed: 0 },
      posts_with_media: 3,
      posts_text_only: 3,
      successful_publications: 3,
      successful_publications_by_platform: { LinkedIn: 2, Telegram: 1, X: 1 },
      last_updated: expect.any(String),
    });
    expect(Date.parse(body.last_updated)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('computes at most once a minute: a later call answers the same figures, a burst of visitors asks nobody', async () => {
    const first = (await landing()).json();
    await h.addPost(randomUUID(), { status: 'approved', platforms: ['X'] });
    const asked = countRequests();
    const burst = await Promise.all(Array.from({ length: 20 }, landing));
    expect(burst.map((res) => res.json())).toEqual(Array.from({ length: 20 }, () => first));
    expect(asked()).toBe(0);
  });

  it('computes again once the figures are a minute old, once for a burst', async () => {
    const aged = await age(STATISTICS_REFRESH_MS);
    const asked = countRequests();
    await Promise.all(Array.from({ length: 10 }, landing));
    expect(asked()).toBe(1);
    const body = (await landing()).json();
    expect(body.total_posts).toBe(7);
    expect(Date.parse(body.last_updated)).toBeGreaterThan(Date.parse(aged.last_updated) + STATISTICS_REFRESH_MS - 1);
  });

  it('computes once for a burst with nothing cached yet', async () => {
    await h.ctx.redis.del(GLOBAL_STATISTICS_KEY);
    const asked = countRequests();
    const burst = await Promise.all(Array.from({ length: 20 }, landing));
    expect(new Set(burst.map((res) => res.json().last_updated)).size).toBe(1);
    expect(asked()).toBe(1);
  });
});

describe('admin statistics', () => {
  it('GET /statistics/admin: every field with the admin extras, from the same cached computation', async () => {
    const landed = (await landing()).json();
    const res = await h.api.send({ method: 'GET', url: '/statistics/admin', headers: bearer(tokens.admin) });
    expect(res.statusCode).toBe(200);
    const { publications_over_time, ...admin } = res.json();
    expect(admin).toEqual({
      ...landed,
      active_schedules: 3,
      deleted_posts: 1,
      avg_posts_per_organization: 2.33,
      avg_schedules_per_organization: 1.33,
    });
    // The three publications (one deleted since) were made today.
    expect(publications_over_time).toHaveLength(PUBLICATION_DAYS);
    expect(publications_over_time.at(-1)).toEqual({ date: landed.last_updated.slice(0, 10), publications: 3 });
  });

  it('POST /statistics/refresh computes now, with { statistics }, and the landing answers the new figures', async () => {
    const before = (await landing()).json();
    await h.addPost(randomUUID(), { status: 'published', platforms: ['Threads'] });
    const res = await refresh();
    expect(res.statusCode).toBe(200);
    const { statistics } = res.json();
    expect(statistics).toMatchObject({ total_posts: 8, successful_publications: 4, successful_publications_by_platform: { Threads: 1 } });
    expect(Date.parse(statistics.last_updated)).toBeGreaterThan(Date.parse(before.last_updated));
    expect((await landing()).json()).toMatchObject({ total_posts: 8, last_updated: statistics.last_updated });
  });

  it('refuses anyone but an admin: 401 without a token, 403 with the spec’s admin message', async () => {
    for (const request of [{ method: 'GET', url: '/statistics/admin' }, { method: 'POST', url: '/statistics/refresh' }] as const) {
      const anonymous = await h.api.send(request);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(SharedMessages.authenticationRequired);
      const user = await h.api.send({ ...request, headers: bearer(tokens.alice) });
      expect(user.statusCode).toBe(403);
      expect(user.json().message).toBe(SharedMessages.adminRequired);
    }
  });
});

describe('GET /statistics/user/accounts', () => {
  it('counts the caller’s organizations, inactive ones too, and nobody else’s', async () => {
    const alice = await accounts(tokens.alice);
    expect(alice.statusCode).toBe(200);
    expect(alice.json()).toEqual({
      total_posts: 4,
      total_schedules: 3,
      active_schedules: 2,
      successful_publications: 2,
      posts_with_media: 2,
      posts_text_only: 2,
      posts_by_status: { pending_review: 1, approved: 1, rejected: 1, published: 1, failed: 0 },
      platforms_usage: { LinkedIn: 2, X: 3 },
      last_updated: expect.any(String),
    });
    expect((await accounts(tokens.bob)).json()).toMatchObject({
      total_posts: 2,
      total_schedules: 1,
      active_schedules: 1,
      successful_publications: 1,
      posts_with_media: 1,
      posts_text_only: 1,
      posts_by_status: { pending_review: 1, approved: 0, rejected: 0, published: 1, failed: 0 },
      platforms_usage: { Instagram: 1, LinkedIn: 1 },
    });
  });

  it('gives a user without organizations zeros; an admin’s own accounts are not everyone’s', async () => {
    const zeros = {
      total_posts: 0,
      total_schedules: 0,
      active_schedules: 0,
      successful_publications: 0,
      posts_with_media: 0,
      posts_text_only: 0,
      posts_by_status: { pending_review: 0, approved: 0, rejected: 0, published: 0, failed: 0 },
      platforms_usage: {},
    };
    expect((await accounts(tokens.newcomer)).json()).toMatchObject(zeros);
    expect((await accounts(tokens.admin)).json()).toMatchObject(zeros);
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await h.api.send({ method: 'GET', url: '/statistics/user/accounts' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SharedMessages.authenticationRequired);
  });
});

describe('the API document', () => {
  it('describes the statistics routes', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/statistics', '/statistics/user/accounts', '/statistics/admin', '/statistics/refresh']));
  });
});

// Last: it stops the scheduler.
describe('when another service does not answer', () => {
  it('the landing keeps its last figures; a refresh, account statistics and a landing with nothing cached answer 503 in the spec’s words', async () => {
    await h.scheduler.stop();
    const last = await age(STATISTICS_REFRESH_MS);
    expect((await landing()).json()).toEqual(landingStatisticsSchema.parse(last));

    for (const res of [await refresh(), await accounts(tokens.alice)]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(SharedMessages.serviceUnavailable);
    }

    await h.ctx.redis.del(GLOBAL_STATISTICS_KEY);
    const nothing = await landing();
    expect(nothing.statusCode).toBe(503);
    expect(nothing.json().message).toBe(SharedMessages.serviceUnavailable);
  });
});
