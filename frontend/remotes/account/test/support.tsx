import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { PublicUser } from '@planner/contracts';
import { apiPath, type AnyApiRequestOptions, type ApiError, type Host, type HostProps, type ToastInput } from '@planner/remote-contract';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  auth: boolean;
}

/** What the shell's client would throw: status, the text for it, and the server's body. */
export function apiError(status: number, body: Record<string, unknown> | null = null, message = 'failed'): ApiError {
  return Object.assign(new Error(message), { status, body });
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

/** The host interface as the shell gives it, answering from `respond`. */
export function testHost(respond: (call: Call) => unknown = () => ({}), sessionUser: PublicUser | null = null) {
  const calls: Call[] = [];
  const toasts: ToastInput[] = [];
  const signIns: unknown[] = [];
  const session = { cleared: 0, reloaded: 0 };
  const connection = new Set<() => void>();
  const host: Host = {
    api: {
      // The path as the shell's client sends it: parameters filled in, query appended.
      request: async <T,>(method: string, pattern: string, options: AnyApiRequestOptions = {}) => {
        const call = { method, path: apiPath(pattern, options.params, options.query), body: options.body, auth: options.auth !== false };
        calls.push(call);
        return respond(call) as T;
      },
    },
    toast: (toast) => toasts.push(toast),
    config: {},
    organization: null,
    onConnectionRestored: (listener) => {
      connection.add(listener);
      return () => connection.delete(listener);
    },
    session: {
      user: sessionUser,
      signIn: (payload) => signIns.push(payload),
      signOut: async () => undefined,
      reloadUser: async () => {
        session.reloaded += 1;
      },
      clear: () => {
        session.cleared += 1;
      },
    },
  };
  /** What the shell's client does when the API answers again after a connection failure. */
  const restoreConnection = () => connection.forEach((listener) => listener());
  return { host, calls, toasts, signIns, session, restoreConnection };
}

export function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <output data-testid="location-state">{location.state === null ? '' : JSON.stringify(location.state)}</output>
    </>
  );
}

/** Renders `Page` at `path` (a path, or a location with the route state another page passed). */
export function renderPage(Page: ComponentType<HostProps>, host: Host, path: string | { pathname: string; state: unknown }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Page host={host} />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
