import { describe, expect, it } from 'vitest';
import { eventSchemas, type ConnectionPlatform } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { saveConnection } from '../src/commands/connections.js';
import { warnOfExpiringConnections } from '../src/commands/expiry-warnings.js';
import { Connection } from '../src/entities/connection.entity.js';
import { Organization } from '../src/entities/organization.entity.js';
import { outboxEventsOf, registered, useOrganizations } from './harness.js';

const h = useOrganizations();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** An organization of a new owner's, through the API, in a time zone of its own. */
async function ownedOrganization() {
  const owner = await registered(h.ctx, 'pro');
  const created = await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Linked Brand' }, headers: bearer(owner.token) });
  expect(created.statusCode).toBe(201);
  const organization = await h.ctx.dataSource.getRepository(Organization).findOneByOrFail({ id: created.json().id });
  await h.ctx.dataSource.getRepository(Organization).update({ id: organization.id }, { timezone: 'Europe/Paris' });
  return { owner, organization: { ...organization, timezone: 'Europe/Paris' } };
}

/** A connection as connecting leaves it (tokens are never opened here), expiring at `expiresAt`. */
function connect(organization: Organization, ownerId: string, platform: ConnectionPlatform, expiresAt: Date, fields: { refreshToken?: string | null; sandbox?: boolean } = {}) {
  return saveConnection(h.ctx, organization, ownerId, platform, {
    sandbox: fields.sandbox ?? false,
    accessToken: fields.sandbox ? null : 'v1.sealed-access',
    refreshToken: fields.refreshToken ?? null,
    pageAccessToken: null,
    expiresAt,
    scopes: 'w_member_social',
    specificData: { user_name: 'Member', organization_name: null, person_id: 'lnk-1' },
    url: null,
  });
}

const warningsOf = async (organizationId: string) =>
  (await outboxEventsOf(h.ctx, organizationId)).filter((event) => event.subject === 'organizations.connection.expiring').map((event) => event.data);

describe('warning the owner before a LinkedIn connection that cannot be refreshed expires (issue 29 §9)', () => {
  it('warns once at 7 days, once more under a day, and again after a reconnect', async () => {
    const { owner, organization } = await ownedOrganization();
    const now = Date.now();
    const expiresAt = new Date(now + 6 * DAY);
    const connection = await connect(organization, owner.id, 'linkedin', expiresAt);

    await warnOfExpiringConnections(h.ctx, now);
    await warnOfExpiringConnections(h.ctx, now + HOUR);
    const first = await warningsOf(organization.id);
    expect(first).toEqual([
      {
        organizationId: organization.id,
        platform: 'linkedin',
        connectionId: connection.id,
        ownerId: owner.id,
        organizationName: 'Linked Brand',
        timezone: 'Europe/Paris',
        expiresAt: expiresAt.toISOString(),
        warning: '7_days',
        reconnectUrl: `${h.ctx.config.APP_URL}/organization/${organization.id}/config`,
      },
    ]);
    expect(eventSchemas['organizations.connection.expiring'].parse(first[0])).toEqual(first[0]);
    expect(await h.ctx.dataSource.getRepository(Connection).findOneByOrFail({ id: connection.id })).toMatchObject({ expiryWarning: '7_days', updatedAt: connection.updatedAt });

    // Under a day left: the second warning, once.
    await warnOfExpiringConnections(h.ctx, now + 5 * DAY + HOUR);
    await warnOfExpiringConnections(h.ctx, now + 5 * DAY + 2 * HOUR);
    expect((await warningsOf(organization.id)).map((data) => data.warning)).toEqual(['7_days', '1_day']);

    // Connected again: a new token and expiry, whose warnings are still to come.
    const renewedAt = new Date(now + 60 * DAY);
    await connect(organization, owner.id, 'linkedin', renewedAt);
    expect((await h.ctx.dataSource.getRepository(Connection).findOneByOrFail({ id: connection.id })).expiryWarning).toBeNull();
    await warnOfExpiringConnections(h.ctx, now + 54 * DAY);
    expect((await warningsOf(organization.id)).map((data) => [data.warning, data.expiresAt])).toEqual([
      ['7_days', expiresAt.toISOString()],
      ['1_day', expiresAt.toISOString()],
      ['7_days', renewedAt.toISOString()],
    ]);
  });

  it('says in the connection view that it cannot be refreshed, and when it expires', async () => {
    const { owner, organization } = await ownedOrganization();
    const expiresAt = new Date(Date.now() + 6 * DAY);
    await connect(organization, owner.id, 'linkedin', expiresAt);
    const answer = await h.api.send({ method: 'GET', url: `/oauth/connections?organization_id=${organization.id}`, headers: bearer(owner.token) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().platforms.LINKEDIN).toMatchObject({ is_connected: true, refreshable: false, expires_at: expiresAt.toISOString() });
    expect(answer.body).not.toContain('v1.sealed');
  });

  it('warns of none that is refreshable (a refresh token, or Meta’s extended tokens), Sandbox, or further off', async () => {
    const { owner, organization } = await ownedOrganization();
    const now = Date.now();
    const soon = new Date(now + 6 * DAY);
    await connect(organization, owner.id, 'linkedin', soon, { refreshToken: 'v1.sealed-refresh' });
    await connect(organization, owner.id, 'instagram', soon);
    const sandbox = await ownedOrganization();
    await connect(sandbox.organization, sandbox.owner.id, 'linkedin', soon, { sandbox: true });
    const later = await ownedOrganization();
    await connect(later.organization, later.owner.id, 'linkedin', new Date(now + 8 * DAY));

    await warnOfExpiringConnections(h.ctx, now);
    expect(await warningsOf(later.organization.id)).toEqual([]);
    await warnOfExpiringConnections(h.ctx, now + 5 * DAY + HOUR);
    expect(await warningsOf(organization.id)).toEqual([]);
    expect(await warningsOf(sandbox.organization.id)).toEqual([]);
  });
});
