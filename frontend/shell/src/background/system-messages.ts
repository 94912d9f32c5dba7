import type { ToastInput } from '@planner/remote-contract';
import type { ApiClient } from '../api/client.js';

/** Part 1 §9: first fetch 2 s after start, then every 5 minutes; paused after 3 errors in a row. */
export const FIRST_FETCH_MS = 2000;
export const FETCH_EVERY_MS = 5 * 60_000;
export const MAX_ERRORS = 3;
const SHOWN_KEY = 'system_messages_shown';

/**
 * Shows the active system messages as toasts, each once per browser session
 * (duration 0 keeps it until closed). After 3 failed fetches in a row it pauses
 * until the API answers again.
 */
export class SystemMessages {
  private errors = 0;
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: {
      client: Pick<ApiClient, 'request' | 'events'>;
      session: Storage;
      toast: (toast: ToastInput) => void;
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
      const shown = new Set<string>(JSON.parse(this.deps.session.getItem(SHOWN_KEY) ?? '[]') as string[]);
      for (const message of messages) {
        if (shown.has(message.id)) continue;
        shown.add(message.id);
        this.deps.toast({ kind: message.type, message: message.message, durationMs: message.duration });
      }
      this.deps.session.setItem(SHOWN_KEY, JSON.stringify([...shown]));
    } catch {
      this.errors += 1;
      if (this.errors >= MAX_ERRORS) this.paused = true;
    }
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      await this.fetchOnce();
      if (!this.paused) this.schedule(FETCH_EVERY_MS);
    }, delay);
  }
}
