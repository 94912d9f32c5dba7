import { ErrorCode, SharedMessages } from '@planner/contracts';
import {
  apiPath,
  type AnyApiRequestOptions,
  type ApiPath,
  type ApiRequestArgs,
  type ApiResponse,
  type HostApiClient,
  type HttpMethod,
  type SessionPayload,
  type ToastInput,
} from '@planner/remote-contract';
import type { SessionStore } from '../session/store.js';
import { CircuitBreaker } from './circuit.js';
import { HttpError, errorText } from './errors.js';
import { ApiEvents } from './events.js';
import { RATE_LIMIT_TOAST_MS, RateLimitState, rateLimitMessage, rateLimitWait } from './rate-limit.js';
import type { UploadTransport } from './upload.js';

/** Part 1 §4: the session-expired redirect at most once per 2 s. */
export const SESSION_EXPIRED_THROTTLE_MS = 2000;
export const SESSION_EXPIRED_PATH = '/login?session_expired=true';
/** Part 1 §8: the API-down notice is raised again at most every 60 s. */
export const API_DOWN_NOTICE_MS = 60_000;
const REFRESH_PATH = '/auth/refresh' satisfies ApiPath<'POST'>;

export interface ApiClientDeps {
  /** '/api' in the browser. */
  baseUrl: string;
  fetch: typeof fetch;
  /** Multipart requests whose upload is watched (onUploadProgress); XMLHttpRequest by default. */
  upload?: UploadTransport;
  session: SessionStore;
  storage: Storage;
  now: () => number;
  toast: (toast: ToastInput) => void;
  /** Leaves the page for the login screen (a full navigation in the browser). */
  redirect: (path: string) => void;
}

type Body = Record<string, unknown> | null;

/**
 * The refresh answer's shape, checked by hand: the contracts' zod schemas would
 * bring zod into the shell's bundle for this one check.
 */
function isSessionPayload(body: Body): body is Body & SessionPayload {
  return typeof body?.access_token === 'string' && typeof body.refresh_token === 'string' && typeof body.user === 'object' && body.user !== null;
}

/** Media files (GET /media/...) come as Blobs; every other answer is JSON. */
const BINARY = /^(image|video|audio)\/|^application\/octet-stream/;

async function readBody(response: Response): Promise<Body> {
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return null;
  }
}

/**
 * The one HTTP client of the frontend (part 1 §8): access token with one refresh
 * on 401, circuit breaker, rate-limit state per path, connection events for the
 * banner, and the spec's error texts. Remotes use it through the host.
 */
export class ApiClient implements HostApiClient {
  readonly events = new ApiEvents();
  readonly circuit: CircuitBreaker;
  readonly rateLimits: RateLimitState;
  private refreshing: Promise<boolean> | null = null;
  private lastExpiredRedirect = -Infinity;
  private lastRateLimitToast = -Infinity;
  private lastApiDownNotice = -Infinity;
  /** Since a connection failure, until a request reaches the server again. */
  private unreachable = false;

  constructor(private readonly deps: ApiClientDeps) {
    this.circuit = new CircuitBreaker(deps.now);
    this.rateLimits = new RateLimitState(deps.storage, deps.now);
  }

  /** `path` is a path of the contract's ApiEndpoints: its `params` are filled in and its `query` appended here (apiPath). */
  async request<M extends HttpMethod, P extends ApiPath<M>>(method: M, pattern: P, ...args: ApiRequestArgs<M, P>): Promise<ApiResponse<M, P>> {
    const options = (args[0] ?? {}) as AnyApiRequestOptions;
    const path = apiPath(pattern, options.params as never, options.query);
    const key = path.split('?', 1)[0]!;
    const blocked = this.rateLimits.remaining(key);
    if (blocked > 0) {
      this.rateLimitToast(blocked);
      throw new HttpError(429, rateLimitMessage(blocked), { code: ErrorCode.RATE_LIMITED, reset: blocked });
    }
    if (!this.circuit.allows()) throw new HttpError(503, SharedMessages.serviceUnavailable);

    const auth = options.auth !== false;
    const sentToken = auth ? this.deps.session.accessToken : null;
    const hadSession = sentToken !== null;
    let response = await this.send(method, path, options, auth);
    if (response.status === 401 && auth) {
      // Another tab may have refreshed meanwhile: its new token is tried before refreshing again.
      const current = this.deps.session.accessToken;
      const renewed = current !== null && current !== sentToken;
      if (hadSession && (renewed || (await this.refreshOnce()))) {
        await response.body?.cancel();
        response = await this.send(method, path, options, auth);
      }
      if (response.status === 401) {
        await response.body?.cancel();
        if (hadSession) this.expireSession();
        throw new HttpError(401, SharedMessages.authenticationRequired);
      }
    }

    if (response.ok && BINARY.test(response.headers.get('content-type') ?? '')) return (await response.blob()) as ApiResponse<M, P>;
    const body = await readBody(response);
    // The answer is the endpoint's by the contract; it is not validated here (that would bring zod into the shell).
    if (response.ok) return body as ApiResponse<M, P>;
    if (response.status === 429 && body?.code === ErrorCode.RATE_LIMITED) {
      const seconds = rateLimitWait(response.headers, body);
      const until = this.rateLimits.block(key, seconds);
      this.events.emit({ type: 'rate-limited', until });
      this.rateLimitToast(seconds);
      throw new HttpError(429, rateLimitMessage(seconds), body);
    }
    throw new HttpError(response.status, errorText(response.status, body), body);
  }

  /** The banner's Retry Connection: probes /health past the circuit breaker. */
  async checkConnection(): Promise<boolean> {
    try {
      const response = await this.deps.fetch(`${this.deps.baseUrl}/health`, { cache: 'no-store' });
      await response.body?.cancel();
      this.connected();
      return true;
    } catch {
      this.connectionFailed();
      return false;
    }
  }

  private async send(method: HttpMethod, path: string, options: AnyApiRequestOptions, auth: boolean): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    // A form goes as multipart, its boundary in the content type the browser writes.
    const form = options.body instanceof FormData ? options.body : null;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    const token = this.deps.session.accessToken;
    if (auth && token && !headers.authorization) headers.authorization = `Bearer ${token}`;
    const url = `${this.deps.baseUrl}${path}`;
    let response: Response;
    try {
      if (form && options.onUploadProgress) {
        // Loaded with the first watched upload: the landing page does not carry it.
        const upload = this.deps.upload ?? (await import('./upload.js')).xhrUpload;
        response = await upload(url, { method, headers, body: form }, options.onUploadProgress);
      } else {
        response = await this.deps.fetch(url, { method, headers, body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
      }
    } catch {
      this.connectionFailed();
      throw new HttpError(0, SharedMessages.noResponse);
    }
    this.connected();
    return response;
  }

  /** One refresh at a time; every 401 waiting on it retries once with the new token. */
  private refreshOnce(): Promise<boolean> {
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    const refreshToken = this.deps.session.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await this.send('POST', REFRESH_PATH, { headers: { authorization: `Bearer ${refreshToken}` } }, false);
      if (!response.ok) {
        await response.body?.cancel();
        // A refresh token rotated by another tab in the meantime is not a lost session.
        return this.deps.session.refreshToken !== refreshToken && this.deps.session.accessToken !== null;
      }
      const body = await readBody(response);
      if (!isSessionPayload(body)) return false;
      this.deps.session.set(body);
      return true;
    } catch {
      return false;
    }
  }

  private expireSession(): void {
    this.deps.session.clear();
    const now = this.deps.now();
    if (now - this.lastExpiredRedirect < SESSION_EXPIRED_THROTTLE_MS) return;
    this.lastExpiredRedirect = now;
    this.deps.redirect(SESSION_EXPIRED_PATH);
  }

  private rateLimitToast(seconds: number): void {
    const now = this.deps.now();
    if (now - this.lastRateLimitToast < RATE_LIMIT_TOAST_MS) return;
    this.lastRateLimitToast = now;
    this.deps.toast({ kind: 'warning', message: rateLimitMessage(seconds), durationMs: RATE_LIMIT_TOAST_MS });
  }

  private connectionFailed(): void {
    this.unreachable = true;
    this.circuit.recordFailure();
    this.events.emit({ type: 'connection-lost' });
    const now = this.deps.now();
    if (now - this.lastApiDownNotice < API_DOWN_NOTICE_MS) return;
    this.lastApiDownNotice = now;
    this.deps.toast({ kind: 'error', message: SharedMessages.noResponse, durationMs: 0 });
  }

  private connected(): void {
    this.circuit.recordSuccess();
    this.events.emit({ type: 'connected' });
    if (!this.unreachable) return;
    this.unreachable = false;
    this.events.emit({ type: 'connection-restored' });
  }
}
