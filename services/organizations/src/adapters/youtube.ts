import { OAuth2Client, type Credentials } from 'google-auth-library';
import type { ConnectionConfig } from './config.js';
import { isTransientStatus, joinUrl, ProviderError, type OAuthProvider, type TokenSet } from './provider.js';

const SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];

/** The provider's words from gaxios errors (the token endpoint's `error_description`, the Data API's `error.message`). */
function wrap(error: unknown): ProviderError {
  const response = (error as { response?: { status?: number; data?: { error_description?: string; error?: string | { message?: string } } } }).response;
  const data = response?.data;
  const nested = typeof data?.error === 'object' ? data.error.message : data?.error;
  // No answer at all (unreachable, timed out) or Google's own trouble: worth trying again.
  const transient = typeof response?.status !== 'number' || isTransientStatus(response.status);
  // Gaxios's own messages name the request URL, and Google's revoke carries the token in its query: never passed on.
  return new ProviderError('youtube', data?.error_description ?? nested ?? (error as Error).message.replace(/\?\S*/g, '?…'), transient);
}

function tokenSet(credentials: Credentials, keepRefresh: string | null = null): TokenSet {
  if (!credentials.access_token) throw new ProviderError('youtube', 'provider answered without an access token');
  return {
    accessToken: credentials.access_token,
    refreshToken: credentials.refresh_token ?? keepRefresh,
    expiresAt: credentials.expiry_date ? new Date(credentials.expiry_date) : null,
    scopes: (credentials.scope ?? '').split(' ').filter(Boolean),
  };
}

/** YouTube: Google OAuth 2 through google-auth-library (offline access for a refresh token), the channel from the Data API. */
export function youtubeProvider(config: ConnectionConfig): OAuthProvider {
  const client = (redirectUri?: string) =>
    new OAuth2Client({
      clientId: config.YOUTUBE_CLIENT_ID,
      clientSecret: config.YOUTUBE_CLIENT_SECRET,
      redirectUri,
      // Google's revoke endpoint sits beside its token endpoint (https://oauth2.googleapis.com/revoke).
      endpoints: { oauth2AuthBaseUrl: config.YOUTUBE_AUTH_URL, oauth2TokenUrl: config.YOUTUBE_TOKEN_URL, oauth2RevokeUrl: new URL('/revoke', config.YOUTUBE_TOKEN_URL).toString() },
    });
  return {
    platform: 'youtube',
    configured: Boolean(config.YOUTUBE_CLIENT_ID && config.YOUTUBE_CLIENT_SECRET),
    authorizationUrl: ({ state, redirectUri }) => ({
      url: client(redirectUri).generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: SCOPES, state, include_granted_scopes: true }),
    }),
    async exchangeCode({ code, redirectUri }) {
      try {
        return tokenSet((await client(redirectUri).getToken({ code, redirect_uri: redirectUri })).tokens);
      } catch (error) {
        throw wrap(error);
      }
    },
    async refresh({ refreshToken }) {
      if (!refreshToken) throw new ProviderError('youtube', 'no refresh token was issued');
      const c = client();
      c.setCredentials({ refresh_token: refreshToken });
      try {
        // Google keeps the refresh token: the answer usually has none.
        return tokenSet((await c.refreshAccessToken()).credentials, refreshToken);
      } catch (error) {
        throw wrap(error);
      }
    },
    async revoke({ accessToken, refreshToken }) {
      try {
        // Revoking the refresh token withdraws the whole grant.
        await client().revokeToken(refreshToken ?? accessToken);
      } catch (error) {
        throw wrap(error);
      }
    },
    async profile(accessToken) {
      const c = client();
      c.setCredentials({ access_token: accessToken });
      try {
        const res = await c.request<{ items?: Array<{ id: string; snippet?: { title?: string; customUrl?: string } }> }>({
          url: joinUrl(config.YOUTUBE_API_URL, 'youtube/v3/channels?part=snippet&mine=true'),
        });
        const channel = res.data.items?.[0];
        if (!channel) throw new ProviderError('youtube', 'this Google account has no YouTube channel');
        return {
          specificData: { channel_id: channel.id, channel_title: channel.snippet?.title ?? '' },
          url: `https://www.youtube.com/channel/${channel.id}`,
        };
      } catch (error) {
        throw error instanceof ProviderError ? error : wrap(error);
      }
    },
  };
}
