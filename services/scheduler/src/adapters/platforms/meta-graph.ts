import { ConnectionMessages, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from '@planner/contracts';
import type { RateWindow } from './platform-adapter.js';
import { PlatformError, retryAfterMs, type PlatformErrorKind } from './platform-error.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform, readJson, type AdapterTiming } from './platform-fetch.js';

/**
 * What Meta's Graph APIs share (Facebook Pages, Instagram, Threads): the HTTP
 * path with the token as a parameter, the error envelope and how it is
 * classified and the publishing-limit read (their rules: contracts' platform-post-rules).
 */

/** Meta's timing: Graph calls may take long; media are polled ever less often, up to 5 minutes an attempt. */
export const META_TIMING: AdapterTiming = {
  ...DEFAULT_TIMING,
  requestTimeoutMs: 120_000,
  pollDelaysMs: [1000, 2000, 4000, 8000, 15_000],
  pollTimeoutMs: 5 * 60_000,
};

/** Graph's error envelope: `{ error: { message, type, code, error_subcode, fbtrace_id, … } }`. */
interface GraphErrorBody {
  message?: string;
  code?: number;
  error_subcode?: number;
  error_user_msg?: string;
  is_transient?: boolean;
}

// Throttling: app (4), user (17), page (32), app limit (341), custom (613), publishing cap (9), Business Use Case (80000–80014).
const THROTTLE_CODES = new Set([4, 9, 17, 32, 341, 613]);
const isUseCaseThrottle = (code: number) => code >= 80000 && code <= 80014;
const AUTH_CODES = new Set([102, 190]);
// Unknown (1), service (2) and Instagram's server-side (-1, -2) errors: Meta asks to retry.
const TRANSIENT_CODES = new Set([1, 2, -1, -2]);
/** "Unsupported get request" (code 100, subcode 33): Meta answers it now and then to reads of objects that exist (container status). */
const UNSUPPORTED_GET = { code: 100, subcode: 33 };
/** Instagram and Threads: "restricted as spam" comes with code 4 yet is a refusal, not a throttle. */
const SPAM_SUBCODE = 2207051;
/** Waits when a throttle says nothing of its own: usage windows roll over within the hour. */
const THROTTLE_WAIT_MS = 5 * 60_000;
const PUBLISH_CAP_WAIT_MS = 60 * 60_000;

export function displayName(platform: ConnectionPlatform): string {
  return PLATFORM_DISPLAY_NAMES[platform];
}

/** The longest `estimated_time_to_regain_access` (minutes) in Meta's usage headers, as a wait in ms. */
function usageWaitMs(headers: Headers): number | undefined {
  let minutes = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'estimated_time_to_regain_access' && typeof inner === 'number') minutes = Math.max(minutes, inner);
        else visit(inner);
      }
    }
  };
  for (const name of ['x-business-use-case-usage', 'x-page-usage', 'x-app-usage', 'x-ad-account-usage']) {
    try {
      visit(JSON.parse(headers.get(name) ?? 'null'));
    } catch {
      // A malformed usage header tells nothing: the other headers or the default wait decide.
    }
  }
  return minutes > 0 ? minutes * 60_000 : retryAfterMs(headers.get('retry-after'));
}

/** The platform's reason in plain words: Graph's "(#100) " prefix dropped, and never the token. */
function plainReason(error: GraphErrorBody, status: number, token: string): string {
  const reason = (error.error_user_msg || error.message || `HTTP ${status}`).replace(/^\(#-?\d+\)\s*/, '').trim();
  return token ? reason.split(token).join('[token]') : reason;
}

function kindOf(status: number, error: GraphErrorBody, read: boolean): PlatformErrorKind {
  const code = error.code;
  if (code === undefined) return status === 401 ? 'auth' : status === 429 ? 'rate_limited' : status >= 500 ? 'transient' : 'permanent';
  if (AUTH_CODES.has(code)) return 'auth';
  // On a read it is read again later: an id we were given does exist, and a write is never repeated for it.
  if (read && code === UNSUPPORTED_GET.code && error.error_subcode === UNSUPPORTED_GET.subcode) return 'transient';
  if (error.error_subcode === SPAM_SUBCODE) return 'permanent';
  if (THROTTLE_CODES.has(code) || isUseCaseThrottle(code)) return 'rate_limited';
  if (TRANSIENT_CODES.has(code) || error.is_transient === true || status >= 500) return 'transient';
  return 'permanent';
}

/** The error the worker acts on, with what to tell the user. */
function platformError(platform: ConnectionPlatform, kind: PlatformErrorKind, reason: string, status: number, waitMs?: number): PlatformError {
  const name = displayName(platform);
  switch (kind) {
    case 'auth':
      return new PlatformError(kind, `${ConnectionMessages.reconnectNeeded(name)} (${reason})`, { status });
    case 'rate_limited':
      return new PlatformError(kind, `${name} is limiting how often this account can publish (${reason}). It will be tried again later.`, {
        status,
        retryAfterMs: waitMs ?? THROTTLE_WAIT_MS,
      });
    case 'transient':
      return new PlatformError(kind, `${name} failed on its side (${reason}). It will be tried again.`, { status });
    default:
      return new PlatformError(kind, `${name} refused the post: ${reason}`, { status });
  }
}

/** A Graph failure classified from its error body (codes, subcodes) and status, with the usage headers' wait for throttles; `read`: a GET's. */
export function graphError(platform: ConnectionPlatform, status: number, body: unknown, headers: Headers, token: string, read = false): PlatformError {
  const error: GraphErrorBody = (body as { error?: GraphErrorBody } | null)?.error ?? {};
  const kind = kindOf(status, error, read);
  const wait = kind === 'rate_limited' ? (usageWaitMs(headers) ?? (error.code === 9 ? PUBLISH_CAP_WAIT_MS : undefined)) : undefined;
  return platformError(platform, kind, plainReason(error, status, token), status, wait);
}

type Query = Record<string, string | number | undefined>;

/** One Graph API with one token, for one job: GET with the token in the query, POST with it in the JSON body. */
export class GraphApi {
  constructor(
    readonly platform: ConnectionPlatform,
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly signal: AbortSignal,
    private readonly timing: AdapterTiming,
  ) {}

  get<T>(path: string, query: Query = {}): Promise<T> {
    const url = this.url(path);
    for (const [name, value] of Object.entries({ ...query, access_token: this.token })) if (value !== undefined) url.searchParams.set(name, String(value));
    return this.request<T>(url, { method: 'GET' });
  }

  post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    return this.request<T>(this.url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, access_token: this.token }),
    });
  }

  /**
   * Facebook's rupload: Meta fetches `fileUrl` itself into the upload session
   * at `uploadUrl` (another host; the token goes as an `OAuth` header). Its
   * errors come as `{ debug_info: { retriable, type, message } }`.
   */
  async pullInto(uploadUrl: string, fileUrl: string): Promise<void> {
    const { response, body } = await this.fetch(uploadUrl, { method: 'POST', headers: { authorization: `OAuth ${this.token}`, file_url: fileUrl } });
    if (response.ok) return;
    const info = body.debug_info as { retriable?: boolean; message?: string } | undefined;
    if (!info) throw graphError(this.platform, response.status, body, response.headers, this.token);
    const kind = response.status === 401 ? 'auth' : info.retriable || response.status >= 500 ? 'transient' : 'permanent';
    throw platformError(this.platform, kind, plainReason({ message: info.message }, response.status, this.token), response.status);
  }

  /** `path` under the base URL (which may carry a version). */
  private url(path: string): URL {
    return new URL(apiUrl(this.baseUrl, path));
  }

  private async request<T>(url: URL, init: RequestInit): Promise<T> {
    const { response, body } = await this.fetch(url, init);
    if (!response.ok || body.error) throw graphError(this.platform, response.status, body, response.headers, this.token, init.method === 'GET');
    return body as T;
  }

  private async fetch(url: URL | string, init: RequestInit): Promise<{ response: Response; body: Record<string, unknown> }> {
    const name = displayName(this.platform);
    const response = await fetchPlatform(name, url, init, this.signal, this.timing.requestTimeoutMs);
    // Not JSON (a proxy's error page) reads as {}: the status alone classifies it.
    return { response, body: await readJson(name, response) };
  }
}

/** Still processing after the attempt's budget: transient, and the handles kept let the next attempt carry on. */
export function stillProcessing(platform: ConnectionPlatform): PlatformError {
  const name = displayName(platform);
  return new PlatformError('transient', `${name} is still processing the media. It will be tried again.`);
}

export const DAY_MS = 24 * 60 * 60_000;

/**
 * A publishing cap read from the platform (Instagram's content_publishing_limit,
 * Threads' threads_publishing_limit): `{ data: [{ quota_usage, config: { quota_total, quota_duration } }] }`.
 * `quota_usage` counts the posts made with other tools too: at the cap, the
 * post waits (rate limited) instead of being refused by the publish call. A
 * refused token is thrown (the worker refreshes it); any other failure falls
 * back to the documented cap.
 */
export async function publishingLimit(api: GraphApi, path: string, documented: RateWindow): Promise<RateWindow[]> {
  let answer: { data?: Array<{ quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }> };
  try {
    answer = await api.get(path, { fields: 'config,quota_usage' });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'auth') throw error;
    return [documented];
  }
  const { quota_usage: used, config } = answer.data?.[0] ?? {};
  if (!config?.quota_total || config.quota_total <= 0 || !config.quota_duration || config.quota_duration <= 0) return [documented];
  const window = { limit: config.quota_total, windowMs: config.quota_duration * 1000 };
  if (typeof used === 'number' && used >= window.limit) {
    const name = displayName(api.platform);
    const hours = Math.round(window.windowMs / 3_600_000);
    throw new PlatformError('rate_limited', `${name} allows ${window.limit} posts in ${hours} hours from this account, posts made with other tools included, and they are all used. It will be tried again later.`, {
      retryAfterMs: PUBLISH_CAP_WAIT_MS,
    });
  }
  return [window];
}

/** The user id a Meta login connection publishes as: the stored id where organizations keeps one, else `me` (the token's user). */
export function metaUserId(specificData: Record<string, unknown>): string {
  const id = specificData.user_id ?? specificData.id;
  return typeof id === 'string' && id ? id : 'me';
}

