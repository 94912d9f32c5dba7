import { describe, expect, it } from 'vitest';
import type { Role } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { registered, useOrganizations } from './harness.js';

const h = useOrganizations();

async function ownerWithOrganization(role: Role) {
  const user = await registered(h.ctx, role);
  const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: `Org of ${role}` }, headers: bearer(user.token) })).json();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
    h.api.send({ method, url: `/organizations/${org.id}/templates${path}`, headers: bearer(user.token), ...(payload && { payload }) });
  return { user, org, call };
}

describe('templates of an organization', () => {
  it('creates, lists, gets and updates, the first becoming the default', async () => {
    const { call } = await ownerWithOrganization('pro');
    const first = await call('POST', '', { template_name: 'Launch', data: 'We sell bikes', tone: 'friendly', character_limit: 280, target_character_count: '' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      template_name: 'Launch',
      is_default: true,
      data: 'We sell bikes',
      content_type: 'general',
      tone: 'friendly',
      mood: null,
      character_limit: 280,
      target_character_count: null,
    });
    const second = (await call('POST', '', { template_name: 'Sale', content_type: 'promotion' })).json();
    expect(second.is_default).toBe(false);
    expect((await call('GET')).json().map((t: { template_name: string }) => t.template_name)).toEqual(['Launch', 'Sale']);
    expect((await call('GET', `/${second.id}`)).json()).toMatchObject({ id: second.id, content_type: 'promotion' });

    const updated = await call('PUT', `/${second.id}`, { topic: 'Summer', language: 'fr-FR', character_limit: null });
    expect(updated.json()).toMatchObject({ template_name: 'Sale', topic: 'Summer', language: 'fr-FR', character_limit: null });
  });

  it('keeps names unique regardless of case, with the spec’s messages', async () => {
    const { call } = await ownerWithOrganization('pro');
    const a = (await call('POST', '', { template_name: 'Weekly' })).json();
    const b = (await call('POST', '', { template_name: 'Daily' })).json();
    for (const [method, path] of [['POST', ''], ['PUT', `/${b.id}`]] as const) {
      const taken = await call(method, path, { template_name: 'WEEKLY' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe("Template with name 'WEEKLY' already exists");
    }
    // Its own name in another case is no clash.
    expect((await call('PUT', `/${a.id}`, { template_name: 'weekly' })).json().template_name).toBe('weekly');
    for (const template_name of ['', '   ', undefined]) {
      const blank = await call('POST', '', { template_name });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Template name is required');
    }
    expect((await call('PUT', `/${a.id}`, { template_name: ' ' })).json().message).toBe('Template name is required');
  });

  it('refuses bad settings: a target above the limit, unknown options, counts out of 1..5000', async () => {
    const { call } = await ownerWithOrganization('pro');
    const over = await call('POST', '', { template_name: 'T', character_limit: 100, target_character_count: 200 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Target character count cannot exceed character limit');
    const t = (await call('POST', '', { template_name: 'T', character_limit: 300, target_character_count: 200 })).json();
    const below = await call('PUT', `/${t.id}`, { character_limit: 100 });
    expect(below.json().message).toBe('Character limit cannot be less than target character count');
    expect((await call('PUT', `/${t.id}`, { character_limit: 5001 })).statusCode).toBe(400);
    expect((await call('PUT', `/${t.id}`, { tone: 'grumpy' })).statusCode).toBe(400);
    expect((await call('GET', `/${t.id}`)).json()).toMatchObject({ character_limit: 300, target_character_count: 200, tone: null });
  });

  it('moves the default by choice and never deletes it', async () => {
    const { call } = await ownerWithOrganization('pro');
    const first = (await call('POST', '', { template_name: 'One' })).json();
    const second = (await call('POST', '', { template_name: 'Two' })).json();
    const refused = await call('DELETE', `/${first.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Cannot delete the default template');

    const chosen = await call('POST', `/${second.id}/set-default`);
    expect(chosen.json()).toMatchObject({ id: second.id, is_default: true });
    expect((await call('GET')).json().map((t: { is_default: boolean }) => t.is_default)).toEqual([false, true]);
    expect((await call('DELETE', `/${first.id}`)).json()).toEqual({ success: true, message: 'Template deleted successfully' });
    expect((await call('GET', `/${first.id}`)).statusCode).toBe(404);
    // Created as default: it takes over.
    const third = (await call('POST', '', { template_name: 'Three', is_default: true })).json();
    expect(third.is_default).toBe(true);
    expect((await call('GET', `/${second.id}`)).json().is_default).toBe(false);
  });

  it.each<[Role, number]>([
    ['basic', 1],
    ['test', 1],
    ['starter', 5],
    ['admin', 100],
  ])('holds a %s owner to %i templates with the spec’s message', async (role, max) => {
    const { call } = await ownerWithOrganization(role);
    for (let i = 0; i < max; i++) expect((await call('POST', '', { template_name: `T${i}` })).statusCode).toBe(201);
    const refused = await call('POST', '', { template_name: 'One too many' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Maximum template limit of ${max} reached`);
  });

  it('lets only one of two simultaneous creations take the last slot, and one of two the same name', async () => {
    const { call } = await ownerWithOrganization('basic');
    const statuses = (await Promise.all([call('POST', '', { template_name: 'A' }), call('POST', '', { template_name: 'B' })])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 403]);
    const pro = await ownerWithOrganization('pro');
    const same = (await Promise.all([pro.call('POST', '', { template_name: 'Twin' }), pro.call('POST', '', { template_name: 'TWIN' })])).map((r) => r.statusCode);
    expect(same.sort()).toEqual([201, 409]);
  });

  it('reads but does not change an inactive organization’s templates', async () => {
    const { user, org, call } = await ownerWithOrganization('pro');
    const kept = (await call('POST', '', { template_name: 'Kept' })).json();
    const other = (await call('POST', '', { template_name: 'Other' })).json();
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}/deactivate`, payload: {}, headers: bearer(user.token) });
    for (const [method, path, payload] of [
      ['POST', '', { template_name: 'New' }],
      ['PUT', `/${kept.id}`, { topic: 'x' }],
      ['DELETE', `/${other.id}`, undefined],
      ['POST', `/${other.id}/set-default`, undefined],
    ] as const) {
      const res = await call(method, path, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This account is inactive. Please activate it to configure.');
    }
    expect((await call('GET')).json()).toHaveLength(2);
    expect((await call('GET', `/${kept.id}`)).statusCode).toBe(200);
  });

  it('goes with its organization', async () => {
    const { user, org, call } = await ownerWithOrganization('pro');
    const template = (await call('POST', '', { template_name: 'Gone' })).json();
    await h.api.send({ method: 'DELETE', url: `/organizations/${org.id}`, headers: bearer(user.token) });
    expect((await call('GET', `/${template.id}`)).statusCode).toBe(404);
    expect(await h.ctx.dataSource.query(`SELECT 1 FROM templates WHERE id = $1`, [template.id])).toEqual([]);
  });
});
