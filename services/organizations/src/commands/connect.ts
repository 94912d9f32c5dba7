import { ConnectionMessages, type ConnectionPlatform, type Identity } from '@planner/contracts';
import { badRequest, conflict } from '@planner/service-kit';
import type { OAuthPlatform } from '../adapters/index.js';
import { ProviderError, type AccountProfile, type TokenSet } from '../adapters/provider.js';
import type { OrganizationsContext } from '../context.js';
import { callbackProblem, resultPage, type CallbackQuery } from '../domain/connections/callback.js';
import { issueState, STATE_TTL_SECONDS, verifyState, type PendingConnect } from '../domain/connections/oauth-state.js';
import { Connection } from '../entities/connection.entity.js';
import { Organization } from '../entities/organization.entity.js';
import { displayName, saveConnection, sealToken } from './connections.js';

const pendingKey = (nonce: string) => `oauth_state:${nonce}`;

const redirectUri = (ctx: OrganizationsContext, platform: OAuthPlatform) => new URL(`/api/oauth/${platform}/callback`, ctx.config.APP_URL).toString();

/** A connection that holds no token of its own: a Sandbox one, or Telegram's (the bot's token posts). */
const WITHOUT_TOKENS = { accessToken: null, refreshToken: null, pageAccessToken: null, expiresAt: null, scopes: '' } as const;

/** The provider's authorization URL with a signed, single-use, expiring state; the PKCE verifier stays here. */
export async function startConnect(ctx: OrganizationsContext, identity: Identity, organization: Organization, platform: OAuthPlatform): Promise<string> {
  const provider = ctx.adapters.providers.oauth[platform];
  if (!provider.configured) throw badRequest(ConnectionMessages.notConfigured(displayName(platform)), { sandbox_available: true });
  const { state, nonce } = issueState(ctx.adapters.keys.state.signing, platform);
  const { url, codeVerifier } = provider.authorizationUrl({ state, redirectUri: redirectUri(ctx, platform) });
  const pending: PendingConnect = { organizationId: organization.id, userId: identity.userId, platform, ...(codeVerifier && { codeVerifier }) };
  await ctx.redis.set(pendingKey(nonce), JSON.stringify(pending), 'EX', STATE_TTL_SECONDS);
  return url;
}

/** Handles the provider's redirect; answers the result page to send the popup to. */
export async function finishConnect(ctx: OrganizationsContext, platform: OAuthPlatform, query: CallbackQuery): Promise<string> {
  const fail = (error: string) => resultPage(ctx.config.APP_URL, platform, error);
  const problem = callbackProblem(query);
  if (problem !== null) return fail(problem);
  const nonce = verifyState(ctx.adapters.keys.state.verifying, platform, query.state!);
  if (!nonce) return fail('invalid_state');
  // GETDEL: a state is good once; a replay finds nothing.
  const stored = await ctx.redis.getdel(pendingKey(nonce));
  if (!stored) return fail('invalid_state');
  const pending = JSON.parse(stored) as PendingConnect;
  if (pending.platform !== platform) return fail('invalid_state');
  const organization = await ctx.dataSource.getRepository(Organization).findOneBy({ id: pending.organizationId, ownerId: pending.userId });
  if (!organization) return fail('organization_not_found');

  const refusal = await connectWithTokens(ctx, organization, pending.userId, platform, () =>
    ctx.adapters.providers.oauth[platform].exchangeCode({ code: query.code!, redirectUri: redirectUri(ctx, platform), codeVerifier: pending.codeVerifier }),
  );
  return refusal ? fail(refusal.message) : resultPage(ctx.config.APP_URL, platform);
}

/** Part 2 §7: Facebook connected with a token from the JavaScript SDK's login (the popup-less way). */
export async function connectFacebookWithToken(ctx: OrganizationsContext, identity: Identity, organization: Organization, userToken: string): Promise<void> {
  const provider = ctx.adapters.providers.oauth.facebook;
  if (!provider.configured) throw badRequest(ConnectionMessages.notConfigured('Facebook'), { sandbox_available: true });
  const refusal = await connectWithTokens(ctx, organization, identity.userId, 'facebook', () => provider.exchangeUserToken(userToken));
  if (refusal) throw badRequest(ConnectionMessages.connectFailed('Facebook', refusal.message));
}

/**
 * Takes the tokens `obtainTokens` gets from the provider and the account's profile, and saves the connection.
 * A provider's refusal is told as organizations.connection.failed (stage connect) and handed back for the caller to answer.
 */
async function connectWithTokens(
  ctx: OrganizationsContext,
  organization: Organization,
  userId: string,
  platform: OAuthPlatform,
  obtainTokens: () => Promise<TokenSet>,
): Promise<ProviderError | null> {
  let tokens: TokenSet;
  let profile: AccountProfile;
  try {
    tokens = await obtainTokens();
    profile = await ctx.adapters.providers.oauth[platform].profile(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await ctx.dataSource.transaction((manager) =>
      ctx.outbox.add(manager, 'organizations.connection.failed', { organizationId: organization.id, platform, stage: 'connect', reason: error.message }),
    );
    return error;
  }
  await saveConnection(ctx, organization, userId, platform, {
    sandbox: false,
    accessToken: sealToken(ctx, tokens.accessToken),
    refreshToken: tokens.refreshToken ? sealToken(ctx, tokens.refreshToken) : null,
    pageAccessToken: null,
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes.join(' '),
    specificData: profile.specificData,
    url: profile.url,
  });
  return null;
}

/** A clearly labelled Sandbox connection, only where the provider is not configured (the dev flow). */
export async function connectSandbox(ctx: OrganizationsContext, identity: Identity, organization: Organization, platform: ConnectionPlatform): Promise<Connection> {
  const { providers } = ctx.adapters;
  const configured = platform === 'telegram' ? providers.telegram.configured : providers.oauth[platform].configured;
  if (configured) throw conflict(ConnectionMessages.sandboxOnlyWithoutCredentials(displayName(platform)));
  return saveConnection(ctx, organization, identity.userId, platform, {
    sandbox: true,
    ...WITHOUT_TOKENS,
    specificData: { username: 'sandbox', name: `${displayName(platform)} Sandbox` },
    url: null,
  });
}

/** The connected Telegram channel, as a list (part 2 §7 GET /oauth/telegram/channels). */
export async function telegramChannels(ctx: OrganizationsContext, organizationId: string) {
  const connection = await ctx.dataSource.getRepository(Connection).findOneBy({ organizationId, platform: 'telegram' });
  if (!connection || connection.sandbox) return [];
  const { id, name, username } = connection.specificData;
  return [{ id, title: name, username }];
}

/** Verifies a channel by @username or numeric id and connects it (connect_channel, and channel by id); answers the channel. */
export async function connectTelegram(ctx: OrganizationsContext, identity: Identity, organization: Organization, identifier: string) {
  const { telegram } = ctx.adapters.providers;
  if (!telegram.configured) throw badRequest(ConnectionMessages.notConfigured('Telegram'), { sandbox_available: true });
  const existing = await ctx.dataSource.getRepository(Connection).findOneBy({ organizationId: organization.id, platform: 'telegram' });
  let channel;
  try {
    channel = await telegram.verifyChannel(identifier);
  } catch (error) {
    if (error instanceof ProviderError) throw badRequest(error.message);
    throw error;
  }
  // Part 2 §4: a channel is changed only by disconnecting and reconnecting.
  if (existing && !existing.sandbox && existing.specificData.id !== channel.id) throw conflict(ConnectionMessages.telegramChangeByReconnect);
  await saveConnection(ctx, organization, identity.userId, 'telegram', {
    sandbox: false,
    ...WITHOUT_TOKENS,
    specificData: { id: channel.id, name: channel.title, username: channel.username },
    url: channel.username ? `https://t.me/${channel.username}` : null,
  });
  return channel;
}
