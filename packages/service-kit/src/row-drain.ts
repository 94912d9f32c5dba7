import type { Logger } from './logger.js';

export interface RowDrainOptions {
  /** Names the drain in the warning logged when a round fails. */
  name: string;
  logger: Logger;
  /** Takes one batch of rows (claimed FOR UPDATE SKIP LOCKED, so replicas share them) and acts on them; how many it took. */
  drainBatch: () => Promise<number>;
  /** A batch this full means there may be more: take another at once. */
  batchSize: number;
  /** How often it looks without being kicked (a kick lost, a crash before it). */
  pollIntervalMs: number;
}

/**
 * Drains rows that wait for work (outbox events to publish, mails to queue)
 * in batches until one comes back short: at start, every poll interval, and
 * on a kick. One round runs at a time; a kick during a round makes it go once
 * more, so rows committed meanwhile are not left to the next poll.
 */
export class RowDrain {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private started = false;
  /** Set by stop(): a round under way ends after its batch. A flush before start drains all the same. */
  private stopped = false;

  constructor(private readonly options: RowDrainOptions) {}

  /** A round now, then one every poll interval; a drain already started stays as it is. */
  start(): void {
    if (this.started && !this.stopped) return;
    this.started = true;
    this.stopped = false;
    this.schedule(0);
  }

  /** Look now rather than at the next poll. */
  kick(): void {
    if (this.started && !this.stopped) void this.flush();
  }

  /**
   * A round now; resolves with how many rows it took once no full batch is
   * left. Never rejects: a failed round is logged and the next poll tries again.
   */
  flush(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          let taken: number;
          do {
            taken = await this.options.drainBatch();
            total += taken;
          } while (taken === this.options.batchSize && !this.stopped);
        } while (this.again && !this.stopped);
      } catch (error) {
        this.options.logger.warn({ err: error }, `${this.options.name} failed; will retry`);
      } finally {
        this.running = undefined;
      }
      return total;
    })();
    return this.running;
  }

  /** No more rounds after the one under way, which it waits for. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      await this.flush();
      this.schedule(this.options.pollIntervalMs);
    }, delay);
    this.timer.unref();
  }
}
