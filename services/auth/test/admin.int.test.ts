import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, SharedMessages } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { bearer, publishCopy, publishEvent, untilConsumerIdle } from '@planner/service-kit/testing';
import { RefreshToken } from '../src/entities/refresh-token.entity.js';
import { User } from '../src/entities/user.entity.js';
import { useAuth } from './harness.js';

// The organizations service is not running: its requests go unanswered.
const h = useAuth();
/** An organization id: organizations is not running in these tests, so none exists. */
const ORGANIZATION = randomUUID();
let adminToken: string;
let proToken: string;
const ids: Record<string, string> = {};

async function addUser(name: string, role: User['role']): Promise<User> {
  const users = h.ctx.dataSource.getRepository(User);
  return users.save(users.create({ username: name, email: `${name}@example.com`, role, emailVerified: true }));
}

beforeAll(async () => {
  for (const [name, role] of [['boss', 'admin'], ['paula', 'pro'], ['sam_1', 'basic'], ['sam_2', 'starter']] as const) {
    ids[name] = (await addUser(name, role)).id;
  }
  adminToken = await h.keys.signAccessToken({ sub: ids.boss!, role: 'admin', email_verified: true }, 900);
  proToken = await h.keys.signAccessToken({ sub: ids.paula!, role: 'pro', email_verified: true }, 900);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) =>
  h.api.send({ method, url, payload, headers: bearer(token) });

describe('admin user management', () => {
  it('refuses every admin route to anonymous callers (401) and to non-admins (403)', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', '/auth/users'],
      ['GET', `/auth/users/${ids.sam_1}`],
      ['GET', `/auth/users/${ids.sam_1}/organizations`],
      ['GET', `/auth/users/${ids.sam_1}/subscription`],
      ['PUT', `/auth/users/${ids.sam_1}/role`, { role: 'admin' }],
      ['POST', `/auth/users/${ids.sam_1}/role/reset`],
      ['POST', '/auth/admin/ban-user', { user_id: ids.sam_1, reason: 'x' }],
      ['POST', '/auth/admin/unban-user', { user_id: ids.sam_1 }],
      ['GET', '/auth/admin/banned-users'],
      ['POST', '/auth/admin/organization-status', { organization_id: ORGANIZATION, activate: true }],
      ['GET', '/auth/admin/inactive-organizations'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, proToken, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(SharedMessages.adminRequired);
    }
    expect((await h.ctx.dataSource.getRepository(User).findOneByOrFail({ id: ids.sam_1! })).role).toBe('basic');
  });

  it('lists users with a literal search and paging', async () => {
    const res = (await call('GET', '/auth/users?search=sam_&per_page=1', adminToken)).json();
    expect(res.data.pagination).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });
    expect(res.data.users[0].username).toMatch(/^sam_/);
    expect((await call('GET', '/auth/users?search=%25', adminToken)).json().data.pagination.total).toBe(0);
    // search_by narrows the search to one field: "example" is in every e-mail, in no username.
    expect((await call('GET', '/auth/users?search=example&search_by=username', adminToken)).json().data.pagination.total).toBe(0);
    expect((await call('GET', '/auth/users?search=sam_1%40&search_by=email', adminToken)).json().data.users.map((u: { username: string }) => u.username)).toEqual(['sam_1']);
    const unknownField = await call('GET', '/auth/users?search=sam&search_by=name', adminToken);
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().message).toBe(AuthMessages.userSearchField);
    expect(JSON.stringify(res)).not.toMatch(/password/i);
  });

  it('shows one user, and 404 "User not found" for an unknown id', async () => {
    expect((await call('GET', `/auth/users/${ids.paula}`, adminToken)).json().data.user.role).toBe('pro');
    const missing = await call('GET', `/auth/users/${randomUUID()}`, adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
  });

  it('changes a role to any of the seven and resets it to the plan', async () => {
    const res = await call('PUT', `/auth/users/${ids.sam_1}/role`, adminToken, { role: 'superadmin' });
    expect(res.json().data.user.role).toBe('superadmin');
    expect((await call('PUT', `/auth/users/${ids.sam_1}/role`, adminToken, { role: 'emperor' })).statusCode).toBe(400);
    expect((await call('POST', `/auth/users/${ids.sam_1}/role/reset`, adminToken)).json().data.user.role).toBe('basic');
    const events = await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'auth.user.role_changed' });
    expect(events.map((e) => (e.envelope.data as { role: string }).role)).toEqual(expect.arrayContaining(['superadmin', 'basic']));
  });

  it('bans with a reason for whole hours, lists the ban, and unbans', async () => {
    for (const [body, message] of [
      [{ user_id: ids.sam_2, reason: '   ' }, AuthMessages.banReasonRequired],
      [{ user_id: ids.sam_2, reason: 'spam', duration_hours: 0 }, AuthMessages.banDurationInvalid],
      [{ user_id: ids.sam_2, reason: 'spam', duration_hours: 1.5 }, AuthMessages.banDurationInvalid],
    ] as const) {
      const res = await call('POST', '/auth/admin/ban-user', adminToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // sam_2 is signed in somewhere: the ban must end that session.
    const session = randomUUID();
    await h.ctx.dataSource.getRepository(RefreshToken).insert({ userId: ids.sam_2!, familyId: session, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 3600_000) });
    const banned = (await call('POST', '/auth/admin/ban-user', adminToken, { user_id: ids.sam_2, reason: 'spam', duration_hours: 2 })).json();
    expect(banned.data.user).toMatchObject({ is_banned: true, ban_reason: 'spam' });
    expect(Date.parse(banned.data.user.ban_expires_at) - Date.now()).toBeGreaterThan(7000_000);
    const list = (await call('GET', '/auth/admin/banned-users', adminToken)).json();
    expect(list.data.users.map((u: { id: string }) => u.id)).toEqual([ids.sam_2]);
    const revoked = await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'auth.sessions.revoked' });
    expect(revoked.some((e) => (e.envelope.data as { userId: string }).userId === ids.sam_2)).toBe(true);
    expect(revoked.map((e) => e.envelope.data)).toContainEqual({ userId: ids.sam_2, sessionIds: [session], reason: 'banned' });

    const unbanned = (await call('POST', '/auth/admin/unban-user', adminToken, { user_id: ids.sam_2 })).json();
    expect(unbanned.data.user).toMatchObject({ is_banned: false, ban_reason: null, ban_expires_at: null });
    const outbox = h.ctx.dataSource.getRepository(OutboxEvent);
    expect((await outbox.findOneByOrFail({ subject: 'auth.user.banned' })).envelope.data).toMatchObject({ userId: ids.sam_2, reason: 'spam' });
    expect((await outbox.findOneByOrFail({ subject: 'auth.user.unbanned' })).envelope.data).toEqual({ userId: ids.sam_2 });
  });

  it('needs a reason to deactivate an organization, and says so when organizations does not answer', async () => {
    const noReason = await call('POST', '/auth/admin/organization-status', adminToken, { organization_id: ORGANIZATION, activate: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please provide a reason for deactivating this organization');
    const down = await call('POST', '/auth/admin/organization-status', adminToken, { organization_id: ORGANIZATION, activate: false, reason: 'fraud' });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(SharedMessages.serviceUnavailable);
  });

  it('refuses text Postgres cannot store in a ban or status reason with a 400 naming it, before organizations is asked (issue 28)', async () => {
    for (const [reason, message] of [
      ['nul\u0000here', SharedMessages.nulCharacter],
      ['x\ud800y', SharedMessages.loneSurrogate],
    ]) {
      for (const [url, body] of [
        ['/auth/admin/ban-user', { user_id: ids.sam_1, reason }],
        ['/auth/admin/organization-status', { organization_id: ORGANIZATION, activate: false, reason }],
      ] as const) {
        const res = await call('POST', url, adminToken, body);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { error: 'Bad Request', message, field: 'reason' } });
      }
    }
    const user = await h.ctx.dataSource.getRepository(User).findOneByOrFail({ id: ids.sam_1! });
    expect(user.banReason).toBeNull();
  });

  it('checks ids at the edge: a user id that is no UUID is that user’s 404, an organization id a 400, a 1 MB one too (issue 28)', async () => {
    for (const url of ['/auth/users/not-a-uuid', '/auth/users/%00/organizations', `/auth/users/${'a'.repeat(400)}/subscription`]) {
      const res = await call('GET', url, adminToken);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 404, message: AuthMessages.userNotFound });
    }
    for (const organization_id of ['o1', 'x'.repeat(1024 * 1024 - 100)]) {
      const res = await call('POST', '/auth/admin/organization-status', adminToken, { organization_id, activate: true });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: 'No organization selected.' });
    }
  });
});

describe('role follows the plan', () => {
  it('sets the plan role on billing.subscription.changed, once, and never demotes an admin', async () => {
    const publish = (userId: string, planType: 'advanced' | 'starter', status: 'active', eventId = randomUUID()) =>
      publishEvent(h.ctx, 'billing.subscription.changed', { userId, planType, status }, { eventId });
    const twice = randomUUID();
    const first = await publish(ids.paula!, 'advanced', 'active', twice);
    await publish(ids.boss!, 'starter', 'active');
    const users = h.ctx.dataSource.getRepository(User);
    await expect.poll(async () => (await users.findOneByOrFail({ id: ids.paula! })).role, { timeout: 5000 }).toBe('advanced');
    await expect.poll(async () => (await users.findOneByOrFail({ id: ids.boss! })).planType, { timeout: 5000 }).toBe('starter');
    expect((await users.findOneByOrFail({ id: ids.boss! })).role).toBe('admin');

    await users.update({ id: ids.paula! }, { role: 'pro' });
    await publishCopy(h.ctx, first);
    // The copy has been handled (acknowledged), however long that took: a second effect would be in by now.
    await untilConsumerIdle(h.ctx, { durable: 'auth', subject: 'billing.subscription.changed' });
    expect((await users.findOneByOrFail({ id: ids.paula! })).role).toBe('pro'); // the redelivery had no second effect
  });

  it('skips a plan change older than the last applied, arriving late', async () => {
    const users = h.ctx.dataSource.getRepository(User);
    const change = (planType: 'pro' | 'starter', changedAt: string) =>
      publishEvent(h.ctx, 'billing.subscription.changed', { userId: ids.paula!, planType, status: 'active', changedAt });
    // Later than the changes of the test before, which carry no date and so are ordered by when they were announced.
    const later = Date.now() + 60_000;
    await change('pro', new Date(later).toISOString());
    await expect.poll(async () => (await users.findOneByOrFail({ id: ids.paula! })).planType, { timeout: 5000 }).toBe('pro');
    await change('starter', new Date(later - 1000).toISOString());
    await untilConsumerIdle(h.ctx, { durable: 'auth', subject: 'billing.subscription.changed' });
    expect(await users.findOneByOrFail({ id: ids.paula! })).toMatchObject({ planType: 'pro', role: 'pro' });
  });
});

describe('requests other services ask', () => {
  it('auth.user.contact answers where to mail a user, and 404 for an account that is gone', async () => {
    expect(await h.ctx.bus.request('auth.user.contact', { user_id: ids.paula })).toEqual({ email: 'paula@example.com', username: 'paula' });
    await expect(h.ctx.bus.request('auth.user.contact', { user_id: randomUUID() })).rejects.toMatchObject({ statusCode: 404 });
  });
});
