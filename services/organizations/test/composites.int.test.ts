import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PostRequests, SchedulerRequests, type OrganizationScopedRequest } from '@planner/contracts';
import { auth, registered, useOrganizations } from './harness.js';

const h = useOrganizations();

/** An owner with one organization, a template and a Sandbox LinkedIn connection. */
async function organizationWithData() {
  const owner = await registered(h.ctx, 'pro');
  const headers = auth(owner.token);
  const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: `Composite ${randomUUID().slice(0, 8)}` }, headers })).json();
  await h.api.send({ method: 'POST', url: `/organizations/${org.id}/templates`, payload: { template_name: 'Launch' }, headers });
  const sandbox = await h.api.send({ method: 'POST', url: '/oauth/linkedin/sandbox', payload: { organization_id: org.id }, headers });
  expect(sandbox.statusCode).toBe(200);
  return { owner, headers, org };
}

/** The posts and scheduler services' answers, played over the real bus by this test (those services come with their own issues). */
const posts = new Map<string, Array<Record<string, unknown>>>();
const schedules = new Map<string, Array<Record<string, unknown>>>();
let schedulerUp = false;
let repliesStarted = false;
function answerAsPostsAndScheduler(): void {
  if (repliesStarted) return;
  repliesStarted = true;
  h.ctx.bus.reply<OrganizationScopedRequest, unknown>(PostRequests.listForOrganization, 'posts', async ({ organization_id }) => posts.get(organization_id) ?? []);
  h.ctx.bus.reply<OrganizationScopedRequest, unknown>(PostRequests.statisticsForOrganization, 'posts', async ({ organization_id }) => ({
    total_posts: (posts.get(organization_id) ?? []).length,
  }));
  h.ctx.bus.reply<OrganizationScopedRequest, unknown>(SchedulerRequests.listForOrganization, 'scheduler', async ({ organization_id }) => {
    if (!schedulerUp) await new Promise((resolve) => setTimeout(resolve, 5000)); // a scheduler too slow to answer
    return schedules.get(organization_id) ?? [];
  });
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

  it('calendar, autopost and statistics data (and the statistics page’s reads) come from the posts and scheduler services over the bus', async () => {
    answerAsPostsAndScheduler();
    schedulerUp = true;
    const { headers, org } = await organizationWithData();
    posts.set(org.id, [{ id: 'p1', status: 'approved' }]);
    schedules.set(org.id, [{ id: 's1', name: 'Mondays' }]);

    const calendar = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/calendar-data`, headers });
    expect(calendar.json()).toEqual({ autoSchedules: [{ id: 's1', name: 'Mondays' }], posts: [{ id: 'p1', status: 'approved' }] });
    const autopost = (await h.api.send({ method: 'GET', url: `/organizations/${org.id}/autopost-data`, headers })).json();
    expect(autopost).toMatchObject({ activePlatforms: [{ name: 'LinkedIn' }], autoSchedules: [{ id: 's1' }], templates: [{ template_name: 'Launch' }] });
    for (const [method, page] of [['GET', 'statistics-data'], ['GET', 'statistics'], ['POST', 'statistics'], ['POST', 'statistics/refresh']] as const) {
      const statistics = await h.api.send({ method, url: `/organizations/${org.id}/${page}`, headers });
      expect({ method, page, body: statistics.json() }).toEqual({ method, page, body: { statistics: { total_posts: 1 } } });
    }
  });

  it('answers 503 naming the part that did not come in time, and no partial page', async () => {
    answerAsPostsAndScheduler();
    schedulerUp = false;
    const { headers, org } = await organizationWithData();
    const started = Date.now();
    const res = await h.api.send({ method: 'GET', url: `/organizations/${org.id}/calendar-data`, headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'Service Unavailable',
      message: 'Part of this page could not be loaded (autoSchedules). Please try again in a moment.',
      unavailable: ['autoSchedules'],
    });
    expect(Date.now() - started).toBeLessThan(4500);
    schedulerUp = true;
  });
});
