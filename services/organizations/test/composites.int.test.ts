import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SchedulerRequests } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { COMPOSITE_TIMEOUT_MS } from '../src/commands/remote-parts.js';
import { registered, useOrganizations } from './harness.js';
import { usePostsAndScheduler } from './posts-and-scheduler.js';

const h = useOrganizations();
const services = usePostsAndScheduler(h);

/** An owner with one organization, a template and a Sandbox LinkedIn connection. */
async function organizationWithData() {
  const owner = await registered(h.ctx, 'pro');
  const headers = bearer(owner.token);
  const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: `Composite ${randomUUID().slice(0, 8)}` }, headers })).json();
  await h.api.send({ method: 'POST', url: `/organizations/${org.id}/templates`, payload: { template_name: 'Launch' }, headers });
  const sandbox = await h.api.send({ method: 'POST', url: '/oauth/linkedin/sandbox', payload: { organization_id: org.id }, headers });
  expect(sandbox.statusCode).toBe(200);
  return { owner, headers, org };
}

describe('composite reads of an organization', () => {
  it('config: the organization with its platforms map, its templates and the supported platforms upper-cased', async () => {
    const { headers, org } = await organizationWithData();
    const res = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/config`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toMatchObject({ id: org.id, name: org.name });
    expect(body.organization.platforms.LINKEDIN).toMatchObject({ is_connected: true, sandbox: true });
    expect(body.organization.platforms.X).toMatchObject({ is_connected: false });
    expect(body.templates.map((t: { template_name: string }) => t.template_name)).toEqual(['Launch']);
    expect(body.supportedPlatforms).toEqual(expect.arrayContaining(['X', 'FACEBOOK', 'INSTAGRAM', 'THREADS', 'LINKEDIN', 'TIKTOK', 'TELEGRAM', 'YOUTUBE']));
  });

  it('designer-data: the organization, its connected platforms (id and name) and its templates', async () => {
    const { headers, org } = await organizationWithData();
    const body = (await h.api.send({ method: 'GET', url: `/organizations/${org.id}/designer-data`, headers })).json();
    expect(body.organization.id).toBe(org.id);
    expect(body.activePlatforms).toEqual([{ id: expect.any(String), name: 'LinkedIn' }]);
    expect(body.templates).toHaveLength(1);
  });

  it('calendar and autopost data: the organization’s posts and auto-schedules from the real posts and scheduler services', async () => {
    const { headers, org } = await organizationWithData();
    const mondays = await services.addWeeklySchedule(org.id, { name: 'Mondays', dayOfWeek: 'monday', timeOfDay: '09:00' });
    const fridays = await services.addWeeklySchedule(org.id, { name: 'Fridays', dayOfWeek: 'friday', timeOfDay: '17:30', active: false });
    const later = await services.addPost(org.id, { status: 'approved', platforms: ['LinkedIn'], scheduledTime: '2026-05-02T09:00:00Z' });
    const earlier = await services.addPost(org.id, { status: 'pending_review', platforms: ['LinkedIn', 'X'], scheduledTime: '2026-05-01T09:00:00Z' });
    await services.addPost(org.id, { status: 'rejected', platforms: ['X'], deleted: true });
    const stranger = await organizationWithData();
    await services.addPost(stranger.org.id, { status: 'approved', platforms: ['X'] });

    const calendar = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/calendar-data`, headers });
    expect(calendar.statusCode).toBe(200);
    const body = calendar.json();
    expect(Object.keys(body).sort()).toEqual(['autoSchedules', 'posts', 'timezone']);
    expect(body.timezone).toBe('UTC');
    expect(body.posts.map((post: { id: string }) => post.id)).toEqual([earlier, later]);
    expect(body.posts[0]).toMatchObject({ organization_id: org.id, status: 'pending_review', platforms: 'LinkedIn,X', scheduled_time: '2026-05-01T09:00:00.000Z' });
    expect(body.autoSchedules).toEqual([
      expect.objectContaining({ id: mondays, name: 'Mondays', day_of_week: 'monday', time_of_day: '09:00', active: true, platforms: 'LinkedIn' }),
      expect.objectContaining({ id: fridays, name: 'Fridays', active: false }),
    ]);

    // The calendar's days are the organization's: its time zone comes with the data.
    expect((await h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload: { timezone: 'America/New_York' }, headers })).statusCode).toBe(200);
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}/calendar-data`, headers })).json().timezone).toBe('America/New_York');

    const autopost = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/autopost-data`, headers });
    expect(autopost.statusCode).toBe(200);
    expect(autopost.json()).toMatchObject({
      activePlatforms: [{ name: 'LinkedIn' }],
      autoSchedules: [{ id: mondays }, { id: fridays }],
      templates: [{ template_name: 'Launch' }],
    });
  });

  it('statistics (statistics-data and the statistics page’s reads): the posts service’s counts with the schedules counted', async () => {
    const { headers, org } = await organizationWithData();
    await services.addWeeklySchedule(org.id, { name: 'Mondays', dayOfWeek: 'monday', timeOfDay: '09:00' });
    await services.addWeeklySchedule(org.id, { name: 'Paused', dayOfWeek: 'tuesday', timeOfDay: '10:00', active: false });
    await services.addPost(org.id, { status: 'published', platforms: ['LinkedIn', 'X'], mediaType: 'image', mediaPaths: ['media/a.png'] });
    await services.addPost(org.id, { status: 'published', platforms: ['X'], deleted: true });
    await services.addPost(org.id, { status: 'pending_review', platforms: ['LinkedIn'] });
    await services.addPost(org.id, { status: 'rejected', platforms: ['LinkedIn'], deleted: true });

    const expected = {
      total_posts: 2,
      total_schedules: 2,
      active_schedules: 1,
      deleted_posts: 2,
      successful_publications: 2,
      posts_with_media: 1,
      posts_text_only: 1,
      posts_by_status: { pending_review: 1, approved: 0, rejected: 0, published: 1, failed: 0 },
      platforms_usage: { LinkedIn: 2, X: 1 },
      successful_publications_by_platform: { LinkedIn: 1, X: 2 },
    };
    for (const [method, page] of [['GET', 'statistics-data'], ['GET', 'statistics'], ['POST', 'statistics'], ['POST', 'statistics/refresh']] as const) {
      const res = await h.api.send({ method, url: `/organizations/${org.id}/${page}`, headers });
      const { last_updated, publications_over_time, ...statistics } = res.json().statistics;
      expect({ method, page, status: res.statusCode, statistics }).toEqual({ method, page, status: 200, statistics: expected });
      expect(Date.now() - Date.parse(last_updated)).toBeLessThan(60_000);
      // The two publications (one deleted since) were made today, the last of the 30 days.
      expect(publications_over_time.at(-1)).toEqual({ date: last_updated.slice(0, 10), publications: 2 });
    }
  });

  it('deleting the organization deletes its posts and auto-schedules in the posts and scheduler services', async () => {
    const { headers, org } = await organizationWithData();
    await services.addPost(org.id, { status: 'approved', platforms: ['LinkedIn'] });
    await services.addPost(org.id, { status: 'published', platforms: ['LinkedIn'], deleted: true });
    await services.addWeeklySchedule(org.id, { name: 'Mondays', dayOfWeek: 'monday', timeOfDay: '09:00' });
    expect(await services.rowsOf(org.id)).toEqual({ posts: 2, autoSchedules: 1 });

    const deleted = await h.api.send({ method: 'DELETE', url: `/organizations/${org.id}`, headers });
    expect(deleted.statusCode).toBeLessThan(300);
    await expect.poll(() => services.rowsOf(org.id), { timeout: 10_000 }).toEqual({ posts: 0, autoSchedules: 0 });
  });

  // Last: it stops the scheduler.
  it('answers 503 naming the part whose service is absent, and no partial page; the organization’s own pages still answer', async () => {
    const { headers, org } = await organizationWithData();
    await services.scheduler.stop();

    const started = Date.now();
    const calendar = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/calendar-data`, headers });
    expect(calendar.statusCode).toBe(503);
    expect(calendar.json()).toEqual({
      error: 'Service Unavailable',
      message: 'Part of this page could not be loaded (autoSchedules). Please try again in a moment.',
      unavailable: ['autoSchedules'],
    });
    expect(Date.now() - started).toBeLessThan(4500);
    const statistics = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/statistics-data`, headers });
    expect({ status: statistics.statusCode, unavailable: statistics.json().unavailable }).toEqual({ status: 503, unavailable: ['autoSchedules'] });
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}/designer-data`, headers })).statusCode).toBe(200);
  });

  // After the one above: the real scheduler is stopped, so only this slow one answers.
  it('does not wait past its time-out for a service that answers too slowly: 503 naming the part', async () => {
    const { headers, org } = await organizationWithData();
    const slowMs = COMPOSITE_TIMEOUT_MS + 5000;
    h.ctx.bus.reply(SchedulerRequests.listForOrganization, 'slow-scheduler', () => new Promise((resolve) => setTimeout(() => resolve([]), slowMs)));

    const started = Date.now();
    const calendar = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/calendar-data`, headers });
    const waited = Date.now() - started;
    expect({ status: calendar.statusCode, unavailable: calendar.json().unavailable }).toEqual({ status: 503, unavailable: ['autoSchedules'] });
    expect(waited).toBeGreaterThanOrEqual(COMPOSITE_TIMEOUT_MS);
    expect(waited).toBeLessThan(slowMs);
  });
});
