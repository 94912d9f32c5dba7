import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in saw it: tests look here for what the adapter sent (and for tokens where they must not be). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw body (JSON, form, multipart or media bytes). */
  body: Buffer;
}

/** What a route handler is given: the request, its path parameters, and helpers that answer. */
export interface StandInRequest extends RecordedRequest {
  params: Record<string, string>;
  /** The body parsed as JSON, or as a URL-encoded form; {} when it is neither. */
  fields: Record<string, unknown>;
}

export type Handler = (req: StandInRequest, res: ServerResponse) => void | Promise<void>;

/**
 * What the next matching calls answer instead of success, as the real platform does in that case:
 * each platform's file gives these their own status, body and headers.
 */
export type Scenario = 'rate_limited' | 'expired_token' | 'refused' | 'server_error' | 'slow';

export interface StandInServer {
  url: string;
  requests: RecordedRequest[];
  route(method: string, pattern: string, handler: Handler): void;
  /** The next `times` calls whose path matches `pathPattern` (a route pattern, or any route without one) answer as `scenario`. */
  failNext(scenario: Scenario, options?: { times?: number; path?: string }): void;
  /** Drops the failures armed and not yet used up, so a test starts from a platform that answers. */
  clearFailures(): void;
  /** Takes the scenario armed for this request, if one is. */
  takeScenario(req: StandInRequest): Scenario | undefined;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function bearerOf(req: { headers: IncomingMessage['headers'] }): string | undefined {
  return /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** `/v22.0/:pageId/feed` → a matcher giving { pageId }. */
function compile(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const match = regex.exec(path);
    return match ? Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) : null;
  };
}

function parseFields(req: IncomingMessage, body: Buffer): Record<string, unknown> {
  const type = req.headers['content-type'] ?? '';
  try {
    if (type.includes('application/json')) return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  } catch {
    return {};
  }
  return {};
}

/** A local HTTP server with a route table; a platform's file adds its routes and answers. */
export async function startStandInServer(): Promise<StandInServer> {
  const routes: Array<{ method: string; match: ReturnType<typeof compile>; handler: Handler }> = [];
  const armed: Array<{ scenario: Scenario; times: number; match: ReturnType<typeof compile> | null }> = [];
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      for (const route of routes) {
        if (route.method !== recorded.method) continue;
        const params = route.match(recorded.path);
        if (!params) continue;
        Promise.resolve(route.handler({ ...recorded, params, fields: parseFields(req, recorded.body) }, res)).catch((error: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: String(error) });
        });
        return;
      }
      sendJson(res, 404, { error: `No stand-in route for ${recorded.method} ${recorded.path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route: (method, pattern, handler) => routes.push({ method, match: compile(pattern), handler }),
    failNext: (scenario, options = {}) => armed.push({ scenario, times: options.times ?? 1, match: options.path ? compile(options.path) : null }),
    clearFailures: () => void armed.splice(0),
    takeScenario: (req) => {
      const index = armed.findIndex((entry) => !entry.match || entry.match(req.path));
      if (index < 0) return undefined;
      const entry = armed[index]!;
      if (--entry.times <= 0) armed.splice(index, 1);
      return entry.scenario;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
