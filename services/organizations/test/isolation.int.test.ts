import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auth, registered, useOrganizations } from './harness.js';

const h = useOrganizations();

describe('tenant isolation', () => {
  it('answers another user 404 on every route of an organization they do not own, and changes nothing', async () => {
    const owner = await registered(h.ctx, 'pro');
    const stranger = await registered(h.ctx, 'advanced');
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Private' }, headers: auth(owner.token) })).json();
    const template = (await h.api.send({ method: 'POST', url: `/organizations/${org.id}/templates`, payload: { template_name: 'Secret' }, headers: auth(owner.token) })).json();
    const second = (await h.api.send({ method: 'POST', url: `/organizations/${org.id}/templates`, payload: { template_name: 'Second' }, headers: auth(owner.token) })).json();

    const routes: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['GET', `/organizations/${org.id}`],
      ['PUT', `/organizations/${org.id}`, { name: 'Mine now' }],
      ['DELETE', `/organizations/${org.id}`],
      ['PUT', `/organizations/${org.id}/activate`],
      ['PUT', `/organizations/${org.id}/deactivate`, {}],
      ['GET', `/organizations/${org.id}/templates`],
      ['POST', `/organizations/${org.id}/templates`, { template_name: 'Planted' }],
      ['GET', `/organizations/${org.id}/templates/${template.id}`],
      ['PUT', `/organizations/${org.id}/templates/${template.id}`, { data: 'overwritten' }],
      ['DELETE', `/organizations/${org.id}/templates/${second.id}`],
      ['POST', `/organizations/${org.id}/templates/${second.id}/set-default`],
      ['GET', `/platforms/user?organization_id=${org.id}`],
      ['GET', `/platforms/status?organization_id=${org.id}&platform=X`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await h.api.send({ method, url, headers: auth(stranger.token), ...(payload && { payload }) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
      expect(res.body).not.toContain('Private');
    }
    // The stranger's own organization does not open the owner's templates either.
    const own = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Theirs' }, headers: auth(stranger.token) })).json();
    for (const [method, url] of [
      ['GET', `/organizations/${own.id}/templates/${template.id}`],
      ['PUT', `/organizations/${own.id}/templates/${template.id}`],
      ['DELETE', `/organizations/${own.id}/templates/${second.id}`],
      ['POST', `/organizations/${own.id}/templates/${second.id}/set-default`],
    ] as const) {
      const res = await h.api.send({ method, url, headers: auth(stranger.token), ...(method === 'PUT' && { payload: { data: 'x' } }) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }

    const seen = await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: auth(owner.token) });
    expect(seen.json()).toMatchObject({ name: 'Private', is_active: true });
    const templates = (await h.api.send({ method: 'GET', url: `/organizations/${org.id}/templates`, headers: auth(owner.token) })).json();
    expect(templates.map((t: { template_name: string; data: string; is_default: boolean }) => [t.template_name, t.data, t.is_default])).toEqual([
      ['Secret', '', true],
      ['Second', '', false],
    ]);
    const list = (await h.api.send({ method: 'GET', url: '/organizations', headers: auth(stranger.token) })).json();
    expect(list.map((o: { id: string }) => o.id)).toEqual([own.id]);
  });

  it('answers 404 for ids that name nothing, and 401 without a token', async () => {
    const user = await registered(h.ctx, 'pro');
    for (const url of [`/organizations/${randomUUID()}/templates`, '/organizations/not-an-id/templates', `/platforms/user?organization_id=${randomUUID()}`]) {
      expect((await h.api.send({ method: 'GET', url, headers: auth(user.token) })).statusCode).toBe(404);
    }
    for (const url of ['/organizations', `/organizations/${randomUUID()}/templates`, `/platforms/user?organization_id=${randomUUID()}`, '/platforms/media_types']) {
      expect((await h.api.send({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
