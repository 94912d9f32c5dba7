import { describe, expect, it } from 'vitest';
import { OrganizationMessages, type PlanType, type SubscriptionStatus } from '@planner/contracts';
import { bearer, publishCopy, publishEvent, untilConsumerIdle } from '@planner/service-kit/testing';
import { Member } from '../src/entities/member.entity.js';
import { Organization } from '../src/entities/organization.entity.js';
import { outboxEventsOf, registered, useOrganizations } from './harness.js';

const h = useOrganizations();

/** billing.subscription.changed for the user, dated `changedAt`. */
const planChange = (userId: string, planType: PlanType, status: SubscriptionStatus, changedAt: string) =>
  publishEvent(h.ctx, 'billing.subscription.changed', { userId, planType, status, changedAt });
/** Every plan change on the bus has been handled by the service: any effect of it is in by now. */
const untilApplied = () => untilConsumerIdle(h.ctx, { durable: 'organizations', subject: 'billing.subscription.changed' });

const list = async (token: string) => (await h.api.send({ method: 'GET', url: '/organizations', headers: bearer(token) })).json();
const limits = async (token: string) => (await h.api.send({ method: 'GET', url: '/organizations/limits', headers: bearer(token) })).json();
const create = (token: string, name: string) => h.api.send({ method: 'POST', url: '/organizations', payload: { name }, headers: bearer(token) });
const activate = (token: string, id: string) => h.api.send({ method: 'PUT', url: `/organizations/${id}/activate`, headers: bearer(token) });
const activeCount = (ownerId: string) => h.ctx.dataSource.getRepository(Organization).countBy({ ownerId, isActive: true });

/** A user on `role` with `n` organizations made one after another through the API; their ids oldest first. */
async function ownerWith(role: 'pro' | 'admin', n: number) {
  const user = await registered(h.ctx, role);
  const ids: string[] = [];
  for (let i = 1; i <= n; i += 1) {
    const created = await create(user.token, `Brand ${i}`);
    expect(created.statusCode).toBe(201);
    ids.push(created.json().id);
  }
  return { ...user, ids };
}

describe('a plan downgrade', () => {
  it('leaves a pro owner moved to basic the oldest of ten organizations active and tells why on the other nine', async () => {
    const owner = await ownerWith('pro', 10);
    const bystander = await ownerWith('pro', 3);
    const downgrade = await planChange(owner.id, 'basic', 'active', '2026-05-01T00:00:00.000Z');
    await expect.poll(() => activeCount(owner.id), { timeout: 10_000 }).toBe(1);

    const reason = 'Plan limit: downgraded to Basic';
    const shown = await list(owner.token);
    expect(shown.map((o: { id: string }) => o.id)).toEqual(owner.ids);
    expect(shown[0]).toMatchObject({ id: owner.ids[0], is_active: true, deactivated_at: null, deactivation_reason: null });
    for (const organization of shown.slice(1)) {
      expect(organization).toMatchObject({ is_active: false, deactivation_reason: reason, deactivated_at: expect.any(String) });
    }
    // The most recently created went first: deactivation times run from the newest organization to the second oldest.
    const order = shown.slice(1).sort((a: { deactivated_at: string }, b: { deactivated_at: string }) => a.deactivated_at.localeCompare(b.deactivated_at));
    expect(order.map((o: { id: string }) => o.id)).toEqual(owner.ids.slice(1).reverse());
    expect(await limits(owner.token)).toEqual({ active_count: 1, inactive_count: 9, total_count: 10, limit: 1, can_create_more: false, remaining: 0 });

    const told = async (id: string) => (await outboxEventsOf(h.ctx, id)).filter((e) => e.subject === 'organizations.organization.deactivated');
    for (const id of owner.ids.slice(1)) expect(await told(id)).toEqual([{ subject: 'organizations.organization.deactivated', data: { organizationId: id, ownerId: owner.id, by: 'plan', reason } }]);
    expect(await told(owner.ids[0]!)).toEqual([]);
    expect(await activeCount(bystander.id)).toBe(3);

    // Delivered again, past JetStream's dedupe: the inbox drops it, nothing more changes.
    const before = await h.ctx.dataSource.getRepository(Organization).findBy({ ownerId: owner.id });
    await publishCopy(h.ctx, downgrade);
    await untilApplied();
    expect(await h.ctx.dataSource.getRepository(Organization).findBy({ ownerId: owner.id })).toEqual(before);
    for (const id of owner.ids) expect((await told(id)).length).toBe(id === owner.ids[0] ? 0 : 1);
    expect((await activate(owner.token, owner.ids[1]!)).json().message).toBe(OrganizationMessages.planLimitReached(1));
  });

  it('skips a change older than the last applied, and reactivates nothing on an upgrade', async () => {
    const owner = await ownerWith('pro', 3);
    await planChange(owner.id, 'starter', 'canceled', '2026-05-02T00:00:00.000Z');
    await expect.poll(() => activeCount(owner.id), { timeout: 10_000 }).toBe(1);
    expect((await list(owner.token))[2].deactivation_reason).toBe('Plan limit: downgraded to Basic');

    // The upgrade that came before the cancellation arrives late: skipped, the owner stays on basic's limit.
    await planChange(owner.id, 'pro', 'active', '2026-05-01T12:00:00.000Z');
    await untilApplied();
    const member = await h.ctx.dataSource.getRepository(Member).findOneByOrFail({ userId: owner.id });
    expect([member.role, member.planChangedAt?.toISOString()]).toEqual(['basic', '2026-05-02T00:00:00.000Z']);
    const refused = await activate(owner.token, owner.ids[1]!);
    expect([refused.statusCode, refused.json().message]).toEqual([403, OrganizationMessages.planLimitReached(1)]);

    // A newer upgrade: nothing comes back by itself; the owner chooses what to activate.
    await planChange(owner.id, 'advanced', 'active', '2026-05-03T00:00:00.000Z');
    await expect.poll(async () => (await limits(owner.token)).limit, { timeout: 10_000 }).toBe(25);
    expect(await activeCount(owner.id)).toBe(1);
    expect((await activate(owner.token, owner.ids[2]!)).json()).toMatchObject({ is_active: true, deactivation_reason: null });
  });

  it('leaves an admin’s organizations alone whatever plan they buy', async () => {
    const admin = await ownerWith('admin', 3);
    await planChange(admin.id, 'basic', 'canceled', '2026-05-01T00:00:00.000Z');
    await untilApplied();
    expect(await activeCount(admin.id)).toBe(3);
    expect((await h.ctx.dataSource.getRepository(Member).findOneByOrFail({ userId: admin.id })).role).toBe('admin');
  });

  it('ends within the new limit when the owner creates and activates organizations at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const owner = await ownerWith('pro', 6);
      for (const id of owner.ids.slice(3)) await h.api.send({ method: 'PUT', url: `/organizations/${id}/deactivate`, payload: {}, headers: bearer(owner.token) });
      const racing = Promise.all([
        ...owner.ids.slice(3).map((id) => activate(owner.token, id)),
        ...['Late 1', 'Late 2', 'Late 3'].map((name) => create(owner.token, name)),
      ]);
      await planChange(owner.id, 'basic', 'active', `2026-05-0${round + 1}T00:00:00.000Z`);
      await racing;
      await untilApplied();
      expect(await activeCount(owner.id)).toBe(1);
    }
  });
});
