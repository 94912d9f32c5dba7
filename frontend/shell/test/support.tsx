import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { PublicUser } from '@planner/contracts';
import { xhrUpload } from '../src/api/upload.js';
import type { RemoteLoader } from '../src/remotes/loader.js';
import { ShellContext, createShellServices, type ShellServices } from '../src/shell-context.js';

export interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  /** JSON bodies parsed; others (multipart) as sent. */
  body: unknown;
  contentType: string | undefined;
}

/** An answer; a Buffer body is sent as it is (give its content-type), others as JSON. */
export type Handler = (call: Call) => { status: number; body?: unknown; headers?: Record<string, string> };

/** A local HTTP server standing in for the gateway: each test says how it answers. */
export async function startApi(): Promise<{ url: string; calls: Call[]; handle: (h: Handler) => void; close: () => Promise<void> }> {
  let handler: Handler = () => ({ status: 404, body: { error: 'Not Found', message: 'The requested resource was not found.' } });
  const calls: Call[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const contentType = req.headers['content-type'];
      const call: Call = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').replace(/^\/api/, ''),
        authorization: req.headers.authorization,
        body: raw && contentType?.includes('json') ? JSON.parse(raw) : raw || undefined,
        contentType,
      };
      calls.push(call);
      const answer = handler(call);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    handle: (h) => (handler = h),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function user(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'jane',
    email: 'jane@example.com',
    role: 'basic',
    email_verified: true,
    newsletter_subscribed: false,
    created_at: '2026-01-01T00:00:00.000Z',
    last_login: null,
    is_banned: false,
    ban_reason: null,
    banned_at: null,
    ban_expires_at: null,
    capabilities: { can_use_generator: false, can_use_calendar: false, can_use_auto_post: false, can_use_post_review: false },
    subscription: null,
    ...overrides,
  };
}

export interface TestShell {
  services: ShellServices;
  redirects: string[];
  clock: { now: number };
  /** Requests sent through the upload transport (XMLHttpRequest) rather than fetch. */
  uploads: string[];
}

const noRemotes: RemoteLoader = { load: () => Promise.reject(new Error('no remotes in this test')) };

/** Shell services against `api` (an object to repoint it later), with a clock the test moves and redirects recorded. */
export function testShell(api: string | { url: string }, options: { storage?: Storage; remotes?: RemoteLoader } = {}): TestShell {
  const clock = { now: 1_000_000 };
  const redirects: string[] = [];
  const uploads: string[] = [];
  const toServer = (url: string) => url.replace(/^\/api/, `${typeof api === 'string' ? api : api.url}/api`);
  const services = createShellServices({
    fetch: (input, init) => fetch(toServer(String(input)), init),
    upload: (url, init, onProgress) => {
      uploads.push(url);
      return xhrUpload(toServer(url), init, onProgress);
    },
    storage: options.storage ?? window.localStorage,
    sessionStorage: window.sessionStorage,
    window,
    now: () => clock.now,
    redirect: (path) => redirects.push(path),
    remotes: options.remotes ?? noRemotes,
  });
  return { services, redirects, clock, uploads };
}

export function Providers({ services, path, children }: { services: ShellServices; path: string; children: ReactNode }) {
  return (
    <ShellContext.Provider value={services}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </ShellContext.Provider>
  );
}
