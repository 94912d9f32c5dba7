import type { PublicUser } from '@planner/contracts';
import type { SessionPayload } from '@planner/remote-contract';

/** The browser data part 1 §3 names: login flag, tokens, user e-mail (and the user, for the other tabs). */
export const SESSION_KEYS = {
  loggedIn: 'isLoggedIn',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  email: 'user_email',
  user: 'user',
} as const;
const KEYS: readonly string[] = Object.values(SESSION_KEYS);

export interface SessionSnapshot {
  user: PublicUser | null;
}

/**
 * The session in localStorage. Other tabs see every change through the
 * `storage` event, so logging in or out, a new role or a verified e-mail in one
 * tab is picked up by all (part 1 §4).
 */
export class SessionStore {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: Storage,
    target: Pick<Window, 'addEventListener'> | null,
  ) {
    this.snapshot = this.read();
    target?.addEventListener('storage', (event) => {
      if (event.key === null || KEYS.includes(event.key)) this.changed();
    });
  }

  get user(): PublicUser | null {
    return this.snapshot.user;
  }

  get accessToken(): string | null {
    return this.storage.getItem(SESSION_KEYS.accessToken);
  }

  get refreshToken(): string | null {
    return this.storage.getItem(SESSION_KEYS.refreshToken);
  }

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(session: SessionPayload): void {
    this.storage.setItem(SESSION_KEYS.accessToken, session.access_token);
    this.storage.setItem(SESSION_KEYS.refreshToken, session.refresh_token);
    this.writeUser(session.user);
    this.storage.setItem(SESSION_KEYS.loggedIn, 'true');
    this.changed();
  }

  setAccessToken(token: string): void {
    this.storage.setItem(SESSION_KEYS.accessToken, token);
  }

  /** Stores a fresh copy of the user; tabs are only woken when something in it changed. */
  setUser(user: PublicUser): void {
    if (JSON.stringify(user) === this.storage.getItem(SESSION_KEYS.user)) return;
    this.writeUser(user);
    this.changed();
  }

  clear(): void {
    for (const key of KEYS) this.storage.removeItem(key);
    this.changed();
  }

  private writeUser(user: PublicUser): void {
    this.storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    this.storage.setItem(SESSION_KEYS.email, user.email);
  }

  private read(): SessionSnapshot {
    if (this.storage.getItem(SESSION_KEYS.loggedIn) !== 'true') return { user: null };
    try {
      return { user: JSON.parse(this.storage.getItem(SESSION_KEYS.user) ?? 'null') as PublicUser | null };
    } catch {
      return { user: null };
    }
  }

  private changed(): void {
    this.snapshot = this.read();
    for (const listener of this.listeners) listener();
  }
}
