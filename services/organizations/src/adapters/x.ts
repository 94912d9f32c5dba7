import { TwitterApi, type TOAuth2Scope } from 'twitter-api-v2';
import { xApiClientSettings } from '@planner/service-kit';
import type { ConnectionConfig } from './config.js';
import { isTransientStatus, ProviderError, type OAuthProvider, type TokenSet } from './provider.js';

const SCOPES: TOAuth2Scope[] = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];

/** The provider's words from twitter-api-v2's errors (ApiResponseError carries the body in `data` and the HTTP status in `code`). */
function wrap(error: unknown): ProviderError {
  const { data, code } = error as { data?: { error_description?: string; detail?: string; error?: string }; code?: unknown };
  // No status: the request or its answer did not make it (ApiRequestError, ApiPartialResponseError).
  const transient = typeof code !== 'number' || isTransientStatus(code);
  return new ProviderError('x', data?.error_description ?? data?.detail ?? data?.error ?? (error as Error).message, transient);
}

/** X: OAuth 2.0 with PKCE through twitter-api-v2. */
export function xProvider(config: ConnectionConfig): OAuthProvider {
  // Rebased onto X_API_URL so a stand-in can answer.
  const settings = xApiClientSettings(config.X_API_URL);
  const appClient = () => new TwitterApi({ clientId: config.X_CLIENT_ID ?? '', clientSecret: config.X_CLIENT_SECRET }, settings);
  const tokenSet = (result: { accessToken: string; refreshToken?: string; expiresIn: number; scope: string[] }): TokenSet => ({
    accessToken: result.accessToken,
    refreshToken: result.refreshToken ?? null,
    expiresAt: new Date(Date.now() + result.expiresIn * 1000),
    scopes: result.scope,
  });

  return {
    platform: 'x',
    configured: Boolean(config.X_CLIENT_ID && config.X_CLIENT_SECRET),
    authorizationUrl({ state, redirectUri }) {
      const link = appClient().generateOAuth2AuthLink(redirectUri, { scope: SCOPES, state });
      const url = new URL(config.X_AUTH_URL);
      url.search = new URL(link.url).search;
      // RFC 7636 spells the method S256 (the library writes s256, which X also takes).
      url.searchParams.set('code_challenge_method', 'S256');
      return { url: url.toString(), codeVerifier: link.codeVerifier };
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      try {
        return tokenSet(await appClient().loginWithOAuth2({ code, redirectUri, codeVerifier: codeVerifier ?? '' }));
      } catch (error) {
        throw wrap(error);
      }
    },
    async refresh({ refreshToken }) {
      if (!refreshToken) throw new ProviderError('x', 'no refresh token was issued');
      try {
        return tokenSet(await appClient().refreshOAuth2Token(refreshToken));
      } catch (error) {
        throw wrap(error);
      }
    },
    async revoke({ accessToken, refreshToken }) {
      try {
        // Revoking the refresh token ends the grant; the access token is revoked too in case it outlives it.
        if (refreshToken) await appClient().revokeOAuth2Token(refreshToken, 'refresh_token');
        await appClient().revokeOAuth2Token(accessToken, 'access_token');
      } catch (error) {
        throw wrap(error);
      }
    },
    async profile(accessToken) {
      try {
        // subscription_type: X Premium posts longer and larger videos; the scheduler checks the others' limits before upload.
        const { data } = await new TwitterApi(accessToken, settings).v2.me({ 'user.fields': ['subscription_type'] });
        const specificData: Record<string, string> = { username: data.username, name: data.name, user_id: data.id };
        if (data.subscription_type) specificData.subscription_type = data.subscription_type;
        return { specificData, url: `https://x.com/${data.username}` };
      } catch (error) {
        throw wrap(error);
      }
    },
  };
}
