import { In, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ConnectionMessages, PLATFORM_DISPLAY_NAMES, type ConnectionCredentials, type ConnectionCredentialsBatch, type ConnectionPlatform } from '@planner/contracts';
import { conflict, HttpError, notFound, type ServiceContext } from '@planner/service-kit';
import { advisoryLock, afterCommit } from '@planner/service-kit/data';
import { openingKeys, type OAuthPlatform } from '../adapters/index.js';
import { ProviderError, type TokenSet } from '../adapters/provider.js';
import type { OrganizationsContext } from '../context.js';
import { decryptToken, encryptToken } from '../domain/connections/token-cipher.js';
import { dueForSweep, needsRefresh, SWEEP_AHEAD_MS } from '../domain/connections/view.js';
import { Connection } from '../entities/connection.entity.js';
import { accountAfterReconnect } from '../domain/connections/reconnect.js';
import { Organization } from '../entities/organization.entity.js';

/** The platform's name as the user reads it in messages. */
export const displayName = (platform: ConnectionPlatform) => PLATFORM_DISPLAY_NAMES[platform];

/** A platform token as it is stored: encrypted with the service's connection key. */
export const sealToken = (ctx: OrganizationsContext, token: string): string => encryptToken(ctx.adapters.keys.token, token);
export const openToken = (ctx: OrganizationsContext, stored: string): string => decryptToken(openingKeys(ctx.adapters.keys), stored);


/** The fields of a connection that connecting sets. */
export type ConnectionFields = Pick<Connection, 'sandbox' | 'accessToken' | 'refreshToken' | 'pageAccessToken' | 'expiresAt' | 'scopes' | 'specificData' | 'url'>;

/** The organization's connections, one per platform connected. */
export function organizationConnections(ctx: ServiceContext, organizationId: string): Promise<Connection[]> {
  return ctx.dataSource.getRepository(Connection).findBy({ organizationId });
}

/** The organization's connection to a platform, else 404 naming the platform. */
export async function findConnection(ctx: ServiceContext, organizationId: string, platform: ConnectionPlatform): Promise<Connection> {
  const connection = await ctx.dataSource.getRepository(Connection).findOneBy({ organizationId, platform });
  if (!connection) throw notFound(ConnectionMessages.notConnected(displayName(platform)));
  return connection;
}

/** What a provider answers; its refusal or failure becomes a 502 with `failure` as the message (a page list's way). */
export async function fromProvider<T>(failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, failure);
    throw error;
  }
}

/** Creates or replaces the organization's connection to a platform, with the connected event, in one transaction. */
export function saveConnection(ctx: ServiceContext, organization: Organization, userId: string, platform: ConnectionPlatform, fields: ConnectionFields): Promise<Connection> {
  return ctx.dataSource.transaction(async (manager) => {
    const previous = await manager.findOne(Connection, { where: { organizationId: organization.id, platform }, lock: { mode: 'pessimistic_write' } });
    const account = accountAfterReconnect(platform, previous, fields);
    // A new token has a new expiry: the warnings before the old one are forgotten.
    await manager.upsert(Connection, { organizationId: organization.id, platform, status: 'connected', connectedBy: userId, ...fields, ...account, expiryWarning: null }, ['organizationId', 'platform']);
    const saved = await manager.findOneByOrFail(Connection, { organizationId: organization.id, platform });
    await ctx.outbox.add(manager, 'organizations.connection.connected', {
      organizationId: organization.id,
      platform,
      connectionId: saved.id,
      ownerId: organization.ownerId,
      sandbox: fields.sandbox,
    });
    return saved;
  });
}

/** Removes the connection (with its event), then withdraws the app's access at the provider where it offers that. */
export async function disconnect(ctx: OrganizationsContext, organization: Organization, platform: ConnectionPlatform): Promise<void> {
  const connection = await findConnection(ctx, organization.id, platform);
  const removed = await ctx.dataSource.transaction(async (manager) => {
    // Of two removals at once (two disconnects, or one and the organization's deletion) only the one that deletes the row tells of it.
    const { affected } = await manager.delete(Connection, { id: connection.id });
    if (!affected) return false;
    await ctx.outbox.add(manager, 'organizations.connection.disconnected', { organizationId: organization.id, platform, ownerId: organization.ownerId });
    return true;
  });
  if (!removed) throw notFound(ConnectionMessages.notConnected(displayName(platform)));
  await revokeAtProvider(ctx, connection);
}

/**
 * For organizations being deleted in the caller's transaction (their rows locked by it): a disconnected
 * event for each of their connections, which go with them, and each token revoked at its provider once
 * the deletion has committed.
 */
export async function withdrawConnections(ctx: OrganizationsContext, manager: EntityManager, organizations: readonly Organization[]): Promise<void> {
  const owners = new Map(organizations.map((organization) => [organization.id, organization.ownerId]));
  if (owners.size === 0) return;
  const connections = await manager.findBy(Connection, { organizationId: In([...owners.keys()]) });
  for (const connection of connections) {
    await ctx.outbox.add(manager, 'organizations.connection.disconnected', {
      organizationId: connection.organizationId,
      platform: connection.platform,
      ownerId: owners.get(connection.organizationId)!,
    });
  }
  if (connections.length > 0) afterCommit(manager, async () => void (await Promise.all(connections.map((connection) => revokeAtProvider(ctx, connection)))));
}

/** Best effort: the connection is already gone here; a provider that refuses the revoke is only noted. */
async function revokeAtProvider(ctx: OrganizationsContext, connection: Connection): Promise<void> {
  const platform = connection.platform;
  const provider = platform === 'telegram' ? undefined : ctx.adapters.providers.oauth[platform];
  if (!provider?.revoke || connection.sandbox || !connection.accessToken) return;
  try {
    await provider.revoke({
      accessToken: openToken(ctx, connection.accessToken),
      refreshToken: connection.refreshToken ? openToken(ctx, connection.refreshToken) : null,
    });
  } catch (error) {
    ctx.logger.warn({ platform, reason: (error as Error).message }, 'provider did not revoke the disconnected token');
  }
}

/** Refreshes now (the Refresh button); a Sandbox or Telegram connection has nothing to refresh. */
export async function refreshConnection(ctx: OrganizationsContext, organizationId: string, platform: ConnectionPlatform): Promise<Connection> {
  const connection = await findConnection(ctx, organizationId, platform);
  if (connection.sandbox || platform === 'telegram' || !connection.accessToken) return connection;
  return refreshTokens(ctx, connection, true);
}

/** `organizations.connection.credentials`: decrypted tokens for the scheduler, refreshed first when expiring or when asked. */
export async function connectionCredentials(
  ctx: OrganizationsContext,
  organizationId: string,
  platform: ConnectionPlatform,
  { refresh = false }: { refresh?: boolean } = {},
): Promise<ConnectionCredentials> {
  // A token the platform refused is refreshed even if it looks unexpired (revoked, or its life cut short by the provider).
  const connection = refresh
    ? await refreshConnection(ctx, organizationId, platform)
    : await freshConnection(ctx, await findConnection(ctx, organizationId, platform));
  return credentialsOf(ctx, connection);
}

/**
 * `organizations.connection.credentials_batch`: the credentials of many
 * connections in two queries, each with whether its organization is active,
 * or the status and message the single request would have failed with.
 */
export async function connectionCredentialsBatch(
  ctx: OrganizationsContext,
  items: ReadonlyArray<{ organization_id: string; platform: ConnectionPlatform }>,
): Promise<ConnectionCredentialsBatch['items']> {
  const organizationIds = [...new Set(items.map((item) => item.organization_id))];
  const [organizations, connections] = await Promise.all([
    ctx.dataSource.getRepository(Organization).find({ select: { id: true, isActive: true }, where: { id: In(organizationIds) } }),
    ctx.dataSource.getRepository(Connection).findBy({ organizationId: In(organizationIds) }),
  ]);
  const active = new Map(organizations.map((organization) => [organization.id, organization.isActive]));
  return Promise.all(
    items.map(async ({ organization_id, platform }) => {
      const connection = connections.find((found) => found.organizationId === organization_id && found.platform === platform);
      if (!connection || !active.has(organization_id)) return { error: { status_code: 404, message: ConnectionMessages.notConnected(displayName(platform)) } };
      try {
        return { credentials: credentialsOf(ctx, await freshConnection(ctx, connection)), organization_active: active.get(organization_id)! };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return { error: { status_code: error.statusCode, message: error.message } };
      }
    }),
  );
}

/** A connected connection's tokens, decrypted; one that must be connected again is a 409 saying so. */
function credentialsOf(ctx: OrganizationsContext, connection: Connection): ConnectionCredentials {
  const platform = connection.platform;
  if (connection.status !== 'connected') throw conflict(ConnectionMessages.reconnectNeeded(displayName(platform)));
  const open = (value: string | null) => (value ? openToken(ctx, value) : null);
  return {
    platform,
    sandbox: connection.sandbox,
    access_token: platform === 'telegram' && !connection.sandbox ? ctx.adapters.providers.telegram.token : open(connection.accessToken),
    expires_at: connection.expiresAt ? connection.expiresAt.toISOString() : null,
    page_access_token: open(connection.pageAccessToken),
    specific_data: connection.specificData,
  };
}

/** Extends long-lived tokens nearing expiry (see SWEEP_AHEAD_MS); answers how many were refreshed and how many failed. */
export async function sweepConnections(ctx: OrganizationsContext, now = Date.now()): Promise<{ refreshed: number; failed: number }> {
  const platforms = Object.keys(SWEEP_AHEAD_MS) as ConnectionPlatform[];
  const horizon = new Date(now + Math.max(...platforms.map((p) => SWEEP_AHEAD_MS[p]!)));
  const candidates = await ctx.dataSource.getRepository(Connection).find({
    where: { platform: In(platforms), status: 'connected', sandbox: false, expiresAt: LessThanOrEqual(horizon) },
    take: 500,
  });
  let refreshed = 0;
  let failed = 0;
  for (const connection of candidates.filter((c) => dueForSweep(c.platform, c.expiresAt, now))) {
    try {
      await refreshTokens(ctx, connection, true);
      refreshed += 1;
    } catch (error) {
      // The failure is recorded (status expired, failed event); the sweep goes on with the others.
      if (!(error instanceof HttpError)) throw error;
      failed += 1;
    }
  }
  return { refreshed, failed };
}

/** The connection with a token good for a while: refreshed first when it is about to expire. */
export async function freshConnection(ctx: OrganizationsContext, connection: Connection): Promise<Connection> {
  if (connection.sandbox || !connection.accessToken || connection.status !== 'connected' || !needsRefresh(connection.expiresAt, Date.now())) return connection;
  return refreshTokens(ctx, connection, false);
}

/**
 * Refreshes under a per-connection lock: of two concurrent callers one refreshes, the other finds the new token.
 * A refusal marks the connection expired (the user must connect again) and is reported.
 */
async function refreshTokens(ctx: OrganizationsContext, connection: Connection, force: boolean): Promise<Connection> {
  const platform = connection.platform as OAuthPlatform;
  const outcome = await ctx.dataSource.transaction(async (manager) => {
    await advisoryLock(manager, `connection:${connection.id}`);
    const current = await manager.findOneBy(Connection, { id: connection.id });
    if (!current) throw notFound(ConnectionMessages.notConnected(displayName(platform)));
    const alreadyRefreshed = current.updatedAt.getTime() > connection.updatedAt.getTime();
    if ((!force && !needsRefresh(current.expiresAt, Date.now())) || (force && alreadyRefreshed)) return { connection: current };
    let tokens: TokenSet;
    let pageToken: string | undefined;
    try {
      tokens = await ctx.adapters.providers.oauth[platform].refresh({
        accessToken: openToken(ctx, current.accessToken!),
        refreshToken: current.refreshToken ? openToken(ctx, current.refreshToken) : null,
      });
      // A Facebook Page's token comes from the user's: read again with it (Graph may have refused the old one, code 190).
      const pageId = current.specificData.page_id;
      if (platform === 'facebook' && typeof pageId === 'string' && pageId) pageToken = await ctx.adapters.providers.oauth.facebook.pageToken(tokens.accessToken, pageId);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // The provider's own trouble says nothing of the tokens: the connection stays as it is, to be tried again.
      if (error.transient) return { unavailable: error.message };
      await manager.update(Connection, { id: current.id }, { status: 'expired' });
      await ctx.outbox.add(manager, 'organizations.connection.failed', { organizationId: current.organizationId, platform, stage: 'refresh', reason: error.message });
      return { failed: error.message };
    }
    await manager.update(Connection, { id: current.id }, {
      status: 'connected',
      accessToken: sealToken(ctx, tokens.accessToken),
      refreshToken: tokens.refreshToken ? sealToken(ctx, tokens.refreshToken) : current.refreshToken,
      ...(pageToken && { pageAccessToken: sealToken(ctx, pageToken) }),
      expiresAt: tokens.expiresAt,
      expiryWarning: null,
      ...(tokens.scopes.length > 0 && { scopes: tokens.scopes.join(' ') }),
    });
    await ctx.outbox.add(manager, 'organizations.connection.refreshed', {
      organizationId: current.organizationId,
      platform,
      expiresAt: tokens.expiresAt ? tokens.expiresAt.toISOString() : null,
    });
    return { connection: await manager.findOneByOrFail(Connection, { id: current.id }) };
  });
  if ('failed' in outcome) throw conflict(ConnectionMessages.reconnectNeeded(displayName(platform)));
  if ('unavailable' in outcome) {
    ctx.logger.warn({ platform, reason: outcome.unavailable }, 'provider unavailable for a token refresh; the connection is kept');
    throw new HttpError(503, ConnectionMessages.providerUnavailable(displayName(platform)));
  }
  return outcome.connection;
}
