import type { ConnectionConfig } from './config.js';
import { accountIdOf, callProvider, joinUrl, postForm, tokenSetFrom, withQuery, type OAuthProvider } from './provider.js';

const SCOPES = ['openid', 'profile', 'email', 'w_member_social'];

/** LinkedIn: OAuth 2.0 authorization code flow; the member from the OpenID userinfo endpoint. */
export function linkedinProvider(config: ConnectionConfig): OAuthProvider {
  const client = { client_id: config.LINKEDIN_CLIENT_ID, client_secret: config.LINKEDIN_CLIENT_SECRET };
  return {
    platform: 'linkedin',
    configured: Boolean(config.LINKEDIN_CLIENT_ID && config.LINKEDIN_CLIENT_SECRET),
    authorizationUrl: ({ state, redirectUri }) => ({
      url: withQuery(config.LINKEDIN_AUTH_URL, { response_type: 'code', client_id: config.LINKEDIN_CLIENT_ID, redirect_uri: redirectUri, state, scope: SCOPES.join(' ') }).toString(),
    }),
    exchangeCode: async ({ code, redirectUri }) =>
      tokenSetFrom('linkedin', await postForm('linkedin', config.LINKEDIN_TOKEN_URL, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...client })),
    async refresh({ refreshToken }) {
      const answer = await postForm('linkedin', config.LINKEDIN_TOKEN_URL, { grant_type: 'refresh_token', refresh_token: refreshToken ?? undefined, ...client });
      return tokenSetFrom('linkedin', answer, refreshToken);
    },
    async revoke({ accessToken }) {
      // LinkedIn's revoke endpoint sits beside its token endpoint (/oauth/v2/revoke).
      await postForm('linkedin', new URL('revoke', config.LINKEDIN_TOKEN_URL).toString(), { token: accessToken, ...client });
    },
    async profile(accessToken) {
      const me = await callProvider('linkedin', joinUrl(config.LINKEDIN_API_URL, 'v2/userinfo'), { headers: { authorization: `Bearer ${accessToken}` } });
      // `sub` is the member's person id: the scheduler posts as urn:li:person:{sub}.
      return { specificData: { user_name: String(me.name ?? ''), organization_name: null, person_id: accountIdOf(me.sub) }, url: null };
    },
  };
}
