import { describe, expect, it } from 'vitest';
import { OrganizationRequests, type EventEnvelope } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { bearer, publishEvent, untilConsumerIdle, untilOutboxSent } from '@planner/service-kit/testing';
import { outboxEventsOf, registered, useOrganizations } from './harness.js';

const h = useOrganizations();

/** What another service's durable consumer receives of these subjects, as it arrives. */
async function listen(durable: string, subjects: string[]): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  for (const subject of subjects) await h.ctx.bus.consume({ durable, subject, handle: async (envelope) => void seen.push(envelope) });
  return seen;
}
/** Every event the service has written is published and handled by that consumer: a second copy would be in its list by now. */
async function untilHeard(durable: string, subjects: string[]): Promise<void> {
  await untilOutboxSent(h.ctx);
  for (const subject of subjects) await untilConsumerIdle(h.ctx, { durable, subject });
}
const about = (seen: EventEnvelope[], organizationId: string) =>
  seen.filter((e) => (e.data as { organizationId?: string }).organizationId === organizationId).map((e) => [e.subject, e.data]);
/**
 * An organization's disconnections and deletion in the order the stream holds
 * them. A consumer of each subject gets its own in that order, but two
 * consumers' deliveries may interleave either way.
 */
async function inStreamOrder(organizationId: string): Promise<unknown[][]> {
  const jsm = await h.ctx.bus.connection.jetstreamManager();
  const stream = h.ctx.bus.streamFor('organizations.organization.deleted');
  const { state } = await jsm.streams.info(stream);
  const stored: EventEnvelope[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) stored.push((await jsm.streams.getMessage(stream, { seq })).json<EventEnvelope>());
  const told = new Set(['organizations.connection.disconnected', 'organizations.organization.deleted']);
  return about(
    stored.filter((envelope) => told.has(envelope.subject)),
    organizationId,
  );
}

/** An organization of the user with Sandbox connections to these platforms. */
async function organizationWith(token: string, platforms: string[]): Promise<string> {
  const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: `Connected ${platforms.join(' ')}` }, headers: bearer(token) })).json();
  for (const platform of platforms) {
    expect((await h.api.send({ method: 'POST', url: `/oauth/${platform}/sandbox`, payload: { organization_id: org.id }, headers: bearer(token) })).statusCode).toBe(200);
  }
  return org.id;
}

describe('organization events on the bus', () => {
  it('reach another service’s durable consumer once the change is committed', async () => {
    const seen = await listen('posts', ['organizations.organization.created']);
    const user = await registered(h.ctx, 'pro');
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Heard' }, headers: bearer(user.token) })).json();
    await expect.poll(() => seen.map((e) => e.data), { timeout: 10_000 }).toContainEqual(expect.objectContaining({ organizationId: org.id, ownerId: user.id, name: 'Heard' }));
    await untilHeard('posts', ['organizations.organization.created']);
    expect(seen.filter((e) => (e.data as { organizationId: string }).organizationId === org.id)).toHaveLength(1);
  });

  it('tell of each connection that goes with an organization its owner deletes, then of the organization', async () => {
    const seen = await listen('scheduler-owner-delete', ['organizations.connection.disconnected', 'organizations.organization.deleted']);
    const user = await registered(h.ctx, 'pro');
    const organizationId = await organizationWith(user.token, ['x', 'telegram']);
    expect((await h.api.send({ method: 'DELETE', url: `/organizations/${organizationId}`, headers: bearer(user.token) })).json()).toEqual({ success: true });

    const ref = { organizationId, ownerId: user.id };
    await expect.poll(() => about(seen, organizationId).length, { timeout: 10_000 }).toBe(3);
    await untilHeard('scheduler-owner-delete', ['organizations.connection.disconnected', 'organizations.organization.deleted']);
    expect(about(seen, organizationId)).toHaveLength(3);
    const told = await inStreamOrder(organizationId);
    expect(told).toHaveLength(3);
    expect(told.slice(0, 2)).toEqual(
      expect.arrayContaining([
        ['organizations.connection.disconnected', { ...ref, platform: 'x' }],
        ['organizations.connection.disconnected', { ...ref, platform: 'telegram' }],
      ]),
    );
    expect(told[2]).toEqual(['organizations.organization.deleted', { ...ref, reason: 'owner_request' }]);
    expect(await h.ctx.dataSource.query('SELECT 1 FROM connections WHERE organization_id = $1', [organizationId])).toEqual([]);
  });

  it('tell of every connection and organization that go with a deleted user', async () => {
    const seen = await listen('scheduler-user-delete', ['organizations.connection.disconnected', 'organizations.organization.deleted']);
    const user = await registered(h.ctx, 'pro');
    const first = await organizationWith(user.token, ['linkedin']);
    const second = await organizationWith(user.token, ['youtube', 'tiktok']);
    const bystander = await registered(h.ctx, 'pro');
    const kept = await organizationWith(bystander.token, ['linkedin']);

    await publishEvent(h.ctx, 'auth.user.deleted', { userId: user.id, email: `${user.id}@example.com` });
    await expect.poll(() => about(seen, first).length + about(seen, second).length, { timeout: 10_000 }).toBe(5);
    await untilHeard('scheduler-user-delete', ['organizations.connection.disconnected', 'organizations.organization.deleted']);
    expect(about(seen, first)).toHaveLength(2);
    expect(await inStreamOrder(first)).toEqual([
      ['organizations.connection.disconnected', { organizationId: first, ownerId: user.id, platform: 'linkedin' }],
      ['organizations.organization.deleted', { organizationId: first, ownerId: user.id, reason: 'user_deleted' }],
    ]);
    expect(about(seen, second).map(([subject, data]) => [subject, (data as { platform?: string }).platform ?? null]).sort()).toEqual([
      ['organizations.connection.disconnected', 'tiktok'],
      ['organizations.connection.disconnected', 'youtube'],
      ['organizations.organization.deleted', null],
    ]);
    expect(about(seen, kept)).toEqual([]);
    const listed = await h.api.send({ method: 'GET', url: `/oauth/connections?organization_id=${kept}`, headers: bearer(bystander.token) });
    expect(listed.json().platforms.LINKEDIN.is_connected).toBe(true);
  });

  it('tell of a connection removed by two disconnects at once only once', async () => {
    const user = await registered(h.ctx, 'pro');
    const organizationId = await organizationWith(user.token, ['threads']);
    const disconnect = () => h.api.send({ method: 'POST', url: '/oauth/threads/disconnect', payload: { organization_id: organizationId }, headers: bearer(user.token) });
    const answers = await Promise.all([disconnect(), disconnect(), disconnect()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    expect(answers.find((a) => a.statusCode === 404)!.json().message).toBe('Threads is not connected.');
    const told = (await outboxEventsOf(h.ctx, organizationId)).filter((e) => e.subject === 'organizations.connection.disconnected');
    expect(told).toEqual([{ subject: 'organizations.connection.disconnected', data: { organizationId, ownerId: user.id, platform: 'threads' } }]);
  });

  it('leave requests to the service answered by it once its events are on the bus', async () => {
    const user = await registered(h.ctx, 'pro');
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Asked after' }, headers: bearer(user.token) })).json();
    // The organization's event has been published, so the service's stream exists and captures its subjects.
    await expect
      .poll(async () => (await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'organizations.organization.created' })).every((e) => e.publishedAt !== null), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await h.ctx.bus.request(OrganizationRequests.access, { organization_id: org.id, user_id: user.id })).toEqual({
      organization_id: org.id,
      owner_id: user.id,
      as: 'owner',
      is_active: true,
    });
    expect(await h.ctx.bus.request(OrganizationRequests.facts, { organization_id: org.id })).toMatchObject({ organization_id: org.id, name: 'Asked after', plan: 'pro' });
  });
});
