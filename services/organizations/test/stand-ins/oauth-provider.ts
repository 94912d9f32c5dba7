import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

type Body = Record<string, unknown>;

export interface StandInOptions {
  /** Where this provider serves its authorization page and token endpoint. */
  endpoints: { authorize: string; token?: string; userinfo?: string };
  clientSecret: string;
  /** Reshapes a successful token answer into the provider's own format; `granted` are the scopes asked for at /authorize. */
  shapeToken?: (body: Body, request: Body, granted: string[]) => void;
}

export interface OAuthStandIn {
  url: string;
  server: OAuth2Server;
  /** Every access and refresh token handed out, so tests can look for them where they must not be. */
  accessTokens: string[];
  refreshTokens: Set<string>;
  /** Tokens withdrawn through the provider's revoke endpoint: no longer accepted. */
  revoked: Set<string>;
  /** Answers a revoke request for a token of ours: it stops working. */
  revoke: (token: unknown) => boolean;
  /** Issues a code exactly as /authorize did (for providers whose token exchange is not the OAuth2 server's). */
  redeemCode: (code: string, redirectUri: string) => boolean;
  issueAccessToken: () => string;
  hasAccessToken: (token: string | undefined | null) => boolean;
  /** The scopes granted with a token from the token endpoint: those asked for at /authorize, kept through refreshes. */
  scopesOf: (token: string | undefined | null) => string[];
  /** The provider refuses refreshes from now on (revoked app access). */
  refuseRefresh: boolean;
  /** The token endpoint fails on the provider's side (503) from now on. */
  unavailable: boolean;
  addRoute: (method: 'GET' | 'POST' | 'DELETE', path: string, handler: (req: IncomingMessage & { query: Body; body: Body }, res: ServerResponse) => void) => void;
  close: () => Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function bearerOf(req: IncomingMessage): string | undefined {
  return /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

function secretOf(req: IncomingMessage, body: Body): string | undefined {
  if (typeof body.client_secret === 'string') return body.client_secret;
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return basic ? decodeURIComponent(Buffer.from(basic, 'base64').toString().split(':')[1] ?? '') : undefined;
}

/**
 * A provider's OAuth 2 server, from oauth2-mock-server (a real OAuth 2 / OIDC server): its /authorize issues codes
 * bound to the redirect URI (and PKCE challenge, checked at the token endpoint by the library); here codes are
 * single-use, the client secret is checked, refresh tokens rotate, and answers take the provider's shape.
 */
export async function startOAuthStandIn(options: StandInOptions): Promise<OAuthStandIn> {
  const server = new OAuth2Server(undefined, undefined, {
    // The library's own /revoke is moved aside: each provider's revoke is a route of its own shape.
    endpoints: { authorize: options.endpoints.authorize, token: options.endpoints.token ?? '/token', revoke: '/mock-revoke', ...(options.endpoints.userinfo && { userinfo: options.endpoints.userinfo }) },
  });
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const codes = new Map<string, string>();
  const scopesByCode = new Map<string, string[]>();
  const scopesByToken = new Map<string, string[]>();
  const accessTokens: string[] = [];
  const refreshTokens = new Set<string>();
  const revoked = new Set<string>();

  const standIn: OAuthStandIn = {
    url,
    server,
    accessTokens,
    refreshTokens,
    revoked,
    revoke: (token) => {
      if (typeof token !== 'string' || !(accessTokens.includes(token) || refreshTokens.has(token))) return false;
      revoked.add(token);
      refreshTokens.delete(token);
      return true;
    },
    refuseRefresh: false,
    unavailable: false,
    redeemCode: (code, redirectUri) => {
      const expected = codes.get(code);
      codes.delete(code);
      return expected !== undefined && expected === redirectUri;
    },
    issueAccessToken: () => {
      const token = `standin-access-${randomBytes(24).toString('hex')}`;
      accessTokens.push(token);
      return token;
    },
    hasAccessToken: (token) => typeof token === 'string' && accessTokens.includes(token) && !revoked.has(token),
    scopesOf: (token) => (typeof token === 'string' && scopesByToken.get(token)) || [],
    addRoute: (method, path, handler) => server.service.addRoute(method, path, (req, res) => handler(req as never, res)),
    close: () => server.stop(),
  };

  // Each token unique, as a provider's are (two signed in the same second would otherwise be equal).
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.jti = randomBytes(12).toString('hex');
  });

  server.service.on('beforeAuthorizeRedirect', ({ url: redirect }: { url: URL }, req: IncomingMessage) => {
    const code = redirect.searchParams.get('code');
    const query = new URL(req.url ?? '/', url).searchParams;
    const redirectUri = query.get('redirect_uri');
    if (code && redirectUri) codes.set(code, redirectUri);
    if (code) scopesByCode.set(code, (query.get('scope') ?? '').split(/[ ,]+/).filter(Boolean));
  });

  server.service.on('beforeResponse', (response: { body: Body; statusCode: number }, req: IncomingMessage & { body: Body }) => {
    const body = req.body;
    const refuse = (error: string, description: string) => {
      response.statusCode = 400;
      response.body = { error, error_description: description };
    };
    if (standIn.unavailable) {
      response.statusCode = 503;
      response.body = { error: 'temporarily_unavailable', error_description: 'The service is temporarily unavailable.' };
      return;
    }
    if (secretOf(req, body) !== options.clientSecret) return refuse('invalid_client', 'Client authentication failed.');
    const granted = (body.grant_type === 'authorization_code' ? scopesByCode.get(String(body.code)) : scopesByToken.get(String(body.refresh_token))) ?? [];
    scopesByCode.delete(String(body.code));
    if (body.grant_type === 'authorization_code' && !standIn.redeemCode(String(body.code), String(body.redirect_uri))) {
      return refuse('invalid_grant', 'The authorization code is invalid, expired, used or was issued to another redirect URI.');
    }
    if (body.grant_type === 'refresh_token') {
      if (standIn.refuseRefresh || !refreshTokens.delete(String(body.refresh_token))) return refuse('invalid_grant', 'The refresh token is invalid or revoked.');
    }
    accessTokens.push(String(response.body.access_token));
    scopesByToken.set(String(response.body.access_token), granted);
    if (typeof response.body.refresh_token === 'string') {
      refreshTokens.add(response.body.refresh_token);
      scopesByToken.set(response.body.refresh_token, granted);
    }
    delete response.body.id_token;
    options.shapeToken?.(response.body, body, granted);
  });
  return standIn;
}
