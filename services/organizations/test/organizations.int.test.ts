import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindGateway } from '@planner/gateway/testing';
import type { App } from '@planner/service-kit';
import { createTestContext, type TestServiceContext } from '@planner/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';
import { Member } from '../src/entities/member.entity.js';
import { followMembers } from '../src/events/members.js';
import { organizationResponders } from '../src/routes/organization-routes.js';

let ctx: TestServiceContext;
let app: App;
let api: Awaited<ReturnType<typeof behindGateway>>;

const publish = (subject: string, data: object) =>
  ctx.bus.publish({ eventId: randomUUID(), subject, occurredAt: new Date().toISOString(), schemaVersion: 1, data });

beforeAll(async () => {
  ctx = await createTestContext({ name: 'organizations', entities, migrations, configSchema });
  await followMembers(ctx);
  organizationResponders(ctx);
  app = await buildApp(ctx);
  api = await behindGateway(app, 'organizations', ctx.keys.jwks);
});

afterAll(async () => {
  await api?.close();
  await app?.close();
  await ctx?.cleanup();
});

async function registered(role: string, emailVerified: boolean): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  await publish('auth.user.registered', { userId: id, username: `u${id.slice(0, 8)}`, email: `${id}@example.com`, role, newsletterSubscribe: false, emailVerified });
  await expect.poll(() => ctx.dataSource.getRepository(Member).findOneBy({ userId: id }), { timeout: 5000 }).not.toBeNull();
  // The token may say otherwise: the read model decides.
  return { id, token: await ctx.keys.sign({ sub: id, role: 'advanced', email_verified: true }) };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('organizations of a user', () => {
  it('asks for a verified e-mail before creating one, as auth last said', async () => {
    const user = await registered('basic', false);
    const refused = await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Acme' }, headers: auth(user.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Please verify your email address before creating an account.');

    await publish('auth.user.verified', { userId: user.id, email: `${user.id}@example.com` });
    await expect.poll(async () => (await ctx.dataSource.getRepository(Member).findOneByOrFail({ userId: user.id })).emailVerified, { timeout: 5000 }).toBe(true);
    const created = await api.send({ method: 'POST', url: '/organizations', payload: { name: '  Acme  ' }, headers: auth(user.token) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme', is_active: true, language: 'en-US', deactivation_reason: null });
  });

  it('holds a basic user to one active organization with the spec’s message, and counts the limits', async () => {
    const user = await registered('basic', true);
    expect((await api.send({ method: 'POST', url: '/organizations', payload: { name: 'One' }, headers: auth(user.token) })).statusCode).toBe(201);
    const second = await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Two' }, headers: auth(user.token) });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('You have reached your plan limit of 1 active accounts. Please deactivate an account or upgrade your plan.');
    const limits = await api.send({ method: 'GET', url: '/organizations/limits', headers: auth(user.token) });
    expect(limits.json()).toEqual({ active_count: 1, inactive_count: 0, total_count: 1, limit: 1, can_create_more: false, remaining: 0 });

    await publish('auth.user.role_changed', { userId: user.id, role: 'starter', previousRole: 'basic' });
    await expect.poll(async () => (await api.send({ method: 'GET', url: '/organizations/limits', headers: auth(user.token) })).json().limit, { timeout: 5000 }).toBe(5);
    expect((await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Two' }, headers: auth(user.token) })).statusCode).toBe(201);
    const list = await api.send({ method: 'GET', url: '/organizations', headers: auth(user.token) });
    expect(list.json().map((o: { name: string }) => o.name)).toEqual(['One', 'Two']);
  });

  it('refuses a blank name and anonymous callers', async () => {
    const user = await registered('pro', true);
    const blank = await api.send({ method: 'POST', url: '/organizations', payload: { name: '   ' }, headers: auth(user.token) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter an account name.');
    expect((await api.send({ method: 'GET', url: '/organizations' })).statusCode).toBe(401);
  });

  it('answers auth’s admin request for a user’s organizations, and forgets a deleted user', async () => {
    const user = await registered('pro', true);
    await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Kept' }, headers: auth(user.token) });
    const listed = await ctx.bus.request<Array<{ name: string }>>('organizations.organization.list_by_owner', { userId: user.id });
    expect(listed.map((o) => o.name)).toEqual(['Kept']);

    await publish('auth.user.deleted', { userId: user.id, email: `${user.id}@example.com` });
    await expect.poll(() => ctx.bus.request<unknown[]>('organizations.organization.list_by_owner', { userId: user.id }), { timeout: 5000 }).toEqual([]);
  });

  it('deactivates with the default reason and activates again only while a slot is free', async () => {
    const user = await registered('basic', true);
    const first = (await api.send({ method: 'POST', url: '/organizations', payload: { name: 'First' }, headers: auth(user.token) })).json();
    const off = await api.send({ method: 'PUT', url: `/organizations/${first.id}/deactivate`, payload: {}, headers: auth(user.token) });
    expect(off.json()).toMatchObject({ is_active: false, deactivation_reason: 'User initiated deactivation' });
    const second = (await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Second' }, headers: auth(user.token) })).json();
    expect(second.is_active).toBe(true);
    const full = await api.send({ method: 'PUT', url: `/organizations/${first.id}/activate`, headers: auth(user.token) });
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe('You have reached your plan limit of 1 active accounts. Please deactivate an account or upgrade your plan.');

    const stranger = await registered('pro', true);
    expect((await api.send({ method: 'PUT', url: `/organizations/${second.id}/deactivate`, payload: {}, headers: auth(stranger.token) })).statusCode).toBe(404);
  });

  it('answers auth’s admin status change and inactive list, keeping the plan-limit refusal', async () => {
    const user = await registered('basic', true);
    const org = (await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Watched' }, headers: auth(user.token) })).json();
    const off = await ctx.bus.request<{ is_active: boolean; deactivation_reason: string }>('organizations.organization.set_status', { organization_id: org.id, activate: false, reason: 'fraud' });
    expect(off).toMatchObject({ is_active: false, deactivation_reason: 'fraud' });
    const inactive = await ctx.bus.request<Array<{ id: string; owner_id: string }>>('organizations.organization.list_inactive', {});
    expect(inactive).toContainEqual(expect.objectContaining({ id: org.id, owner_id: user.id }));
    await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Replacement' }, headers: auth(user.token) });
    const refused = await ctx.bus.request('organizations.organization.set_status', { organization_id: org.id, activate: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 403 });
    expect(await ctx.bus.request('organizations.organization.set_status', { organization_id: 'nope', activate: true }).catch((e: unknown) => e)).toMatchObject({ statusCode: 404 });
  });

  it('updates one setting at a time with the spec’s messages, never an inactive one, and deletes', async () => {
    const user = await registered('pro', true);
    const org = (await api.send({ method: 'POST', url: '/organizations', payload: { name: 'Tuned' }, headers: auth(user.token) })).json();
    const put = (payload: object) => api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload, headers: auth(user.token) });

    expect((await put({ language: 'fr-CA' })).json().language).toBe('fr-CA');
    expect((await put({ default_before_post_review_time: 120 })).json().default_before_post_review_time).toBe(120);
    for (const [payload, message] of [
      [{ default_before_post_review_time: 0 }, 'Please enter a valid positive number.'],
      [{ default_before_post_review_time: 43201 }, 'Review time cannot exceed 43200 minutes (30 days).'],
      [{ language: 'xx-XX' }, 'Please choose one of the offered languages.'],
      [{ name: 'A', language: 'en-GB' }, 'Please change one setting at a time: name, language or default_before_post_review_time.'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await api.send({ method: 'PUT', url: `/organizations/${org.id}/deactivate`, payload: {}, headers: auth(user.token) });
    const locked = await put({ name: 'Renamed' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('This account is inactive. Please activate it to configure.');

    expect((await api.send({ method: 'DELETE', url: `/organizations/${org.id}`, headers: auth(user.token) })).json()).toEqual({ success: true });
    expect((await api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: auth(user.token) })).statusCode).toBe(404);
  });
});
