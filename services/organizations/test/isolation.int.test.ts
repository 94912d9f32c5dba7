import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONNECTION_PLATFORMS } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { registered, useOrganizations } from './harness.js';
import { organizationScopedRoutes, organizationState } from './org-scoped-routes.js';
import { usePostsAndScheduler } from './posts-and-scheduler.js';

const h = useOrganizations();

// The real posts and scheduler services, so the owner's own composite reads answer in full.
usePostsAndScheduler(h);

/** An owner's organization with two templates and a (Sandbox) connection to every platform. */
async function ownedOrganization() {
  const owner = await registered(h.ctx, 'pro');
  const headers = bearer(owner.token);
  const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Private' }, headers })).json();
  const template = (await h.api.send({ method: 'POST', url: `/organizations/${org.id}/templates`, payload: { template_name: 'Secret' }, headers })).json();
  const second = (await h.api.send({ method: 'POST', url: `/organizations/${org.id}/templates`, payload: { template_name: 'Second' }, headers })).json();
  for (const platform of CONNECTION_PLATFORMS) {
    expect((await h.api.send({ method: 'POST', url: `/oauth/${platform}/sandbox`, payload: { organization_id: org.id }, headers })).statusCode).toBe(200);
  }
  return { owner, headers, org, routes: organizationScopedRoutes(org.id, template.id, second.id) };
}

describe('tenant isolation', () => {
  it('answers another user 404 on every organization-scoped route with the owner’s ids, and changes nothing', async () => {
    const { headers, org, routes } = await ownedOrganization();
    const stranger = await registered(h.ctx, 'advanced');
    const before = await organizationState(h.ctx.dataSource, org.id);

    for (const { method, url, payload } of routes) {
      const res = await h.api.send({ method, url, headers: bearer(stranger.token), ...(payload && { payload }) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
      expect(res.body).not.toContain('Private');
      expect(res.body).not.toContain('Secret');
    }
    expect(await organizationState(h.ctx.dataSource, org.id)).toEqual(before);

    // The same reads answer the owner: the 404s above are about who asks, not about the ids.
    for (const { url } of routes.filter((route) => route.method === 'GET' && !route.url.includes('/authorize') && !route.url.includes('/facebook/pages'))) {
      const res = await h.api.send({ method: 'GET', url, headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('does not open the owner’s templates through the other user’s own organization', async () => {
    const { org, routes } = await ownedOrganization();
    const stranger = await registered(h.ctx, 'advanced');
    const own = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Theirs' }, headers: bearer(stranger.token) })).json();
    const before = await organizationState(h.ctx.dataSource, org.id);
    for (const { method, url, payload } of routes.filter((route) => /\/templates\/[^/]+/.test(route.url))) {
      const res = await h.api.send({ method, url: url.replace(org.id, own.id), headers: bearer(stranger.token), ...(payload && { payload }) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect(await organizationState(h.ctx.dataSource, org.id)).toEqual(before);
    const list = (await h.api.send({ method: 'GET', url: '/organizations', headers: bearer(stranger.token) })).json();
    expect(list.map((o: { id: string }) => o.id)).toEqual([own.id]);
    const limits = (await h.api.send({ method: 'GET', url: '/organizations/limits', headers: bearer(stranger.token) })).json();
    expect(limits).toMatchObject({ active_count: 1, total_count: 1 });
  });

  it('answers 404 for ids that name nothing, and 401 on every route without a token', async () => {
    const user = await registered(h.ctx, 'pro');
    for (const url of [`/organizations/${randomUUID()}/templates`, '/organizations/not-an-id/templates', `/platforms/user?organization_id=${randomUUID()}`]) {
      expect((await h.api.send({ method: 'GET', url, headers: bearer(user.token) })).statusCode).toBe(404);
    }
    const { org, routes } = await ownedOrganization();
    const before = await organizationState(h.ctx.dataSource, org.id);
    for (const { method, url, payload } of [...routes, { method: 'GET' as const, url: '/organizations' }, { method: 'GET' as const, url: '/organizations/limits' }]) {
      const res = await h.api.send({ method, url, ...(payload && { payload }) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect(await organizationState(h.ctx.dataSource, org.id)).toEqual(before);
  });
});
