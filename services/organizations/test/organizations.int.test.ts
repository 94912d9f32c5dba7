import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OrganizationRequests, type Role } from '@planner/contracts';
import { bearer, publishEvent } from '@planner/service-kit/testing';
import { Member } from '../src/entities/member.entity.js';
import { outboxEventsOf, registered as registeredIn, useOrganizations } from './harness.js';

const h = useOrganizations();
const registered = (role: Role, emailVerified: boolean) => registeredIn(h.ctx, role, emailVerified);

describe('organizations of a user', () => {
  it('asks for a verified e-mail before creating one, as auth last said', async () => {
    const user = await registered('basic', false);
    const refused = await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Acme' }, headers: bearer(user.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Please verify your email address before creating an account.');

    await publishEvent(h.ctx, 'auth.user.verified', { userId: user.id, email: `${user.id}@example.com` });
    await expect.poll(async () => (await h.ctx.dataSource.getRepository(Member).findOneByOrFail({ userId: user.id })).emailVerified, { timeout: 5000 }).toBe(true);
    const created = await h.api.send({ method: 'POST', url: '/organizations', payload: { name: '  Acme  ' }, headers: bearer(user.token) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme', is_active: true, language: 'en-US', deactivation_reason: null });
  });

  it('holds a basic user to one active organization with the spec’s message, and counts the limits', async () => {
    const user = await registered('basic', true);
    expect((await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'One' }, headers: bearer(user.token) })).statusCode).toBe(201);
    const second = await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Two' }, headers: bearer(user.token) });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('You have reached your plan limit of 1 active accounts. Please deactivate an account or upgrade your plan.');
    const limits = await h.api.send({ method: 'GET', url: '/organizations/limits', headers: bearer(user.token) });
    expect(limits.json()).toEqual({ active_count: 1, inactive_count: 0, total_count: 1, limit: 1, can_create_more: false, remaining: 0 });

    await publishEvent(h.ctx, 'auth.user.role_changed', { userId: user.id, role: 'starter', previousRole: 'basic' });
    await expect.poll(async () => (await h.api.send({ method: 'GET', url: '/organizations/limits', headers: bearer(user.token) })).json().limit, { timeout: 5000 }).toBe(5);
    expect((await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Two' }, headers: bearer(user.token) })).statusCode).toBe(201);
    const list = await h.api.send({ method: 'GET', url: '/organizations', headers: bearer(user.token) });
    expect(list.json().map((o: { name: string }) => o.name)).toEqual(['One', 'Two']);
  });

  it('gives the last free slot once when creations and an activation race for it', async () => {
    const user = await registered('basic', true);
    const first = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'First' }, headers: bearer(user.token) })).json();
    await h.api.send({ method: 'PUT', url: `/organizations/${first.id}/deactivate`, payload: {}, headers: bearer(user.token) });
    const create = (name: string) => h.api.send({ method: 'POST', url: '/organizations', payload: { name }, headers: bearer(user.token) });
    const answers = await Promise.all([
      ...['Second', 'Third', 'Fourth', 'Fifth'].map(create),
      h.api.send({ method: 'PUT', url: `/organizations/${first.id}/activate`, headers: bearer(user.token) }),
      ...['Sixth', 'Seventh', 'Eighth'].map(create),
    ]);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(answers.length - 1);
    const limits = await h.api.send({ method: 'GET', url: '/organizations/limits', headers: bearer(user.token) });
    expect(limits.json()).toMatchObject({ active_count: 1, can_create_more: false, remaining: 0 });
  });

  it('answers an organization and the list of them with Cache-Control: no-store (issue 28)', async () => {
    const user = await registered('pro', true);
    const id: string = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Private' }, headers: bearer(user.token) })).json().id;
    for (const url of [`/organizations/${id}`, '/organizations', `/organizations/${id}/config`]) {
      const res = await h.api.send({ method: 'GET', url, headers: bearer(user.token) });
      expect({ url, status: res.statusCode, cacheControl: res.headers.get('cache-control') }).toEqual({ url, status: 200, cacheControl: 'no-store' });
    }
  });

  it('refuses a blank name and anonymous callers', async () => {
    const user = await registered('pro', true);
    const blank = await h.api.send({ method: 'POST', url: '/organizations', payload: { name: '   ' }, headers: bearer(user.token) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter an account name.');
    expect((await h.api.send({ method: 'GET', url: '/organizations' })).statusCode).toBe(401);
  });

  it('answers auth’s admin request for a user’s organizations, and forgets a deleted user', async () => {
    const user = await registered('pro', true);
    await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Kept' }, headers: bearer(user.token) });
    const listed = await h.ctx.bus.request<Array<{ name: string }>>(OrganizationRequests.listByOwner, { user_id: user.id });
    expect(listed.map((o) => o.name)).toEqual(['Kept']);

    await publishEvent(h.ctx, 'auth.user.deleted', { userId: user.id, email: `${user.id}@example.com` });
    await expect.poll(() => h.ctx.bus.request<unknown[]>(OrganizationRequests.listByOwner, { user_id: user.id }), { timeout: 5000 }).toEqual([]);
  });

  it('deactivates with the default reason and activates again only while a slot is free', async () => {
    const user = await registered('basic', true);
    const first = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'First' }, headers: bearer(user.token) })).json();
    const off = await h.api.send({ method: 'PUT', url: `/organizations/${first.id}/deactivate`, payload: {}, headers: bearer(user.token) });
    expect(off.json()).toMatchObject({ is_active: false, deactivation_reason: 'User initiated deactivation' });
    const second = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Second' }, headers: bearer(user.token) })).json();
    expect(second.is_active).toBe(true);
    const full = await h.api.send({ method: 'PUT', url: `/organizations/${first.id}/activate`, headers: bearer(user.token) });
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe('You have reached your plan limit of 1 active accounts. Please deactivate an account or upgrade your plan.');

    const stranger = await registered('pro', true);
    expect((await h.api.send({ method: 'PUT', url: `/organizations/${second.id}/deactivate`, payload: {}, headers: bearer(stranger.token) })).statusCode).toBe(404);
  });

  it('answers auth’s admin status change and inactive list, keeping the plan-limit refusal', async () => {
    const user = await registered('basic', true);
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Watched' }, headers: bearer(user.token) })).json();
    const off = await h.ctx.bus.request<{ is_active: boolean; deactivation_reason: string }>(OrganizationRequests.setStatus, { organization_id: org.id, activate: false, reason: 'fraud' });
    expect(off).toMatchObject({ is_active: false, deactivation_reason: 'fraud' });
    const inactive = await h.ctx.bus.request<Array<{ id: string; owner_id: string }>>(OrganizationRequests.listInactive, {});
    expect(inactive).toContainEqual(expect.objectContaining({ id: org.id, owner_id: user.id }));
    await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Replacement' }, headers: bearer(user.token) });
    const refused = await h.ctx.bus.request(OrganizationRequests.setStatus, { organization_id: org.id, activate: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 403 });
    expect(await h.ctx.bus.request(OrganizationRequests.setStatus, { organization_id: 'nope', activate: true }).catch((e: unknown) => e)).toMatchObject({ statusCode: 404 });
  });

  it('updates one setting at a time with the spec’s messages, never an inactive one, and deletes', async () => {
    const user = await registered('pro', true);
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Tuned' }, headers: bearer(user.token) })).json();
    const put = (payload: object) => h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload, headers: bearer(user.token) });

    expect((await put({ language: 'fr-CA' })).json().language).toBe('fr-CA');
    expect((await put({ default_before_post_review_time: 120 })).json().default_before_post_review_time).toBe(120);
    for (const [payload, message] of [
      [{ default_before_post_review_time: 0 }, 'Please enter a valid positive number.'],
      [{ default_before_post_review_time: 43201 }, 'Review time cannot exceed 43200 minutes (30 days).'],
      [{ language: 'xx-XX' }, 'Please choose one of the offered languages.'],
      [{ name: 'A', language: 'en-GB' }, 'Please change one setting at a time: name, language, default_before_post_review_time or timezone.'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}/deactivate`, payload: {}, headers: bearer(user.token) });
    const locked = await put({ name: 'Renamed' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('This account is inactive. Please activate it to configure.');

    expect((await h.api.send({ method: 'DELETE', url: `/organizations/${org.id}`, headers: bearer(user.token) })).json()).toEqual({ success: true });
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: bearer(user.token) })).statusCode).toBe(404);
  });

  it('writes an event with every change, in the change’s own transaction', async () => {
    const user = await registered('basic', true);
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Told' }, headers: bearer(user.token) })).json();
    const ref = { organizationId: org.id, ownerId: user.id };
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload: { language: 'de-DE' }, headers: bearer(user.token) });
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}/deactivate`, payload: { reason: 'holiday' }, headers: bearer(user.token) });
    // Already inactive: nothing changes, so nothing is told.
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}/deactivate`, payload: {}, headers: bearer(user.token) });
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}/activate`, headers: bearer(user.token) });
    await h.ctx.bus.request(OrganizationRequests.setStatus, { organization_id: org.id, activate: false, reason: 'spam' });
    await h.api.send({ method: 'DELETE', url: `/organizations/${org.id}`, headers: bearer(user.token) });
    expect(await outboxEventsOf(h.ctx, org.id)).toEqual([
      { subject: 'organizations.organization.created', data: { ...ref, name: 'Told', language: 'en-US', defaultBeforePostReviewTime: 60, isActive: true } },
      { subject: 'organizations.organization.updated', data: { ...ref, changes: { language: 'de-DE' } } },
      { subject: 'organizations.organization.deactivated', data: { ...ref, by: 'owner', reason: 'holiday' } },
      { subject: 'organizations.organization.activated', data: { ...ref, by: 'owner' } },
      { subject: 'organizations.organization.deactivated', data: { ...ref, by: 'admin', reason: 'spam' } },
      { subject: 'organizations.organization.deleted', data: { ...ref, reason: 'owner_request' } },
    ]);

    // A refused change writes nothing.
    const other = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Other' }, headers: bearer(user.token) })).json();
    const refused = await h.api.send({ method: 'PUT', url: `/organizations/${other.id}`, payload: { default_before_post_review_time: 0 }, headers: bearer(user.token) });
    expect(refused.statusCode).toBe(400);
    expect((await outboxEventsOf(h.ctx, other.id)).map((e) => e.subject)).toEqual(['organizations.organization.created']);
  });

  it('tells of each organization removed with a deleted user', async () => {
    const user = await registered('pro', true);
    const ids: string[] = [];
    for (const name of ['A', 'B']) ids.push((await h.api.send({ method: 'POST', url: '/organizations', payload: { name }, headers: bearer(user.token) })).json().id);
    await publishEvent(h.ctx, 'auth.user.deleted', { userId: user.id, email: `${user.id}@example.com` });
    for (const id of ids) {
      await expect.poll(async () => (await outboxEventsOf(h.ctx, id)).at(-1), { timeout: 5000 }).toEqual({
        subject: 'organizations.organization.deleted',
        data: { organizationId: id, ownerId: user.id, reason: 'user_deleted' },
      });
    }
  });

  it('needs an admin’s reason to deactivate, and leaves the organization as it was without one', async () => {
    const user = await registered('pro', true);
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Kept on' }, headers: bearer(user.token) })).json();
    for (const reason of [undefined, '   ']) {
      const refused = await h.ctx.bus.request(OrganizationRequests.setStatus, { organization_id: org.id, activate: false, reason }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ statusCode: 400, message: 'Please provide a reason for deactivating this organization' });
    }
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: bearer(user.token) })).json().is_active).toBe(true);
    const back = await h.ctx.bus.request<{ is_active: boolean }>(OrganizationRequests.setStatus, { organization_id: org.id, activate: false, reason: 'abuse' });
    expect(back.is_active).toBe(false);
    expect(await h.ctx.bus.request(OrganizationRequests.setStatus, { organization_id: org.id, activate: true })).toMatchObject({ is_active: true, deactivation_reason: null });
  });

  it('asks for a verified e-mail before updating, deleting, activating or deactivating, as auth last said', async () => {
    const user = await registered('pro', true);
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Guarded' }, headers: bearer(user.token) })).json();
    // Auth's read model has the final word, whatever the token says.
    await publishEvent(h.ctx, 'auth.user.registered', { userId: user.id, username: 'again', email: `${user.id}@example.com`, role: 'pro', newsletterSubscribe: false, emailVerified: false });
    await expect.poll(async () => (await h.ctx.dataSource.getRepository(Member).findOneByOrFail({ userId: user.id })).emailVerified, { timeout: 5000 }).toBe(false);
    for (const [method, url, payload, action] of [
      ['PUT', `/organizations/${org.id}`, { name: 'New' }, 'updating an account.'],
      ['PUT', `/organizations/${org.id}/deactivate`, {}, 'deactivating an account.'],
      ['PUT', `/organizations/${org.id}/activate`, undefined, 'activating an account.'],
      ['DELETE', `/organizations/${org.id}`, undefined, 'deleting an account.'],
    ] as const) {
      const res = await h.api.send({ method, url, headers: bearer(user.token), ...(payload && { payload }) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(`Please verify your email address before ${action}`);
    }
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: bearer(user.token) })).json()).toMatchObject({ name: 'Guarded', is_active: true });
  });
  it('answers the spec’s paths written with a trailing slash (GET and POST /organizations/, GET /platforms/)', async () => {
    const user = await registered('pro', true);
    const created = await h.api.send({ method: 'POST', url: '/organizations/', payload: { name: 'Slashed' }, headers: bearer(user.token) });
    expect(created.statusCode).toBe(201);
    const listed = await h.api.send({ method: 'GET', url: '/organizations/', headers: bearer(user.token) });
    expect(listed.json().map((o: { id: string }) => o.id)).toEqual([created.json().id]);
    const admin = await h.ctx.keys.sign({ sub: randomUUID(), role: 'admin', email_verified: true });
    expect((await h.api.send({ method: 'GET', url: '/platforms/', headers: bearer(admin) })).json()).toHaveLength(8);
  });
});
