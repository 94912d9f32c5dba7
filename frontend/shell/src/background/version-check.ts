import type { ApiClient } from '../api/client.js';

/** Part 1 §9: every 5 minutes when active, 15 when idle (2 minutes without input); reload after 500 ms. */
export const VERSION_CHECK_ACTIVE_MS = 5 * 60_000;
export const VERSION_CHECK_IDLE_MS = 15 * 60_000;
export const IDLE_AFTER_MS = 2 * 60_000;
export const RELOAD_DELAY_MS = 500;
/** At most 3 reloads, then a 60 s cooldown (a release that keeps differing must not loop). */
export const MAX_RELOADS = 3;
export const RELOAD_COOLDOWN_MS = 60_000;
export const VERSION_KEY = 'app_version';
const ATTEMPTS_KEY = 'version_reload_attempts';

export interface VersionCheckDeps {
  client: Pick<ApiClient, 'request'>;
  /** localStorage: the running version. */
  storage: Storage;
  /** sessionStorage: reload attempts survive the reload they cause. */
  session: Storage;
  now: () => number;
  reload: () => void;
  /** Where user input is heard (window). */
  activity: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Reloads the page once the served version differs from the one running (part 1 §4, §9). */
export class VersionCheck {
  private running: string | null = null;
  private lastInput: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onInput = () => {
    this.lastInput = this.deps.now();
  };

  constructor(private readonly deps: VersionCheckDeps) {
    this.lastInput = deps.now();
  }

  async start(): Promise<void> {
    for (const type of ['pointerdown', 'keydown', 'scroll', 'touchstart']) this.deps.activity.addEventListener(type, this.onInput, { passive: true });
    this.running = await this.served();
    if (this.running) this.deps.storage.setItem(VERSION_KEY, this.running);
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    for (const type of ['pointerdown', 'keydown', 'scroll', 'touchstart']) this.deps.activity.removeEventListener(type, this.onInput);
  }

  /** The delay before the next check: longer while the user is idle. */
  nextDelay(): number {
    return this.deps.now() - this.lastInput >= IDLE_AFTER_MS ? VERSION_CHECK_IDLE_MS : VERSION_CHECK_ACTIVE_MS;
  }

  async check(): Promise<boolean> {
    const served = await this.served();
    if (!served) return false;
    if (!this.running) {
      this.running = served;
      return false;
    }
    if (served === this.running || !this.mayReload()) return false;
    this.deps.storage.setItem(VERSION_KEY, served);
    setTimeout(() => this.deps.reload(), RELOAD_DELAY_MS);
    return true;
  }

  private schedule(): void {
    this.timer = setTimeout(async () => {
      await this.check();
      this.schedule();
    }, this.nextDelay());
  }

  private async served(): Promise<string | null> {
    try {
      const { version } = await this.deps.client.request('GET', '/version', { auth: false });
      return typeof version === 'string' ? version : null;
    } catch {
      return null;
    }
  }

  private mayReload(): boolean {
    const now = this.deps.now();
    let attempts = { count: 0, since: now };
    try {
      attempts = { ...attempts, ...(JSON.parse(this.deps.session.getItem(ATTEMPTS_KEY) ?? '{}') as Partial<typeof attempts>) };
    } catch {
      // A damaged entry starts the count again.
    }
    if (now - attempts.since >= RELOAD_COOLDOWN_MS) attempts = { count: 0, since: now };
    if (attempts.count >= MAX_RELOADS) return false;
    this.deps.session.setItem(ATTEMPTS_KEY, JSON.stringify({ count: attempts.count + 1, since: attempts.since }));
    return true;
  }
}
