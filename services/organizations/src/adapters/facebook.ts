import type { ConnectionConfig } from './config.js';
import { callProvider, joinUrl, tokenSetFrom, withQuery, type OAuthProvider, type TokenSet } from './provider.js';

/** Part 2 §4: the scopes the Facebook login asks for. */
export const FACEBOOK_SCOPES = ['public_profile', 'email', 'pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'business_management'];

export interface FacebookPage {
  id: string;
  name: string;
  access_token: string;
}

export interface FacebookProvider extends OAuthProvider {
  /** The pages the user manages, with their page tokens (kept server-side). */
  pages(accessToken: string): Promise<FacebookPage[]>;
  /** A user token from the JavaScript SDK's login, exchanged for a long-lived one (Graph checks it is ours and valid). */
  exchangeUserToken(accessToken: string): Promise<TokenSet>;
}

/** Facebook Login (Graph API v22.0): code → short-lived user token → long-lived token; pages from /me/accounts. */
export function facebookProvider(config: ConnectionConfig): FacebookProvider {
  const graph = (path: string, query: Record<string, string | undefined>) => withQuery(joinUrl(config.FACEBOOK_GRAPH_URL, path), query);
  const app = { client_id: config.FACEBOOK_APP_ID, client_secret: config.FACEBOOK_APP_SECRET };
  // Facebook has no refresh tokens: a valid token is exchanged for a fresh long-lived one (about 60 days).
  const longLived = async (token: string): Promise<TokenSet> =>
    tokenSetFrom('facebook', await callProvider('facebook', graph('oauth/access_token', { grant_type: 'fb_exchange_token', ...app, fb_exchange_token: token })));

  return {
    platform: 'facebook',
    configured: Boolean(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET),
    authorizationUrl: ({ state, redirectUri }) => ({
      url: withQuery(config.FACEBOOK_AUTH_URL, { client_id: config.FACEBOOK_APP_ID, redirect_uri: redirectUri, state, response_type: 'code', scope: FACEBOOK_SCOPES.join(',') }).toString(),
    }),
    async exchangeCode({ code, redirectUri }) {
      const short = tokenSetFrom('facebook', await callProvider('facebook', graph('oauth/access_token', { ...app, redirect_uri: redirectUri, code })));
      return { ...(await longLived(short.accessToken)), scopes: FACEBOOK_SCOPES };
    },
    refresh: async ({ accessToken }) => ({ ...(await longLived(accessToken)), scopes: FACEBOOK_SCOPES }),
    exchangeUserToken: async (accessToken) => ({ ...(await longLived(accessToken)), scopes: FACEBOOK_SCOPES }),
    async profile(accessToken) {
      const me = await callProvider('facebook', graph('me', { fields: 'id,name', access_token: accessToken }));
      return { specificData: { user_name: String(me.name ?? '') }, url: null };
    },
    async revoke({ accessToken }) {
      await callProvider('facebook', graph('me/permissions', { access_token: accessToken }), { method: 'DELETE' });
    },
    async pages(accessToken) {
      const answer = await callProvider('facebook', graph('me/accounts', { fields: 'id,name,access_token', access_token: accessToken }));
      const data = Array.isArray(answer.data) ? (answer.data as Array<Record<string, unknown>>) : [];
      return data
        .filter((page) => typeof page.id === 'string' && typeof page.access_token === 'string')
        .map((page) => ({ id: page.id as string, name: String(page.name ?? ''), access_token: page.access_token as string }));
    },
  };
}
