import type { ConnectionPlatform } from '@planner/contracts';

/** Tokens as a provider issued them (kept encrypted, never logged). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
}

/** Who was connected: names and account ids for `specific_data` (never tokens) and the account's public address. */
export interface AccountProfile {
  specificData: Record<string, string | null>;
  url: string | null;
}

/** An account id from a provider's answer, null when it gave none (the scheduler then asks the platform who the token is). */
export const accountIdOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** One platform's OAuth: the authorization URL, code exchange, refresh and the connected account. */
export interface OAuthProvider {
  readonly platform: Exclude<ConnectionPlatform, 'telegram'>;
  /** Client id and secret are set: real connections can be made. */
  readonly configured: boolean;
  authorizationUrl(input: { state: string; redirectUri: string }): { url: string; codeVerifier?: string };
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  /** New tokens for a connection; providers without refresh tokens (Meta) extend the long-lived token. */
  refresh(tokens: { accessToken: string; refreshToken: string | null }): Promise<TokenSet>;
  profile(accessToken: string): Promise<AccountProfile>;
  /** Withdraws the app's access at the provider on disconnect, where the provider offers it. */
  revoke?(tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
}

/** The provider refused or failed; the message is the provider's own words (safe to show, holds no token). */
export class ProviderError extends Error {
  constructor(
    readonly platform: ConnectionPlatform,
    message: string,
    /** The provider could not be reached or failed on its side: worth trying again, and no verdict on the tokens. */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A provider's answer that is its own trouble (5xx, rate limited) rather than a refusal of what was sent. */
export const isTransientStatus = (status: number): boolean => status >= 500 || status === 429;

const TIMEOUT_MS = 10_000;

/** The provider's own error text from the shapes they use (OAuth `error_description`, Graph `error.message`, TikTok `error.message`). */
function providerMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error_description === 'string') return b.error_description;
    if (b.error && typeof b.error === 'object' && typeof (b.error as Record<string, unknown>).message === 'string') {
      return (b.error as Record<string, string>).message!;
    }
    if (typeof b.error === 'string') return b.error;
    if (typeof b.message === 'string') return b.message;
    if (typeof b.description === 'string') return b.description;
  }
  return `provider answered ${status}`;
}

/** A JSON call to a provider with a time-out; non-2xx answers become ProviderError with the provider's message. */
export async function callProvider(platform: ConnectionPlatform, url: string | URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    throw new ProviderError(platform, `could not reach the provider: ${(error as Error).message}`, true);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ProviderError(platform, `provider answered ${response.status} with a body that is not JSON`, isTransientStatus(response.status));
  }
  if (!response.ok) throw new ProviderError(platform, providerMessage(body, response.status), isTransientStatus(response.status));
  if (!body || typeof body !== 'object') throw new ProviderError(platform, 'provider answered with an unexpected body');
  return body as Record<string, unknown>;
}

/** A form-encoded POST (the OAuth token endpoints' format). */
export function postForm(platform: ConnectionPlatform, url: string, fields: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  return callProvider(platform, url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** `url` with query parameters added. */
export function withQuery(url: string, query: Record<string, string | undefined>): URL {
  const out = new URL(url);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out.searchParams.set(key, value);
  return out;
}

/** A standard OAuth 2 token answer as a TokenSet; `keepRefresh` when the provider does not rotate refresh tokens. */
export function tokenSetFrom(platform: ConnectionPlatform, body: Record<string, unknown>, keepRefresh: string | null = null): TokenSet {
  if (typeof body.access_token !== 'string' || !body.access_token) throw new ProviderError(platform, 'provider answered without an access token');
  const expiresIn = Number(body.expires_in);
  const scope = typeof body.scope === 'string' ? body.scope : '';
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : keepRefresh,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: scope.split(/[ ,]+/).filter(Boolean),
  };
}

/** `<base>/<path>` whether or not the base ends with a slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
