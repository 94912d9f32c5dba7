/** Calls through the gateway, each one recorded: when it started, how long it took, its status or error. */

export interface Call {
  /** When it was sent (ms since the epoch) and how long until its answer or error. */
  at: number;
  ms: number;
  /** `GET /auth/me`: the method and the route, ids left out. */
  route: string;
  /** null: no answer (refused, reset, timed out). */
  status: number | null;
  error?: string;
}

export interface Answer<T> {
  status: number | null;
  body: T | null;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  /** The route as recorded, when the path holds ids. */
  route?: string;
}

/** A request that gets no answer in this time counts as failed. */
const TIMEOUT_MS = 30_000;

export class Gateway {
  readonly calls: Call[] = [];

  constructor(readonly url: string) {}

  private fetch(method: string, path: string, { token, json, form }: RequestOptions): Promise<Response> {
    return fetch(`${this.url}/api${path}`, {
      method,
      headers: { ...(json !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }), accept: 'application/json' },
      body: json !== undefined ? JSON.stringify(json) : form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  /** Sends and records one call; never throws. */
  async send<T>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const at = Date.now();
    const record = (status: number | null, error?: string) =>
      this.calls.push({ at, ms: Date.now() - at, route: `${method} ${options.route ?? path.split('?')[0]}`, status, ...(error ? { error } : {}) });
    try {
      const response = await this.fetch(method, path, options);
      const text = await response.text();
      record(response.status, response.ok ? undefined : text.slice(0, 300));
      return { status: response.status, body: response.ok && text ? (JSON.parse(text) as T) : null };
    } catch (error) {
      record(null, (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name);
      return { status: null, body: null };
    }
  }

  /** The same without recording (setting up, checking): throws unless the answer is 2xx. */
  async call<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.fetch(method, path, options);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/** A call failed: no answer, or a 5xx (the product's fault, not the caller's). */
export const failed = (call: Call) => call.status === null || call.status >= 500;
/** An answer the load does not expect: any 4xx (429 included: the limits are set to allow the load). */
export const refused = (call: Call) => call.status !== null && call.status >= 400 && call.status < 500;
