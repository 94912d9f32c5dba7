import type { ConnectionConfig } from './config.js';
import { accountIdOf, callProvider, joinUrl, postForm, tokenSetFrom, withQuery, type OAuthProvider } from './provider.js';

interface MetaLoginSettings {
  platform: 'instagram' | 'threads';
  clientId: string | undefined;
  clientSecret: string | undefined;
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
  scopes: string[];
  /** Grant types of the long-lived exchange and of its refresh (ig_/th_ prefixed). */
  exchangeGrant: string;
  refreshGrant: string;
  mePath: string;
  /** The field of `me` that holds the id the account publishes as: Instagram's professional account id is `user_id` (its `id` is app-scoped), Threads' is `id`. */
  idField: 'user_id' | 'id';
  profileUrl: (username: string) => string;
}

/**
 * Instagram API with Instagram Login and the Threads API share one shape: code → short-lived token (POST form) →
 * long-lived token (GET access_token), refreshed by GET refresh_access_token.
 */
function metaLoginProvider(s: MetaLoginSettings): OAuthProvider {
  const graph = (path: string, query: Record<string, string | undefined>) => withQuery(joinUrl(s.graphUrl, path), query);
  return {
    platform: s.platform,
    configured: Boolean(s.clientId && s.clientSecret),
    authorizationUrl: ({ state, redirectUri }) => ({
      url: withQuery(s.authUrl, { client_id: s.clientId, redirect_uri: redirectUri, response_type: 'code', scope: s.scopes.join(','), state }).toString(),
    }),
    async exchangeCode({ code, redirectUri }) {
      const short = await postForm(s.platform, s.tokenUrl, {
        client_id: s.clientId,
        client_secret: s.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
      });
      const shortToken = tokenSetFrom(s.platform, short).accessToken;
      const long = await callProvider(s.platform, graph('access_token', { grant_type: s.exchangeGrant, client_secret: s.clientSecret, access_token: shortToken }));
      return { ...tokenSetFrom(s.platform, long), scopes: s.scopes };
    },
    async refresh({ accessToken }) {
      const long = await callProvider(s.platform, graph('refresh_access_token', { grant_type: s.refreshGrant, access_token: accessToken }));
      return { ...tokenSetFrom(s.platform, long), scopes: s.scopes };
    },
    async profile(accessToken) {
      const me = await callProvider(s.platform, graph(s.mePath, { fields: `${s.idField},username`, access_token: accessToken }));
      const username = String(me.username ?? '');
      return { specificData: { username, user_id: accountIdOf(me[s.idField]) }, url: username ? s.profileUrl(username) : null };
    },
  };
}

export function instagramProvider(config: ConnectionConfig): OAuthProvider {
  return metaLoginProvider({
    platform: 'instagram',
    clientId: config.INSTAGRAM_CLIENT_ID,
    clientSecret: config.INSTAGRAM_CLIENT_SECRET,
    authUrl: config.INSTAGRAM_AUTH_URL,
    tokenUrl: config.INSTAGRAM_TOKEN_URL,
    graphUrl: config.INSTAGRAM_GRAPH_URL,
    scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    exchangeGrant: 'ig_exchange_token',
    refreshGrant: 'ig_refresh_token',
    // Instagram Login follows Graph's versions; its token endpoints are unversioned in Meta's docs.
    mePath: `${config.META_GRAPH_VERSION}/me`,
    idField: 'user_id',
    profileUrl: (username) => `https://www.instagram.com/${username}`,
  });
}

export function threadsProvider(config: ConnectionConfig): OAuthProvider {
  return metaLoginProvider({
    platform: 'threads',
    clientId: config.THREADS_CLIENT_ID,
    clientSecret: config.THREADS_CLIENT_SECRET,
    authUrl: config.THREADS_AUTH_URL,
    tokenUrl: joinUrl(config.THREADS_GRAPH_URL, 'oauth/access_token'),
    graphUrl: config.THREADS_GRAPH_URL,
    scopes: ['threads_basic', 'threads_content_publish'],
    exchangeGrant: 'th_exchange_token',
    refreshGrant: 'th_refresh_token',
    mePath: `${config.THREADS_API_VERSION}/me`,
    idField: 'id',
    profileUrl: (username) => `https://www.threads.net/@${username}`,
  });
}
