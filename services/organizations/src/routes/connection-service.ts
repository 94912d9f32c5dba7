import type { EntityManager } from 'typeorm';
import {
  ConnectionMessages,
  OrganizationMessages,
  PLATFORM_DISPLAY_NAMES,
  type ConnectionCredentials,
  type ConnectionPlatform,
  type Identity,
} from '@planner/contracts';
import { In, LessThanOrEqual } from 'typeorm';
import { badRequest, conflict, forbidden, HttpError, notFound, type ServiceContext } from '@planner/service-kit';
import { advisoryLock, afterCommit } from '@planner/service-kit/data';
import { connectionConfigSchema, type ConnectionConfig } from '../adapters/config.js';
import { providersFrom, type OAuthPlatform, type Providers } from '../adapters/index.js';
import { ProviderError, type AccountProfile, type TokenSet } from '../adapters/provider.js';
import { callbackProblem, resultPage, type CallbackQuery } from '../domain/connections/callback.js';
import { connectionTokenKey, stateSigningKey } from '../domain/connections/keys.js';
import { issueState, STATE_TTL_SECONDS, verifyState, type PendingConnect } from '../domain/connections/oauth-state.js';
import { decryptToken, encryptToken } from '../domain/connections/token-cipher.js';
import { connectionView, dueForSweep, needsRefresh, platformsMap, SWEEP_AHEAD_MS } from '../domain/connections/view.js';
import { Connection } from '../entities/connection.entity.js';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

const stateKey = (nonce: string) => `oauth_state:${nonce}`;
/** The development-key warning is said once per process, not once per user of Connections. */
let warnedDevKey = false;
const displayName = (platform: ConnectionPlatform) => PLATFORM_DISPLAY_NAMES[platform];

/** Platform connections: connect (OAuth, Telegram, Sandbox), disconnect, refresh, credentials; events through the outbox. */
export class Connections {
  readonly config: ConnectionConfig;
  readonly providers: Providers;
  private readonly key: Buffer;
  private readonly stateKey: Buffer;

  constructor(
    private readonly ctx: ServiceContext,
    providers?: Providers,
  ) {
    this.config = connectionConfigSchema.parse(ctx.config);
    const { key, isDevDefault } = connectionTokenKey(this.config);
    if (isDevDefault && !warnedDevKey) {
      warnedDevKey = true;
      ctx.logger.warn('CONNECTION_TOKEN_KEY is not set: platform tokens are encrypted with the DEVELOPMENT-ONLY key');
    }
    this.key = key;
    this.stateKey = stateSigningKey(key);
    this.providers = providers ?? providersFrom(this.config);
  }

  // ---- who may act ----

  /** The caller's organization, else 404 (others' organizations are not revealed). */
  async ownOrganization(identity: Identity, organizationId: string): Promise<Organization> {
    const organization = await this.ctx.dataSource.getRepository(Organization).findOneBy({ id: organizationId, ownerId: identity.userId });
    if (!organization) throw notFound();
    return organization;
  }

  /** Connecting needs the caller's organization, active, and a verified e-mail (part 2 §2). */
  async configurableOrganization(identity: Identity, organizationId: string): Promise<Organization> {
    const organization = await this.ownOrganization(identity, organizationId);
    const member = (await this.ctx.dataSource.getRepository(Member).findOneBy({ userId: identity.userId })) ?? identity;
    if (!member.emailVerified) throw forbidden(OrganizationMessages.verifyEmailBeforePlatforms);
    if (!organization.isActive) throw forbidden(OrganizationMessages.inactive);
    return organization;
  }

  async platforms(organizationId: string) {
    return platformsMap(await this.ctx.dataSource.getRepository(Connection).findBy({ organizationId }));
  }

  private async connection(organizationId: string, platform: ConnectionPlatform): Promise<Connection> {
    const connection = await this.ctx.dataSource.getRepository(Connection).findOneBy({ organizationId, platform });
    if (!connection) throw notFound(ConnectionMessages.notConnected(displayName(platform)));
    return connection;
  }

  // ---- OAuth ----

  redirectUri(platform: OAuthPlatform): string {
    return new URL(`/api/oauth/${platform}/callback`, this.config.APP_URL).toString();
  }

  /** The provider's authorization URL with a signed, single-use, expiring state; the PKCE verifier stays here. */
  async authorize(identity: Identity, organization: Organization, platform: OAuthPlatform): Promise<string> {
    const provider = this.providers.oauth[platform];
    if (!provider.configured) throw badRequest(ConnectionMessages.notConfigured(displayName(platform)), { sandbox_available: true });
    const { state, nonce } = issueState(this.stateKey, platform);
    const { url, codeVerifier } = provider.authorizationUrl({ state, redirectUri: this.redirectUri(platform) });
    const pending: PendingConnect = { organizationId: organization.id, userId: identity.userId, platform, ...(codeVerifier && { codeVerifier }) };
    await this.ctx.redis.set(stateKey(nonce), JSON.stringify(pending), 'EX', STATE_TTL_SECONDS);
    return url;
  }

  /** Handles the provider's redirect; answers the result page to send the popup to. */
  async callback(platform: OAuthPlatform, query: CallbackQuery): Promise<string> {
    const fail = (error: string) => resultPage(this.config.APP_URL, platform, error);
    const problem = callbackProblem(query);
    if (problem !== null) return fail(problem);
    const nonce = verifyState(this.stateKey, platform, query.state!);
    if (!nonce) return fail('invalid_state');
    // GETDEL: a state is good once; a replay finds nothing.
    const stored = await this.ctx.redis.getdel(stateKey(nonce));
    if (!stored) return fail('invalid_state');
    const pending = JSON.parse(stored) as PendingConnect;
    if (pending.platform !== platform) return fail('invalid_state');
    const organization = await this.ctx.dataSource.getRepository(Organization).findOneBy({ id: pending.organizationId, ownerId: pending.userId });
    if (!organization) return fail('organization_not_found');

    const refusal = await this.connectWithTokens(organization, pending.userId, platform, () =>
      this.providers.oauth[platform].exchangeCode({ code: query.code!, redirectUri: this.redirectUri(platform), codeVerifier: pending.codeVerifier }),
    );
    return refusal ? fail(refusal.message) : resultPage(this.config.APP_URL, platform);
  }

  /** Part 2 §7: Facebook connected with a token from the JavaScript SDK's login (the popup-less way). */
  async connectFacebookWithToken(identity: Identity, organization: Organization, userToken: string) {
    const provider = this.providers.oauth.facebook;
    if (!provider.configured) throw badRequest(ConnectionMessages.notConfigured('Facebook'), { sandbox_available: true });
    const refusal = await this.connectWithTokens(organization, identity.userId, 'facebook', () => provider.exchangeUserToken(userToken));
    if (refusal) throw badRequest(ConnectionMessages.connectFailed('Facebook', refusal.message));
    return { status: 'success', message: ConnectionMessages.connected('Facebook') };
  }

  /**
   * Takes the tokens `obtainTokens` gets from the provider and the account's profile, and saves the connection.
   * A provider's refusal is told as organizations.connection.failed (stage connect) and handed back for the caller to answer.
   */
  private async connectWithTokens(
    organization: Organization,
    userId: string,
    platform: OAuthPlatform,
    obtainTokens: () => Promise<TokenSet>,
  ): Promise<ProviderError | null> {
    let tokens: TokenSet;
    let profile: AccountProfile;
    try {
      tokens = await obtainTokens();
      profile = await this.providers.oauth[platform].profile(tokens.accessToken);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await this.ctx.dataSource.transaction((manager) =>
        this.ctx.outbox.add(manager, 'organizations.connection.failed', { organizationId: organization.id, platform, stage: 'connect', reason: error.message }),
      );
      return error;
    }
    await this.save(organization, userId, platform, {
      sandbox: false,
      accessToken: this.encrypt(tokens.accessToken),
      refreshToken: tokens.refreshToken ? this.encrypt(tokens.refreshToken) : null,
      pageAccessToken: null,
      expiresAt: tokens.expiresAt,
      scopes: tokens.scopes.join(' '),
      specificData: profile.specificData,
      url: profile.url,
    });
    return null;
  }

  /** A clearly labelled Sandbox connection, only where the provider is not configured (the dev flow). */
  async sandbox(identity: Identity, organization: Organization, platform: ConnectionPlatform) {
    const configured = platform === 'telegram' ? this.providers.telegram.configured : this.providers.oauth[platform].configured;
    if (configured) throw conflict(ConnectionMessages.sandboxOnlyWithoutCredentials(displayName(platform)));
    return connectionView(
      await this.save(organization, identity.userId, platform, {
        sandbox: true,
        accessToken: null,
        refreshToken: null,
        pageAccessToken: null,
        expiresAt: null,
        scopes: '',
        specificData: { username: 'sandbox', name: `${displayName(platform)} Sandbox` },
        url: null,
      }),
    );
  }

  // ---- Telegram ----

  /** The connected channel, as a list (part 2 §7 GET /oauth/telegram/channels). */
  async telegramChannels(organizationId: string) {
    const connection = await this.ctx.dataSource.getRepository(Connection).findOneBy({ organizationId, platform: 'telegram' });
    if (!connection || connection.sandbox) return [];
    const { id, name, username } = connection.specificData;
    return [{ id, title: name, username }];
  }

  /** Verifies a channel by @username or numeric id and connects it (connect_channel, and channel by id). */
  async connectTelegram(identity: Identity, organization: Organization, identifier: string) {
    if (!this.providers.telegram.configured) throw badRequest(ConnectionMessages.notConfigured('Telegram'), { sandbox_available: true });
    const existing = await this.ctx.dataSource.getRepository(Connection).findOneBy({ organizationId: organization.id, platform: 'telegram' });
    let channel;
    try {
      channel = await this.providers.telegram.verifyChannel(identifier);
    } catch (error) {
      if (error instanceof ProviderError) throw badRequest(error.message);
      throw error;
    }
    // Part 2 §4: a channel is changed only by disconnecting and reconnecting.
    if (existing && !existing.sandbox && existing.specificData.id !== channel.id) throw conflict(ConnectionMessages.telegramChangeByReconnect);
    await this.save(organization, identity.userId, 'telegram', {
      sandbox: false,
      accessToken: null,
      refreshToken: null,
      pageAccessToken: null,
      expiresAt: null,
      scopes: '',
      specificData: { id: channel.id, name: channel.title, username: channel.username },
      url: channel.username ? `https://t.me/${channel.username}` : null,
    });
    return { status: 'success', message: ConnectionMessages.connected('Telegram'), channel_info: channel, error: null };
  }

  // ---- Facebook pages ----

  private async facebookUserToken(organizationId: string): Promise<string> {
    const connection = await this.connection(organizationId, 'facebook');
    if (connection.sandbox || !connection.accessToken) throw badRequest(ConnectionMessages.facebookNoPages);
    return this.decrypt((await this.fresh(connection)).accessToken!);
  }

  /** The pages the user manages: id and name (their tokens stay on the server). */
  async facebookPages(organizationId: string): Promise<Array<{ id: string; name: string }>> {
    const token = await this.facebookUserToken(organizationId);
    try {
      return (await this.providers.oauth.facebook.pages(token)).map(({ id, name }) => ({ id, name }));
    } catch (error) {
      if (error instanceof ProviderError) throw new HttpError(502, ConnectionMessages.facebookPagesFailed);
      throw error;
    }
  }

  /** Saves the page to publish to (its token fetched from Graph, not taken from the browser); an empty id clears it. */
  async saveFacebookPage(organizationId: string, pageId: string) {
    const connection = await this.connection(organizationId, 'facebook');
    const { page_id: _id, page_name: _name, ...rest } = connection.specificData;
    if (!pageId) {
      await this.ctx.dataSource.getRepository(Connection).update({ id: connection.id }, { pageAccessToken: null, specificData: rest, url: null });
    } else {
      const token = await this.facebookUserToken(organizationId);
      let pages;
      try {
        pages = await this.providers.oauth.facebook.pages(token);
      } catch (error) {
        if (error instanceof ProviderError) throw new HttpError(502, ConnectionMessages.facebookPageFailed);
        throw error;
      }
      const page = pages.find((p) => p.id === pageId);
      if (!page) throw badRequest(ConnectionMessages.facebookPageFailed);
      await this.ctx.dataSource.getRepository(Connection).update(
        { id: connection.id },
        { pageAccessToken: this.encrypt(page.access_token), specificData: { ...rest, page_id: page.id, page_name: page.name }, url: `https://www.facebook.com/${page.id}` },
      );
    }
    return connectionView(await this.connection(organizationId, 'facebook'));
  }

  // ---- disconnect, refresh, credentials ----

  /** Removes the connection (with its event), then withdraws the app's access at the provider where it offers that. */
  async disconnect(organization: Organization, platform: ConnectionPlatform): Promise<void> {
    const connection = await this.connection(organization.id, platform);
    const removed = await this.ctx.dataSource.transaction(async (manager) => {
      // Of two removals at once (two disconnects, or one and the organization's deletion) only the one that deletes the row tells of it.
      const { affected } = await manager.delete(Connection, { id: connection.id });
      if (!affected) return false;
      await this.ctx.outbox.add(manager, 'organizations.connection.disconnected', { organizationId: organization.id, platform, ownerId: organization.ownerId });
      return true;
    });
    if (!removed) throw notFound(ConnectionMessages.notConnected(displayName(platform)));
    await this.revoke(connection);
  }

  /**
   * For organizations being deleted in the caller's transaction (their rows locked by it): a disconnected
   * event for each of their connections, which go with them, and each token revoked at its provider once
   * the deletion has committed.
   */
  async withdraw(manager: EntityManager, organizations: readonly Organization[]): Promise<void> {
    const owners = new Map(organizations.map((organization) => [organization.id, organization.ownerId]));
    if (owners.size === 0) return;
    const connections = await manager.findBy(Connection, { organizationId: In([...owners.keys()]) });
    for (const connection of connections) {
      await this.ctx.outbox.add(manager, 'organizations.connection.disconnected', {
        organizationId: connection.organizationId,
        platform: connection.platform,
        ownerId: owners.get(connection.organizationId)!,
      });
    }
    if (connections.length > 0) afterCommit(manager, async () => void (await Promise.all(connections.map((connection) => this.revoke(connection)))));
  }

  /** Best effort: the connection is already gone here; a provider that refuses the revoke is only noted. */
  private async revoke(connection: Connection): Promise<void> {
    const platform = connection.platform;
    const provider = platform === 'telegram' ? undefined : this.providers.oauth[platform];
    if (!provider?.revoke || connection.sandbox || !connection.accessToken) return;
    try {
      await provider.revoke({
        accessToken: this.decrypt(connection.accessToken),
        refreshToken: connection.refreshToken ? this.decrypt(connection.refreshToken) : null,
      });
    } catch (error) {
      this.ctx.logger.warn({ platform, reason: (error as Error).message }, 'provider did not revoke the disconnected token');
    }
  }

  /** Refreshes now (the Refresh button); a Sandbox or Telegram connection has nothing to refresh. */
  async refreshNow(organizationId: string, platform: ConnectionPlatform) {
    const connection = await this.connection(organizationId, platform);
    if (connection.sandbox || platform === 'telegram' || !connection.accessToken) return connectionView(connection);
    return connectionView(await this.refresh(connection, true));
  }

  /** `organizations.connection.credentials`: decrypted tokens for the scheduler, refreshed first when expiring. */
  async credentials(organizationId: string, platform: ConnectionPlatform): Promise<ConnectionCredentials> {
    const connection = await this.fresh(await this.connection(organizationId, platform));
    if (connection.status !== 'connected') throw conflict(ConnectionMessages.reconnectNeeded(displayName(platform)));
    const decrypt = (value: string | null) => (value ? this.decrypt(value) : null);
    return {
      platform,
      sandbox: connection.sandbox,
      access_token: platform === 'telegram' && !connection.sandbox ? this.providers.telegram.token : decrypt(connection.accessToken),
      expires_at: connection.expiresAt ? connection.expiresAt.toISOString() : null,
      page_access_token: decrypt(connection.pageAccessToken),
      specific_data: connection.specificData,
    };
  }

  /** Extends long-lived tokens nearing expiry (see SWEEP_AHEAD_MS); answers how many were refreshed and how many failed. */
  async sweep(now = Date.now()): Promise<{ refreshed: number; failed: number }> {
    const platforms = Object.keys(SWEEP_AHEAD_MS) as ConnectionPlatform[];
    const horizon = new Date(now + Math.max(...platforms.map((p) => SWEEP_AHEAD_MS[p]!)));
    const candidates = await this.ctx.dataSource.getRepository(Connection).find({
      where: { platform: In(platforms), status: 'connected', sandbox: false, expiresAt: LessThanOrEqual(horizon) },
      take: 500,
    });
    let refreshed = 0;
    let failed = 0;
    for (const connection of candidates.filter((c) => dueForSweep(c.platform, c.expiresAt, now))) {
      try {
        await this.refresh(connection, true);
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
  private async fresh(connection: Connection): Promise<Connection> {
    if (connection.sandbox || !connection.accessToken || connection.status !== 'connected' || !needsRefresh(connection.expiresAt, Date.now())) return connection;
    return this.refresh(connection, false);
  }

  /**
   * Refreshes under a per-connection lock: of two concurrent callers one refreshes, the other finds the new token.
   * A refusal marks the connection expired (the user must connect again) and is reported.
   */
  private async refresh(connection: Connection, force: boolean): Promise<Connection> {
    const platform = connection.platform as OAuthPlatform;
    const outcome = await this.ctx.dataSource.transaction(async (manager) => {
      await advisoryLock(manager, `connection:${connection.id}`);
      const current = await manager.findOneBy(Connection, { id: connection.id });
      if (!current) throw notFound(ConnectionMessages.notConnected(displayName(platform)));
      const alreadyRefreshed = current.updatedAt.getTime() > connection.updatedAt.getTime();
      if ((!force && !needsRefresh(current.expiresAt, Date.now())) || (force && alreadyRefreshed)) return { connection: current };
      let tokens: TokenSet;
      try {
        tokens = await this.providers.oauth[platform].refresh({
          accessToken: this.decrypt(current.accessToken!),
          refreshToken: current.refreshToken ? this.decrypt(current.refreshToken) : null,
        });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // The provider's own trouble says nothing of the tokens: the connection stays as it is, to be tried again.
        if (error.transient) return { unavailable: error.message };
        await manager.update(Connection, { id: current.id }, { status: 'expired' });
        await this.ctx.outbox.add(manager, 'organizations.connection.failed', { organizationId: current.organizationId, platform, stage: 'refresh', reason: error.message });
        return { failed: error.message };
      }
      await manager.update(Connection, { id: current.id }, {
        status: 'connected',
        accessToken: this.encrypt(tokens.accessToken),
        refreshToken: tokens.refreshToken ? this.encrypt(tokens.refreshToken) : current.refreshToken,
        expiresAt: tokens.expiresAt,
        ...(tokens.scopes.length > 0 && { scopes: tokens.scopes.join(' ') }),
      });
      await this.ctx.outbox.add(manager, 'organizations.connection.refreshed', {
        organizationId: current.organizationId,
        platform,
        expiresAt: tokens.expiresAt ? tokens.expiresAt.toISOString() : null,
      });
      return { connection: await manager.findOneByOrFail(Connection, { id: current.id }) };
    });
    if ('failed' in outcome) throw conflict(ConnectionMessages.reconnectNeeded(displayName(platform)));
    if ('unavailable' in outcome) {
      this.ctx.logger.warn({ platform, reason: outcome.unavailable }, 'provider unavailable for a token refresh; the connection is kept');
      throw new HttpError(503, ConnectionMessages.providerUnavailable(displayName(platform)));
    }
    return outcome.connection;
  }

  /** Creates or replaces the organization's connection to a platform, with the connected event, in one transaction. */
  private async save(
    organization: Organization,
    userId: string,
    platform: ConnectionPlatform,
    fields: Pick<Connection, 'sandbox' | 'accessToken' | 'refreshToken' | 'pageAccessToken' | 'expiresAt' | 'scopes' | 'specificData' | 'url'>,
  ): Promise<Connection> {
    return this.ctx.dataSource.transaction(async (manager: EntityManager) => {
      await manager.upsert(Connection, { organizationId: organization.id, platform, status: 'connected', connectedBy: userId, ...fields }, ['organizationId', 'platform']);
      const saved = await manager.findOneByOrFail(Connection, { organizationId: organization.id, platform });
      await this.ctx.outbox.add(manager, 'organizations.connection.connected', {
        organizationId: organization.id,
        platform,
        connectionId: saved.id,
        ownerId: organization.ownerId,
        sandbox: fields.sandbox,
      });
      return saved;
    });
  }

  private encrypt(token: string): string {
    return encryptToken(this.key, token);
  }

  private decrypt(stored: string): string {
    return decryptToken(this.key, stored);
  }
}
