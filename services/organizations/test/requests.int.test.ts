import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OrganizationRequests, type OrganizationAccess, type OrganizationFacts, type Role } from '@planner/contracts';
import { bearer, publishEvent } from '@planner/service-kit/testing';
import { registered, useOrganizations } from './harness.js';

const h = useOrganizations();
const ask = <T>(subject: string, payload: object) => h.ctx.bus.request<T>(subject, payload).catch((error: unknown) => error);

async function ownerWithOrganization(role: Role) {
  const user = await registered(h.ctx, role);
  const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Asked about' }, headers: bearer(user.token) })).json();
  return { user, org };
}

describe(OrganizationRequests.access, () => {
  it('allows the owner and admins, and answers anyone else as if the organization did not exist', async () => {
    const { user, org } = await ownerWithOrganization('pro');
    const admin = await registered(h.ctx, 'admin');
    const stranger = await registered(h.ctx, 'advanced');

    expect(await ask<OrganizationAccess>(OrganizationRequests.access, { organization_id: org.id, user_id: user.id })).toEqual({
      organization_id: org.id,
      owner_id: user.id,
      as: 'owner',
      is_active: true,
    });
    expect(await ask(OrganizationRequests.access, { organization_id: org.id, user_id: admin.id })).toMatchObject({ as: 'admin', owner_id: user.id });
    for (const payload of [
      { organization_id: org.id, user_id: stranger.id },
      { organization_id: org.id, user_id: randomUUID() },
      { organization_id: randomUUID(), user_id: user.id },
      { organization_id: 'not-an-id', user_id: user.id },
    ]) {
      expect(await ask(OrganizationRequests.access, payload)).toMatchObject({ statusCode: 404 });
    }
    expect(await ask(OrganizationRequests.access, { organization_id: org.id })).toMatchObject({ statusCode: 400 });

    // The token's role is not asked: a user promoted by auth becomes an admin here when the event arrives.
    await publishEvent(h.ctx, 'auth.user.role_changed', { userId: stranger.id, role: 'admin', previousRole: 'advanced' });
    await expect.poll(() => ask(OrganizationRequests.access, { organization_id: org.id, user_id: stranger.id }), { timeout: 5000 }).toMatchObject({ as: 'admin' });
  });

  it('refuses changes to an inactive organization when asked to, with the spec’s message', async () => {
    const { user, org } = await ownerWithOrganization('pro');
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}/deactivate`, payload: {}, headers: bearer(user.token) });
    expect(await ask(OrganizationRequests.access, { organization_id: org.id, user_id: user.id })).toMatchObject({ is_active: false });
    expect(await ask(OrganizationRequests.access, { organization_id: org.id, user_id: user.id, require_active: true })).toMatchObject({
      statusCode: 403,
      message: 'This account is inactive. Please activate it to configure.',
    });
  });
});

describe(OrganizationRequests.facts, () => {
  it('tells the owner’s role and plan, the review time, language, time zone and status', async () => {
    const { user, org } = await ownerWithOrganization('starter');
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload: { default_before_post_review_time: 90 }, headers: bearer(user.token) });
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload: { language: 'es-MX' }, headers: bearer(user.token) });
    await h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload: { timezone: 'America/Chicago' }, headers: bearer(user.token) });
    expect(await ask<OrganizationFacts>(OrganizationRequests.facts, { organization_id: org.id })).toEqual({
      organization_id: org.id,
      owner_id: user.id,
      name: 'Asked about',
      owner_role: 'starter',
      plan: 'starter',
      language: 'es-MX',
      default_before_post_review_time: 90,
      timezone: 'America/Chicago',
      is_active: true,
    });
    await publishEvent(h.ctx, 'auth.user.role_changed', { userId: user.id, role: 'admin', previousRole: 'starter' });
    await expect.poll(() => ask(OrganizationRequests.facts, { organization_id: org.id }), { timeout: 5000 }).toMatchObject({ owner_role: 'admin', plan: null });
    expect(await ask(OrganizationRequests.facts, { organization_id: randomUUID() })).toMatchObject({ statusCode: 404 });
    expect(await ask(OrganizationRequests.facts, {})).toMatchObject({ statusCode: 400 });
  });
});
