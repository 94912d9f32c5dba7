import type { ConnectionConfig } from './config.js';
import { callProvider, joinUrl, ProviderError, tokenSetFrom, withQuery, type OAuthProvider, type TokenSet } from './provider.js';

/**
 * Part 2 §4: the scopes the Facebook login asks for, and publish_video, which Meta's Pages API posts guide
 * names for publishing a video to the Page (developers.facebook.com/documentation/pages-api/posts).
 */
export const FACEBOOK_SCOPES = ['public_profile', 'email', 'pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'publish_video', 'business_management'];

/** Pages asked for per page of /me/accounts (Graph's default is 25). */
const PAGES_PER_REQUEST = 100;

export interface FacebookPage {
  id: string;
  name: string;
  access_token: string;
}

export interface FacebookProvider extends OAuthProvider {
  /** The pages the user manages, with their page tokens (kept server-side). */
  pages(accessToken: string): Promise<FacebookPage[]>;
  /** One Page's token read again through the user's token (a Page token Graph refused, or the user token refreshed). */
  pageToken(accessToken: string, pageId: string): Promise<string>;
  /** A user token from the JavaScript SDK's login, exchanged for a long-lived one (Graph checks it is ours and valid). */
  exchangeUserToken(accessToken: string): Promise<TokenSet>;
}

const pageOf = (page: Record<string, unknown>): FacebookPage | null =>
  typeof page.id === 'string' && typeof page.access_token === 'string' ? { id: page.id, name: String(page.name ?? ''), access_token: page.access_token } : null;

/** Facebook Login (Graph API at META_GRAPH_VERSION): code → short-lived user token → long-lived token; pages from /me/accounts. */
export function facebookProvider(config: ConnectionConfig): FacebookProvider {
  const graph = (path: string, query: Record<string, string | undefined>) =>
    withQuery(joinUrl(config.FACEBOOK_GRAPH_URL, `${config.META_GRAPH_VERSION}/${path}`), query);
  const app = { client_id: config.FACEBOOK_APP_ID, client_secret: config.FACEBOOK_APP_SECRET };
  // Facebook has no refresh tokens: a valid token is exchanged for a fresh long-lived one (about 60 days).
  const longLived = async (token: string): Promise<TokenSet> =>
    tokenSetFrom('facebook', await callProvider('facebook', graph('oauth/access_token', { grant_type: 'fb_exchange_token', ...app, fb_exchange_token: token })));

  return {
    platform: 'facebook',
    configured: Boolean(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET),
    authorizationUrl: ({ state, redirectUri }) => ({
      url: withQuery(joinUrl(config.FACEBOOK_AUTH_URL, `${config.META_GRAPH_VERSION}/dialog/oauth`), { client_id: config.FACEBOOK_APP_ID, redirect_uri: redirectUri, state, response_type: 'code', scope: FACEBOOK_SCOPES.join(',') }).toString(),
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
    /**
     * Every page of /me/accounts, following its `after` cursor while Graph gives a `next` page. It lists each
     * Page the user can do a task on, those reached through a Business Manager included; a Page the user has no
     * task on gives no Page token, so it could not be published to (pages-api/overview "Tasks").
     */
    async pages(accessToken) {
      const pages: FacebookPage[] = [];
      let after: string | undefined;
      do {
        const answer = await callProvider(
          'facebook',
          graph('me/accounts', { fields: 'id,name,access_token', limit: String(PAGES_PER_REQUEST), after, access_token: accessToken }),
        );
        const data = Array.isArray(answer.data) ? (answer.data as Array<Record<string, unknown>>) : [];
        pages.push(...data.flatMap((page) => pageOf(page) ?? []));
        const paging = answer.paging as { next?: unknown; cursors?: { after?: unknown } } | undefined;
        after = typeof paging?.next === 'string' && typeof paging.cursors?.after === 'string' ? paging.cursors.after : undefined;
      } while (after);
      return pages;
    },
    async pageToken(accessToken, pageId) {
      const page = pageOf(await callProvider('facebook', graph(pageId, { fields: 'id,name,access_token', access_token: accessToken })));
      if (!page) throw new ProviderError('facebook', 'Facebook gave no token for the Page: the person who connected it no longer manages it');
      return page.access_token;
    },
  };
}
