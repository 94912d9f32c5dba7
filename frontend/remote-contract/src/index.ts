import type { PublicUser } from '@planner/contracts';
import type { HostApiClient, Organization, SessionResponse } from './api.js';

export type * from './pages.js';
export type * from './route-state.js';
export * from './api.js';
export * from './selection.js';

/**
 * The interface the shell hands every remote page as its `host` prop. Remotes
 * never build their own API client or session: the circuit breaker, the
 * rate-limit state and token refresh live once, in the shell.
 */
export interface Host {
  api: HostApiClient;
  session: HostSession;
  toast(toast: ToastInput): void;
  config: HostConfig;
  /** The organization selected in the shell's switcher, on /organization/* pages; null elsewhere or with none. */
  organization: HostOrganization | null;
  /**
   * Calls `listener` each time the API answers again after it could not be reached (the
   * connection banner's "api connected" after an "api error", part 1 §4); returns the unsubscribe.
   */
  onConnectionRestored(listener: () => void): () => void;
}

/** What the shell knows of the selected organization (its GET /organizations entry). */
export type HostOrganization = Pick<Organization, 'id' | 'name' | 'is_active'>;

export interface HostProps {
  host: Host;
}

/** An HTTP failure: `message` is fit to show (part 1 §8), `body` is the server's JSON when it sent one. */
export interface ApiError extends Error {
  status: number;
  code?: number;
  body: Record<string, unknown> | null;
}

/** Duck-typed, because remotes and the shell are separate bundles (instanceof would not hold). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && typeof (error as Partial<ApiError>).status === 'number';
}

/** The server's own sentence when it sent one, else the client's text for the status, else `fallback` (part 1 §8). */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const message = error.body?.message;
  return typeof message === 'string' && message.trim() ? message : error.message || fallback;
}

/** A session as login, registration, Google sign-in and refresh answer it (contracts' sessionResponseSchema). */
export type SessionPayload = SessionResponse;

export interface HostSession {
  user: PublicUser | null;
  /** Keeps the session of a login, registration or Google sign-in, in every tab. */
  signIn(session: SessionPayload, options?: { stayLoggedIn?: boolean }): void;
  /** Tells the server, then clears the tokens after the spec's delay. */
  signOut(): Promise<void>;
  /** Reloads the user from /auth/me (after a change of e-mail verification, plan, ...). */
  reloadUser(): Promise<void>;
  /** Drops the session at once (account deleted). */
  clear(): void;
}

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  message: string;
  kind?: ToastKind;
  /** Milliseconds; 0 keeps it until dismissed. */
  durationMs?: number;
}

/** Runtime settings from /remotes.json (no rebuild to change them). */
export interface HostConfig {
  /** Cloudflare Turnstile site key; without it the security check is the marked test widget. */
  turnstileSiteKey?: string;
  /** Google Identity Services client id; without it Google sign-in is not offered. */
  googleClientId?: string;
}
