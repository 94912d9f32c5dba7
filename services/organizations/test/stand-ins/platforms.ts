import { createHash, randomBytes } from 'node:crypto';
import type { ConnectionPlatform } from '@planner/contracts';
import { connectionConfigSchema } from '../../src/adapters/config.js';
import { bearerOf, sendJson, startOAuthStandIn, type OAuthStandIn } from './oauth-provider.js';

/**
 * One stand-in per platform, answering as the provider documents: its authorization page path, token exchange
 * (format, grant types, error bodies) and the profile call the service makes. `env` points the service at it.
 */
export interface PlatformStandIn {
  platform: Exclude<ConnectionPlatform, 'telegram'>;
  standIn: OAuthStandIn;
  env: Record<string, string>;
  /** Path of the authorization page, to check the URL the service hands the browser. */
  authorizePath: string;
  /** Facebook: user tokens of people who manage no page (Graph lists none for them). */
  pagelessTokens?: Set<string>;
  /** Facebook: the Page tokens issued, each with its Page. */
  pageTokens?: Map<string, string>;
  /** Facebook: reads of a Page give no token (the person no longer has a task on it). */
  refusePageTokens?: boolean;
  /** LinkedIn: the roles a token's member holds, in place of the stand-in member's own (LINKEDIN_ACLS). */
  linkedinRoles?: Map<string, LinkedInAcl[]>;
}

const secret = (platform: string) => `${platform}-secret-${randomBytes(6).toString('hex')}`;
const graphError = (message: string, code = 190) => ({ error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } });

async function x(): Promise<PlatformStandIn> {
  const clientSecret = secret('x');
  const standIn = await startOAuthStandIn({
    endpoints: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token' },
    clientSecret,
    shapeToken: (body) => Object.assign(body, { token_type: 'bearer', expires_in: 7200, scope: 'tweet.read tweet.write users.read offline.access media.write' }),
  });
  // POST /2/oauth2/revoke (token, token_type_hint; the client authenticates as at the token endpoint)
  standIn.addRoute('POST', '/2/oauth2/revoke', (req, res) => sendJson(res, 200, { revoked: standIn.revoke(req.body?.token) }));
  // X API v2 GET /2/users/me (subscription_type only when asked for in user.fields, as X does)
  standIn.addRoute('GET', '/2/users/me', (req, res) => {
    if (!standIn.hasAccessToken(bearerOf(req))) return sendJson(res, 401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    const fields = String(req.query['user.fields'] ?? '').split(',');
    sendJson(res, 200, { data: { id: '2244994945', name: 'Stand-in Brand', username: 'standin_brand', ...(fields.includes('subscription_type') && { subscription_type: 'Basic' }) } });
  });
  return {
    platform: 'x',
    standIn,
    authorizePath: '/i/oauth2/authorize',
    env: { X_CLIENT_ID: 'x-client', X_CLIENT_SECRET: clientSecret, X_AUTH_URL: `${standIn.url}/i/oauth2/authorize`, X_API_URL: standIn.url },
  };
}

/** The Graph version organizations calls by default (META_GRAPH_VERSION), and the Threads API's. */
const GRAPH = `/${connectionConfigSchema.parse({}).META_GRAPH_VERSION}`;
const THREADS = `/${connectionConfigSchema.parse({}).THREADS_API_VERSION}`;

/** The user's Pages: one of their own and one reached through a Business Manager (a task there), as /me/accounts lists both. */
const FACEBOOK_PAGES = [
  { id: '1001', name: 'Stand-in Page', category: 'Brand' },
  { id: '1002', name: 'Second Page', category: 'Bakery' },
  { id: '1003', name: 'Business Manager Page', category: 'Brand' },
];

async function facebook(): Promise<PlatformStandIn> {
  const clientSecret = secret('facebook');
  const standIn = await startOAuthStandIn({ endpoints: { authorize: `${GRAPH}/dialog/oauth`, token: '/unused' }, clientSecret });
  // Graph API: GET /oauth/access_token exchanges a code, or (fb_exchange_token) a valid token for a long-lived one.
  standIn.addRoute('GET', `${GRAPH}/oauth/access_token`, (req, res) => {
    const q = req.query;
    if (q.client_id !== 'facebook-app' || q.client_secret !== clientSecret) return sendJson(res, 400, graphError('Error validating client secret.'));
    if (q.grant_type === 'fb_exchange_token') {
      if (!standIn.hasAccessToken(q.fb_exchange_token as string) || standIn.refuseRefresh) return sendJson(res, 400, graphError('Error validating access token: Session has expired.'));
      return sendJson(res, 200, { access_token: standIn.issueAccessToken(), token_type: 'bearer', expires_in: 5183944 });
    }
    if (!standIn.redeemCode(String(q.code), String(q.redirect_uri))) return sendJson(res, 400, graphError('This authorization code has been used.'));
    sendJson(res, 200, { access_token: standIn.issueAccessToken(), token_type: 'bearer', expires_in: 3600 });
  });
  standIn.addRoute('GET', `${GRAPH}/me`, (req, res) => {
    if (!standIn.hasAccessToken(req.query.access_token as string)) return sendJson(res, 400, graphError('Invalid OAuth access token.'));
    sendJson(res, 200, { id: '10158', name: 'Stand-in Person' });
  });
  standIn.addRoute('DELETE', `${GRAPH}/me/permissions`, (req, res) => {
    if (!standIn.revoke(req.query.access_token)) return sendJson(res, 400, graphError('Invalid OAuth access token.'));
    sendJson(res, 200, { success: true });
  });
  const pagelessTokens = new Set<string>();
  /** Page tokens as Graph issues them: a new one on each read. */
  const pageTokens = new Map<string, string>();
  const withToken = (page: (typeof FACEBOOK_PAGES)[number]) => {
    const token = `page-token-${randomBytes(12).toString('hex')}`;
    pageTokens.set(token, page.id);
    return { ...page, access_token: token };
  };
  const userOf = (req: { query: Record<string, unknown> }, res: Parameters<typeof sendJson>[0]) => {
    const token = req.query.access_token as string;
    if (standIn.hasAccessToken(token)) return token;
    sendJson(res, 400, graphError('Invalid OAuth access token.'));
    return null;
  };
  // Graph pages its lists and may answer fewer than `limit` asks: here two a page, `paging.next` while more are left.
  standIn.addRoute('GET', `${GRAPH}/me/accounts`, (req, res) => {
    const token = userOf(req, res);
    if (!token) return;
    const pages = pagelessTokens.has(token) ? [] : FACEBOOK_PAGES;
    const from = req.query.after ? Number(Buffer.from(String(req.query.after), 'base64url').toString()) : 0;
    const data = pages.slice(from, from + Math.min(Number(req.query.limit ?? 25), 2)).map(withToken);
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const more = from + data.length < pages.length;
    sendJson(res, 200, {
      data,
      ...(data.length && { paging: { cursors: { before: cursor(from), after: cursor(from + data.length) }, ...(more && { next: `${standIn.url}${GRAPH}/me/accounts?after=${cursor(from + data.length)}` }) } }),
    });
  });
  // GET /{page-id}?fields=access_token: the Page's token again, for a user who still has a task on it.
  for (const page of FACEBOOK_PAGES) {
    standIn.addRoute('GET', `${GRAPH}/${page.id}`, (req, res) => {
      const token = userOf(req, res);
      if (!token) return;
      if (pagelessTokens.has(token) || result.refusePageTokens) return sendJson(res, 200, { id: page.id, name: page.name });
      sendJson(res, 200, withToken(page));
    });
  }
  const result: PlatformStandIn = {
    platform: 'facebook',
    standIn,
    pagelessTokens,
    pageTokens,
    refusePageTokens: false,
    authorizePath: `${GRAPH}/dialog/oauth`,
    env: { FACEBOOK_APP_ID: 'facebook-app', FACEBOOK_APP_SECRET: clientSecret, FACEBOOK_AUTH_URL: standIn.url, FACEBOOK_GRAPH_URL: standIn.url },
  };
  return result;
}

/** Instagram Login and Threads: short-lived token by POST, then GET access_token / refresh_access_token for long-lived ones. */
async function metaLogin(platform: 'instagram' | 'threads'): Promise<PlatformStandIn> {
  const clientSecret = secret(platform);
  const prefix = platform === 'instagram' ? 'ig' : 'th';
  // Instagram's user node: `id` is app-scoped, `user_id` the professional account's id; a Threads user has only `id`.
  const user: Record<string, string> =
    platform === 'instagram'
      ? { id: '26012345678901234', user_id: '17841400000000000', username: 'standin_instagram', name: 'Stand-in Instagram' }
      : { id: '7123456789012345', username: 'standin_threads', name: 'Stand-in Threads' };
  const standIn = await startOAuthStandIn({
    endpoints: { authorize: '/oauth/authorize', token: '/oauth/access_token' },
    clientSecret,
    // The short-lived answer: a token and the user id (a JSON number), no refresh token.
    shapeToken: (body) => {
      for (const key of Object.keys(body)) if (key !== 'access_token') delete body[key];
      Object.assign(body, { user_id: Number(user.user_id ?? user.id), permissions: [`${platform}_basic`] });
    },
  });
  const longLived = (res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { access_token: standIn.issueAccessToken(), token_type: 'bearer', expires_in: 5183944 });
  standIn.addRoute('GET', '/access_token', (req, res) => {
    if (req.query.grant_type !== `${prefix}_exchange_token` || req.query.client_secret !== clientSecret) return sendJson(res, 400, graphError('Invalid parameter'));
    if (!standIn.hasAccessToken(req.query.access_token as string)) return sendJson(res, 400, graphError('Invalid OAuth access token.'));
    longLived(res);
  });
  standIn.addRoute('GET', '/refresh_access_token', (req, res) => {
    if (req.query.grant_type !== `${prefix}_refresh_token`) return sendJson(res, 400, graphError('Invalid parameter'));
    if (standIn.refuseRefresh || !standIn.hasAccessToken(req.query.access_token as string)) return sendJson(res, 400, graphError('Session has expired.'));
    longLived(res);
  });
  // The user node answers the fields asked for and always its `id`; a field the node lacks is refused (Graph error 100).
  standIn.addRoute('GET', platform === 'instagram' ? `${GRAPH}/me` : `${THREADS}/me`, (req, res) => {
    if (!standIn.hasAccessToken(req.query.access_token as string)) return sendJson(res, 400, graphError('Invalid OAuth access token.'));
    const fields = String(req.query.fields ?? 'id').split(',');
    const missing = fields.find((field) => !(field in user));
    if (missing) return sendJson(res, 400, graphError(`(#100) Tried accessing nonexisting field (${missing}) on node type (User)`, 100));
    sendJson(res, 200, Object.fromEntries(['id', ...fields].map((field) => [field, user[field]])));
  });
  const upper = platform.toUpperCase();
  return {
    platform,
    standIn,
    authorizePath: '/oauth/authorize',
    env: {
      [`${upper}_CLIENT_ID`]: `${platform}-app`,
      [`${upper}_CLIENT_SECRET`]: clientSecret,
      [`${upper}_AUTH_URL`]: `${standIn.url}/oauth/authorize`,
      ...(platform === 'instagram' ? { INSTAGRAM_TOKEN_URL: `${standIn.url}/oauth/access_token` } : {}),
      [`${upper}_GRAPH_URL`]: standIn.url,
    },
  };
}

async function youtube(): Promise<PlatformStandIn> {
  const clientSecret = secret('youtube');
  const standIn = await startOAuthStandIn({
    endpoints: { authorize: '/o/oauth2/v2/auth', token: '/token' },
    clientSecret,
    shapeToken: (body, request) => {
      Object.assign(body, { expires_in: 3599, scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly' });
      // Google keeps the refresh token: a refresh answer has none.
      if (request.grant_type === 'refresh_token') {
        standIn.refreshTokens.add(String(request.refresh_token));
        delete body.refresh_token;
      }
    },
  });
  // Google's revoke takes the token in the query (as google-auth-library sends it) or the form body.
  standIn.addRoute('POST', '/revoke', (req, res) => {
    if (!standIn.revoke(req.query.token ?? req.body?.token)) return sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    sendJson(res, 200, {});
  });
  standIn.addRoute('GET', '/youtube/v3/channels', (req, res) => {
    if (!standIn.hasAccessToken(bearerOf(req))) return sendJson(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    sendJson(res, 200, { kind: 'youtube#channelListResponse', items: [{ kind: 'youtube#channel', id: 'UCstandin0000000000000', snippet: { title: 'Stand-in Channel' } }] });
  });
  return {
    platform: 'youtube',
    standIn,
    authorizePath: '/o/oauth2/v2/auth',
    env: {
      YOUTUBE_CLIENT_ID: 'youtube-client.apps.googleusercontent.com',
      YOUTUBE_CLIENT_SECRET: clientSecret,
      YOUTUBE_AUTH_URL: `${standIn.url}/o/oauth2/v2/auth`,
      YOUTUBE_TOKEN_URL: `${standIn.url}/token`,
      YOUTUBE_API_URL: standIn.url,
    },
  };
}

export interface LinkedInAcl {
  organization: string;
  role: string;
  state: string;
}

/** The stand-in member's roles on LinkedIn pages, as the organization ACL finder lists them: some may post, some not. */
const LINKEDIN_ACLS: LinkedInAcl[] = [
  { organization: '2414183', role: 'ADMINISTRATOR', state: 'APPROVED' },
  { organization: '2414183', role: 'DIRECT_SPONSORED_CONTENT_POSTER', state: 'APPROVED' },
  { organization: '5515715', role: 'CONTENT_ADMINISTRATOR', state: 'APPROVED' },
  { organization: '6616616', role: 'DIRECT_SPONSORED_CONTENT_POSTER', state: 'APPROVED' },
  { organization: '7717717', role: 'ANALYST', state: 'APPROVED' },
  { organization: '8818818', role: 'ADMINISTRATOR', state: 'REQUESTED' },
];
/** Pages an agency's member may hold roles on, more than one answer of the ACL finder lists. */
export const LINKEDIN_AGENCY_PAGES = Array.from({ length: 120 }, (_, n) => ({ id: String(9_100_000 + n), name: `Stand-in Client ${n + 1}` }));
/** Every page the stand-in knows: id → localizedName. */
const LINKEDIN_ORGANIZATIONS: Record<string, string> = {
  '2414183': 'Stand-in Company',
  '5515715': 'Stand-in Brand',
  '6616616': 'Stand-in Ads',
  '7717717': 'Stand-in Analytics',
  '8818818': 'Stand-in Requested',
  ...Object.fromEntries(LINKEDIN_AGENCY_PAGES.map((page) => [page.id, page.name])),
};
const linkedinError = (status: number, message: string, code?: string) => ({ status, serviceErrorCode: status === 401 ? 65600 : 100, ...(code && { code }), message });

export async function startLinkedInStandIn(): Promise<PlatformStandIn> {
  const clientSecret = secret('linkedin');
  const standIn = await startOAuthStandIn({
    endpoints: { authorize: '/oauth/v2/authorization', token: '/oauth/v2/accessToken', userinfo: '/v2/userinfo' },
    clientSecret,
    // LinkedIn answers the scopes granted, comma-separated; it grants what the authorization asked for.
    shapeToken: (body, _request, granted) => {
      delete body.token_type;
      Object.assign(body, { expires_in: 5184000, refresh_token_expires_in: 31536000, scope: [...granted].sort().join(',') });
    },
  });
  const linkedinRoles = new Map<string, LinkedInAcl[]>();
  /** A /rest call's checks, in LinkedIn's order: the version header, the token, then the permission; false when answered. */
  const restCall = (req: Parameters<typeof bearerOf>[0], res: Parameters<typeof sendJson>[0], permission: string | null): boolean => {
    if (!/^\d{6}$/.test(String(req.headers['linkedin-version'] ?? ''))) {
      sendJson(res, 400, linkedinError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING'));
      return false;
    }
    const token = bearerOf(req);
    if (!standIn.hasAccessToken(token)) {
      sendJson(res, 401, linkedinError(401, 'Invalid access token'));
      return false;
    }
    if (permission && !standIn.scopesOf(token).includes(permission)) {
      sendJson(res, 403, linkedinError(403, `Not enough permissions to access: ${req.url?.split('?')[0]}`, 'ACCESS_DENIED'));
      return false;
    }
    return true;
  };
  // GET /rest/organizationAcls?q=roleAssignee[&role][&state][&start][&count]: the token's member's roles (Rest.li 2.0 finder).
  standIn.addRoute('GET', '/rest/organizationAcls', (req, res) => {
    if (!restCall(req, res, 'rw_organization_admin')) return;
    if (req.headers['x-restli-protocol-version'] !== '2.0.0' || req.query.q !== 'roleAssignee') {
      return sendJson(res, 400, linkedinError(400, 'Invalid query parameters passed to request'));
    }
    const { role, state } = req.query;
    const mine = (linkedinRoles.get(bearerOf(req)!) ?? LINKEDIN_ACLS).filter((acl) => (!role || acl.role === role) && (!state || acl.state === state));
    const start = Number(req.query.start ?? 0);
    const count = Number(req.query.count ?? 10);
    const elements = mine.slice(start, start + count).map((acl) => ({
      roleAssignee: 'urn:li:person:lnk-123',
      role: acl.role,
      state: acl.state,
      organization: `urn:li:organization:${acl.organization}`,
      created: { actor: 'urn:li:person:lnk-123', time: 1700000000000 },
      lastModified: { actor: 'urn:li:person:lnk-123', time: 1700000000000 },
    }));
    sendJson(res, 200, { paging: { start, count, links: [], total: mine.length }, elements });
  });
  // GET /rest/organizations/{id}: every member reads a page's name; the other fields are for its administrators.
  for (const [id, localizedName] of Object.entries(LINKEDIN_ORGANIZATIONS)) {
    standIn.addRoute('GET', `/rest/organizations/${id}`, (req, res) => {
      if (!restCall(req, res, null)) return;
      sendJson(res, 200, { id: Number(id), localizedName, vanityName: localizedName.toLowerCase().replace(/\W+/g, '-'), name: { localized: { en_US: localizedName }, preferredLocale: { country: 'US', language: 'en' } } });
    });
  }
  standIn.addRoute('POST', '/oauth/v2/revoke', (req, res) => {
    if (req.body?.client_secret !== clientSecret || !standIn.revoke(req.body?.token)) return sendJson(res, 400, { error: 'invalid_request', error_description: 'Unable to revoke token' });
    sendJson(res, 200, {});
  });
  standIn.server.service.on('beforeUserinfo', (response: { body: Record<string, unknown>; statusCode: number }, req: Parameters<typeof bearerOf>[0]) => {
    if (!standIn.hasAccessToken(bearerOf(req))) {
      response.statusCode = 401;
      response.body = { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 };
      return;
    }
    response.body = { sub: 'lnk-123', name: 'Stand-in Member', given_name: 'Stand-in', family_name: 'Member', email_verified: true };
  });
  return {
    platform: 'linkedin',
    standIn,
    linkedinRoles,
    authorizePath: '/oauth/v2/authorization',
    env: {
      LINKEDIN_CLIENT_ID: 'linkedin-client',
      LINKEDIN_CLIENT_SECRET: clientSecret,
      LINKEDIN_AUTH_URL: `${standIn.url}/oauth/v2/authorization`,
      LINKEDIN_TOKEN_URL: `${standIn.url}/oauth/v2/accessToken`,
      LINKEDIN_API_URL: standIn.url,
    },
  };
}

/** The scope each /v2/user/info/ field needs (TikTok's Get User Info reference and its 2024 user-info scope migration). */
const TIKTOK_FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

async function tiktok(): Promise<PlatformStandIn> {
  const clientSecret = secret('tiktok');
  const standIn = await startOAuthStandIn({
    endpoints: { authorize: '/v2/auth/authorize', token: '/v2/oauth/token' },
    clientSecret,
    // The token answer names the scopes the user granted, comma-separated.
    shapeToken: (body, _request, granted) =>
      Object.assign(body, { expires_in: 86400, open_id: 'tt-open-id-1', refresh_expires_in: 31536000, scope: granted.join(','), token_type: 'Bearer' }),
  });
  // Login Kit for Web: a code issued with code_challenge (S256: base64url of the verifier's SHA-256) is redeemed only with its
  // code_verifier. The OAuth2 library checks a verifier that is sent but lets a missing one through; TikTok refuses both.
  const challenges = new Map<string, string>();
  standIn.server.service.on('beforeAuthorizeRedirect', ({ url: redirect }: { url: URL }, req: { url?: string }) => {
    const query = new URL(req.url ?? '/', standIn.url).searchParams;
    const code = redirect.searchParams.get('code');
    const challenge = query.get('code_challenge');
    if (code && challenge) challenges.set(code, challenge);
  });
  standIn.server.service.on('beforeResponse', (response: { body: Record<string, unknown>; statusCode: number }, req: { body: Record<string, unknown> }) => {
    if (req.body.grant_type !== 'authorization_code' || response.statusCode !== 200) return;
    const challenge = challenges.get(String(req.body.code));
    challenges.delete(String(req.body.code));
    const verifier = req.body.code_verifier;
    if (challenge && typeof verifier === 'string' && createHash('sha256').update(verifier).digest('base64url') === challenge) return;
    response.statusCode = 400;
    response.body = { error: 'invalid_request', error_description: 'Code verifier or code challenge is invalid.', log_id: randomBytes(8).toString('hex') };
  });
  standIn.addRoute('POST', '/v2/oauth/revoke', (req, res) => {
    if (req.body?.client_secret !== clientSecret || !standIn.revoke(req.body?.token)) return sendJson(res, 200, { error: 'invalid_request', error_description: 'The token is invalid.', log_id: 'z' });
    sendJson(res, 200, {});
  });
  const user: Record<string, unknown> = { open_id: 'tt-open-id-1', display_name: 'Stand-in Creator', username: 'standin_creator', avatar_url: 'https://p16.tiktokcdn.example/a.jpeg' };
  standIn.addRoute('GET', '/v2/user/info', (req, res) => {
    const token = bearerOf(req);
    if (!standIn.hasAccessToken(token)) {
      return sendJson(res, 401, { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'x' } });
    }
    const fields = String(req.query.fields ?? '').split(',').filter(Boolean);
    const granted = standIn.scopesOf(token);
    if (fields.some((field) => !granted.includes(TIKTOK_FIELD_SCOPES[field] ?? ''))) {
      return sendJson(res, 401, { data: {}, error: { code: 'scope_not_authorized', message: 'The user did not authorize the scope required for completing this request.', log_id: 'w' } });
    }
    sendJson(res, 200, { data: { user: Object.fromEntries(fields.filter((f) => f in user).map((f) => [f, user[f]])) }, error: { code: 'ok', message: '', log_id: 'y' } });
  });
  return {
    platform: 'tiktok',
    standIn,
    authorizePath: '/v2/auth/authorize',
    env: { TIKTOK_CLIENT_KEY: 'tiktok-key', TIKTOK_CLIENT_SECRET: clientSecret, TIKTOK_AUTH_URL: `${standIn.url}/v2/auth/authorize/`, TIKTOK_API_URL: standIn.url },
  };
}

/** Every OAuth platform's stand-in, started. */
export async function startPlatformStandIns(): Promise<Record<PlatformStandIn['platform'], PlatformStandIn>> {
  const all = await Promise.all([x(), facebook(), metaLogin('instagram'), metaLogin('threads'), youtube(), startLinkedInStandIn(), tiktok()]);
  return Object.fromEntries(all.map((s) => [s.platform, s])) as Record<PlatformStandIn['platform'], PlatformStandIn>;
}
