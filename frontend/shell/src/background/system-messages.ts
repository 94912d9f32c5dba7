import type { SystemMessage } from '@planner/contracts';
import type { ApiClient } from '../api/client.js';

/** Part 1 §9: first fetch 2 s after start, then every 5 minutes; paused after 3 errors in a row. */
export const FIRST_FETCH_MS = 2000;
export const FETCH_EVERY_MS = 5 * 60_000;
export const MAX_ERRORS = 3;
/** docs/decisions/notices.md: the banner area shows at most three messages at a time. */
export const MAX_SHOWN = 3;
/** Dismissals per user (a visitor's under `visitor`), in localStorage so they outlast a reload. */
export const DISMISSED_PREFIX = 'system_messages_dismissed:';
/** Messages whose duration ran out, once per browser session (sessionStorage). */
export const EXPIRED_KEY = 'system_messages_expired';

/** What the banner area shows: the first messages not yet dismissed or run out, and how many wait behind them. */
export interface PendingMessages {
  shown: readonly SystemMessage[];
  more: number;
}

function readIds(storage: Storage, key: string): Set<string> {
  try {
    const ids: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function addId(storage: Storage, key: string, id: string): void {
  const ids = readIds(storage, key);
  ids.add(id);
  storage.setItem(key, JSON.stringify([...ids]));
}

/**
 * The active system messages (part 1 §3, §9), polled from the API, for the banner area below the header
 * (`ui/SystemMessageBanners.tsx`). After 3 failed fetches in a row the polling pauses until the API answers again.
 */
export class SystemMessages {
  private active: readonly SystemMessage[] = [];
  /** Bumped by every change, so the banner area re-reads what it shows. */
  private revision = 0;
  private readonly listeners = new Set<() => void>();
  private errors = 0;
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: {
      client: Pick<ApiClient, 'request' | 'events'>;
      /** localStorage: dismissals. */
      storage: Storage;
      /** sessionStorage: messages whose duration ran out. */
      session: Storage;
    },
  ) {}

  start(): void {
    this.unsubscribe = this.deps.client.events.subscribe((event) => {
      if (event.type === 'connected' && this.paused) {
        this.paused = false;
        this.errors = 0;
        this.schedule(FETCH_EVERY_MS);
      }
    });
    this.schedule(FIRST_FETCH_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.unsubscribe?.();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  async fetchOnce(): Promise<void> {
    try {
      const { messages } = await this.deps.client.request('GET', '/system-messages/', { auth: false });
      this.errors = 0;
      this.active = messages;
      this.changed();
    } catch {
      this.errors += 1;
      if (this.errors >= MAX_ERRORS) this.paused = true;
    }
  }

  /** The messages the user (null: a visitor) has neither dismissed nor seen run out, at most MAX_SHOWN of them. */
  pendingFor(userId: string | null): PendingMessages {
    const dismissed = readIds(this.deps.storage, DISMISSED_PREFIX + (userId ?? 'visitor'));
    const expired = readIds(this.deps.session, EXPIRED_KEY);
    const pending = this.active.filter((message) => !dismissed.has(message.id) && !expired.has(message.id));
    return { shown: pending.slice(0, MAX_SHOWN), more: Math.max(0, pending.length - MAX_SHOWN) };
  }

  /** Closed by the user: it stays closed for that user, also after a reload. */
  dismiss(userId: string | null, id: string): void {
    addId(this.deps.storage, DISMISSED_PREFIX + (userId ?? 'visitor'), id);
    this.changed();
  }

  /** Its duration ran out while shown: not shown again in this browser session. */
  expire(id: string): void {
    addId(this.deps.session, EXPIRED_KEY, id);
    this.changed();
  }

  getSnapshot = (): number => this.revision;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      await this.fetchOnce();
      if (!this.paused) this.schedule(FETCH_EVERY_MS);
    }, delay);
  }
}
