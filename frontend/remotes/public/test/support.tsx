import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiPath, type AnyApiRequestOptions, type ApiError, type Host, type HostProps, type ToastInput } from '@planner/remote-contract';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function apiError(status: number, body: Record<string, unknown> | null = null, message = 'failed'): ApiError {
  return Object.assign(new Error(message), { status, body });
}

/** The host interface as the shell gives it, answering from `respond`. */
export function testHost(respond: (call: Call) => unknown) {
  const calls: Call[] = [];
  const toasts: ToastInput[] = [];
  const host = {
    api: {
      // The path as the shell's client sends it: parameters filled in, query appended.
      request: async (method: string, pattern: string, options: AnyApiRequestOptions = {}) => {
        const call = { method, path: apiPath(pattern, options.params, options.query), body: options.body };
        calls.push(call);
        return respond(call);
      },
    },
    toast: (toast: ToastInput) => toasts.push(toast),
    config: {},
    organization: null,
    session: { user: null },
  } as unknown as Host;
  return { host, calls, toasts };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderPage(Page: ComponentType<HostProps>, host: Host, path: string, pattern = '*') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={<Page host={host} />} />
          {pattern !== '*' && <Route path="/blog" element={<p>Blog list</p>} />}
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
