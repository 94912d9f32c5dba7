import { Between, In, IsNull, Not } from 'typeorm';
import { EXPIRY_WARNING_AHEAD_MS } from '@planner/contracts';
import type { OrganizationsContext } from '../context.js';
import { dueExpiryWarning } from '../domain/connections/expiry-warning.js';
import { SWEEP_AHEAD_MS } from '../domain/connections/view.js';
import { Connection } from '../entities/connection.entity.js';
import { Organization } from '../entities/organization.entity.js';

/** Connections looked at per sweep; the next sweep (an hour on) takes any left. */
const SWEEP_BATCH = 500;

/** The organization's platforms page, where a connection is made again (the shell selects the organization it names). */
export const platformsPageUrl = (ctx: OrganizationsContext, organizationId: string) => new URL(`/organization/${organizationId}/config`, ctx.config.APP_URL).toString();

/**
 * Warns the owners of connections that cannot be refreshed and run out soon (issue 29 §9): each warning due now
 * (domain/connections/expiry-warning.ts) is remembered on the connection and announced in one transaction, so
 * it goes once per connection and threshold. Answers how many were sent.
 */
export async function warnOfExpiringConnections(ctx: OrganizationsContext, now = Date.now()): Promise<{ warned: number }> {
  const candidates = await ctx.dataSource.getRepository(Connection).find({
    // Meta's tokens, extended by the sweep, are left out here too, so they never crowd a batch.
    where: {
      platform: Not(In(Object.keys(SWEEP_AHEAD_MS))),
      status: 'connected',
      sandbox: false,
      refreshToken: IsNull(),
      expiresAt: Between(new Date(now), new Date(now + EXPIRY_WARNING_AHEAD_MS['7_days'])),
    },
    order: { expiresAt: 'ASC' },
    take: SWEEP_BATCH,
  });
  let warned = 0;
  for (const connection of candidates) if (dueExpiryWarning(connection, now) && (await warn(ctx, connection.id, now))) warned += 1;
  return { warned };
}

/** One connection's warning, decided again on the locked row (a reconnect or another sweep may have come first). */
function warn(ctx: OrganizationsContext, connectionId: string, now: number): Promise<boolean> {
  return ctx.dataSource.transaction(async (manager) => {
    const current = await manager.findOne(Connection, { where: { id: connectionId }, lock: { mode: 'pessimistic_write' } });
    const warning = current && dueExpiryWarning(current, now);
    if (!current || !warning) return false;
    const organization = await manager.findOneByOrFail(Organization, { id: current.organizationId });
    // Not through the entity: `updated_at` tells a refresh whether another caller refreshed first, and a warning is no refresh.
    await manager.createQueryBuilder().update(Connection).set({ expiryWarning: warning, updatedAt: () => '"updated_at"' }).where({ id: current.id }).execute();
    await ctx.outbox.add(manager, 'organizations.connection.expiring', {
      organizationId: organization.id,
      platform: current.platform,
      connectionId: current.id,
      ownerId: organization.ownerId,
      organizationName: organization.name,
      timezone: organization.timezone,
      expiresAt: current.expiresAt!.toISOString(),
      warning,
      reconnectUrl: platformsPageUrl(ctx, organization.id),
    });
    return true;
  });
}
