import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { PublicUser } from '@planner/contracts';
import { apiPath, type AnyApiRequestOptions, type DesignerData, type DesignerRouteState, type Host, type HostProps, type PlatformConnection, type Template, type ToastInput } from '@planner/remote-contract';
import { user } from '../../account/test/support.js';
import { config, ORG_ID, template as organizationTemplate } from '../../organization/test/support.js';

export { apiError, user } from '../../account/test/support.js';
export { ORG_ID };


/** A call as the shell's client would send it, with its options (a form's progress listener). */
export interface Call {
  method: string;
  path: string;
  body: unknown;
  options: AnyApiRequestOptions;
}

/** A template with every generator setting filled in (the organization remote's fixture). */
export function template(id: string, name: string, over: Partial<Template> = {}): Template {
  return organizationTemplate(id, name, {
    data: 'We bake sourdough every morning',
    content_type: 'promotion',
    topic: 'Autumn loaves',
    time_of_year: 'autumn',
    tone: 'friendly',
    mood: 'excited',
    language: 'en-GB',
    character_limit: 200,
    target_character_count: 150,
    ...over,
  });
}

const connection = (specific_data: Record<string, unknown>): PlatformConnection => ({ is_connected: true, url: null, specific_data, sandbox: true });

/** The organization's designer-data: Acme Bakery (the organization remote's fixture) with `connected` platforms (display names, as the API names them). */
export function designerData(over: { connected?: string[]; templates?: Template[]; timezone?: string; is_active?: boolean } = {}): DesignerData {
  const connected = over.connected ?? ['X', 'LinkedIn'];
  const platforms = Object.fromEntries(connected.map((name) => [name.toUpperCase(), connection({ username: `acme_${name.toLowerCase()}` })]));
  const { organization } = config({ platforms, is_active: over.is_active });
  return {
    organization: { ...organization, timezone: over.timezone ?? 'Europe/Paris' },
    activePlatforms: connected.map((name, i) => ({ id: `p${i}`, name })),
    templates: over.templates ?? [],
  };
}

/** GET /platforms/media_types as the seeded platforms answer it. */
export const MEDIA_TYPES_ANSWER = {
  media_types: ['text', 'image', 'video', 'carousel', 'short', 'story'],
  platforms: {
    X: ['text', 'image', 'video', 'carousel'],
    FACEBOOK: ['text', 'image', 'video', 'carousel', 'short', 'story'],
    INSTAGRAM: ['image', 'video', 'carousel', 'short', 'story'],
    THREADS: ['text', 'image', 'video', 'carousel'],
    LINKEDIN: ['text', 'image', 'video', 'carousel'],
    TIKTOK: ['video', 'short', 'image', 'carousel'],
    TELEGRAM: ['text', 'image', 'video', 'carousel'],
    YOUTUBE: ['video', 'short'],
  },
} as const;

/** The host the shell hands the page: Acme Bakery selected, its designer data, and `respond` for every other call. */
export function designerHost(options: { data?: () => DesignerData; respond?: (call: Call) => unknown; user?: Partial<PublicUser> } = {}) {
  const calls: Call[] = [];
  const toasts: ToastInput[] = [];
  const host: Host = {
    api: {
      request: async <T,>(method: string, pattern: string, request: AnyApiRequestOptions = {}) => {
        const call = { method, path: apiPath(pattern, request.params, request.query), body: request.body, options: request };
        calls.push(call);
        if (method === 'GET' && call.path === `/organizations/${ORG_ID}/designer-data`) return (options.data ?? (() => designerData()))() as T;
        if (method === 'GET' && call.path === '/platforms/media_types') return MEDIA_TYPES_ANSWER as T;
        return (await options.respond?.(call)) as T;
      },
    },
    toast: (toast) => toasts.push(toast),
    config: {},
    organization: { id: ORG_ID, name: 'Acme Bakery', is_active: true },
    // The designer's pages do not refetch on a restored connection: nothing listens.
    onConnectionRestored: () => () => undefined,
    session: { user: user({ role: 'pro', ...options.user }), signIn: () => undefined, signOut: async () => undefined, reloadUser: async () => undefined, clear: () => undefined },
  };
  return { host, calls, toasts };
}

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="location-state">{JSON.stringify(location.state)}</output>
    </>
  );
}

/** Renders a page at `path` with route state, as the shell's router would. */
export function renderAt(Page: ComponentType<HostProps>, host: Host, path = '/organization/designer', state?: DesignerRouteState) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path="/organization/posts" element={<h1>Post Review</h1>} />
          <Route path="*" element={<Page host={host} />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The fields of a multipart body, in order (files by their name). */
export function formFields(body: unknown): [string, string][] {
  return [...(body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);
}

/** An answer the test releases when it wants (a slow model). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** POST /posts/generate's answer for one platform. */
export function generated(platform: string, post: string, draftId = '00000000-0000-4000-8000-0000000000d1') {
  return { posts: { [platform]: { post } }, draft_id: draftId, sandbox: true, message: 'Content generated successfully!' };
}

/** The composer's preview on `platform`, its tab chosen (one preview shows at a time). */
export async function previewOn(platform: string) {
  const tab = screen.getByRole('tab', { name: platform });
  if (tab.getAttribute('aria-selected') !== 'true') await userEvent.click(tab);
  return screen.getByRole('article', { name: `Preview on ${platform}` });
}
