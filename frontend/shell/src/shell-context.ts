import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { PublicUser } from '@planner/contracts';
import type { Host, HostConfig, HostOrganization, SessionPayload } from '@planner/remote-contract';
import { ApiClient } from './api/client.js';
import type { UploadTransport } from './api/upload.js';
import type { RemoteLoader } from './remotes/loader.js';
import { SystemMessages } from './background/system-messages.js';
import { SessionStore } from './session/store.js';
import { ToastStore } from './ui/toasts.js';

/** Part 1 §4, §9: logout clears the tokens after 1 s; the auth toast shows 1.5 s. */
export const LOGOUT_DELAY_MS = 1000;
export const AUTH_TOAST_MS = 1500;

export interface ShellServices {
  client: ApiClient;
  session: SessionStore;
  toasts: ToastStore;
  /** The active system messages for the banner area (polled once `start()`ed). */
  systemMessages: SystemMessages;
  remotes: RemoteLoader;
  /** Clears the local preference and recent-data keys with the session (account deleted, part 1 §8). */
  storage: Storage;
}

export interface ShellEnvironment {
  fetch: typeof fetch;
  /** Multipart requests with upload progress; XMLHttpRequest when left out. */
  upload?: UploadTransport;
  storage: Storage;
  /** sessionStorage: what lasts one browser session (system messages that ran out). */
  sessionStorage: Storage;
  window: Pick<Window, 'addEventListener'> | null;
  now: () => number;
  redirect: (path: string) => void;
  remotes: RemoteLoader;
}

export function createShellServices(env: ShellEnvironment): ShellServices {
  const session = new SessionStore(env.storage, env.window);
  const toasts = new ToastStore();
  const client = new ApiClient({
    baseUrl: '/api',
    fetch: env.fetch,
    upload: env.upload,
    session,
    storage: env.storage,
    now: env.now,
    toast: toasts.show,
    redirect: env.redirect,
  });
  const systemMessages = new SystemMessages({ client, storage: env.storage, session: env.sessionStorage });
  return { client, session, toasts, systemMessages, remotes: env.remotes, storage: env.storage };
}

export const ShellContext = createContext<ShellServices | null>(null);

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell outside <ShellContext.Provider>');
  return services;
}

export function useUser(): PublicUser | null {
  const { session } = useShell();
  return useSyncExternalStore(session.subscribe, session.getSnapshot).user;
}

/** Reloads the user from /auth/me; a refreshed access token that comes with it is kept. */
export async function reloadUser(services: ShellServices): Promise<void> {
  const me = await services.client.request('GET', '/auth/me');
  if (me.access_token) services.session.setAccessToken(me.access_token);
  services.session.setUser(me.user);
}

export async function signOut(services: ShellServices): Promise<void> {
  try {
    await services.client.request('POST', '/auth/logout');
  } catch {
    // The tokens are dropped locally whatever the server answered.
  }
  await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS));
  services.session.clear();
}

/** Keys part 1 §8 clears after an account is deleted, besides the session. */
function clearLocalData(storage: Storage): void {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key && (/preference|settings/i.test(key) || key.startsWith('last_') || key.startsWith('recent_'))) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** The `host` prop every remote page gets. */
export function useHost(config: HostConfig, organization: HostOrganization | null = null): Host {
  const services = useShell();
  const user = useUser();
  return useMemo<Host>(
    () => ({
      api: services.client,
      toast: services.toasts.show,
      config,
      organization,
      onConnectionRestored: (listener) => services.client.events.subscribe((event) => event.type === 'connection-restored' && listener()),
      session: {
        user,
        signIn: (payload: SessionPayload) => {
          services.session.set(payload);
          // Not worded by the spec: the short info toast after login, registration or Google sign-in.
          services.toasts.show({ kind: 'info', message: `Signed in as ${payload.user.username}`, durationMs: AUTH_TOAST_MS });
        },
        signOut: () => signOut(services),
        reloadUser: () => reloadUser(services),
        clear: () => {
          clearLocalData(services.storage);
          services.session.clear();
        },
      },
    }),
    [services, user, config, organization],
  );
}
