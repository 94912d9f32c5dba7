import { pkcePair } from '../domain/connections/oauth-state.js';
import type { ConnectionConfig } from './config.js';
import { accountIdOf, callProvider, joinUrl, postForm, ProviderError, tokenSetFrom, withQuery, type OAuthProvider } from './provider.js';

/**
 * `username` of /v2/user/info/ needs user.info.profile (TikTok's user-info scope migration, 2024); direct posts need
 * video.publish (Content Posting API). Drafts to the inbox (video.upload) are not used.
 */
const SCOPES = ['user.info.basic', 'user.info.profile', 'video.publish'];

/** TikTok may answer a refused exchange with 200 and an `error` field. */
function checked(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.error === 'string' && body.error) throw new ProviderError('tiktok', String(body.error_description || body.error));
  return body;
}

/**
 * TikTok Login Kit v2 (web) with PKCE: client_key, comma-separated scopes, the user from /v2/user/info/.
 * The challenge is S256 base64url as RFC 7636 says (Login Kit for Web; the Desktop guide's hex digest is for desktop apps).
 */
export function tiktokProvider(config: ConnectionConfig): OAuthProvider {
  const tokenUrl = joinUrl(config.TIKTOK_API_URL, 'v2/oauth/token/');
  const client = { client_key: config.TIKTOK_CLIENT_KEY, client_secret: config.TIKTOK_CLIENT_SECRET };
  return {
    platform: 'tiktok',
    configured: Boolean(config.TIKTOK_CLIENT_KEY && config.TIKTOK_CLIENT_SECRET),
    authorizationUrl({ state, redirectUri }) {
      const { verifier, challenge } = pkcePair();
      const url = withQuery(config.TIKTOK_AUTH_URL, {
        client_key: config.TIKTOK_CLIENT_KEY,
        scope: SCOPES.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return { url: url.toString(), codeVerifier: verifier };
    },
    exchangeCode: async ({ code, redirectUri, codeVerifier }) =>
      tokenSetFrom('tiktok', checked(await postForm('tiktok', tokenUrl, { ...client, code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: codeVerifier }))),
    async refresh({ refreshToken }) {
      const answer = checked(await postForm('tiktok', tokenUrl, { ...client, grant_type: 'refresh_token', refresh_token: refreshToken ?? undefined }));
      return tokenSetFrom('tiktok', answer, refreshToken);
    },
    async revoke({ accessToken }) {
      checked(await postForm('tiktok', joinUrl(config.TIKTOK_API_URL, 'v2/oauth/revoke/'), { ...client, token: accessToken }));
    },
    async profile(accessToken) {
      const answer = await callProvider('tiktok', withQuery(joinUrl(config.TIKTOK_API_URL, 'v2/user/info/'), { fields: 'open_id,display_name,username' }), {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const error = answer.error as { code?: string; message?: string } | undefined;
      if (error && error.code !== 'ok') throw new ProviderError('tiktok', error.message || String(error.code));
      const user = ((answer.data as { user?: Record<string, unknown> } | undefined)?.user ?? {}) as Record<string, unknown>;
      const username = String(user.username ?? user.display_name ?? '');
      return { specificData: { username, open_id: accountIdOf(user.open_id) }, url: username ? `https://www.tiktok.com/@${username}` : null };
    },
  };
}
