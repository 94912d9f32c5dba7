// Keeping what `npm start` started running: a child that exits when nobody asked it to is started
// again, after a wait that doubles with each crash in a row.

/** The waits: 1 s after a first crash, doubling up to 30 s; a run that lasted a minute counts as stable. */
export const BACKOFF = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 };

/**
 * After a child ran `ranForMs` and exited: how many crashes in a row that makes (a stable run
 * starts the count over) and how long to wait before starting it again.
 */
export function nextRestart(crashesBefore, ranForMs, backoff = BACKOFF) {
  const crashes = ranForMs >= backoff.stableMs ? 1 : crashesBefore + 1;
  return { crashes, delayMs: Math.min(backoff.firstMs * 2 ** (crashes - 1), backoff.maxMs) };
}

/** `exit code 1`, `signal SIGKILL`. */
export function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * Runs children under labels and restarts each one that exits, with back-off, saying so:
 * `organizations.2 exited (signal SIGKILL), restarting in 1s`. `stop()` ends the restarts and
 * answers the children still running, for the caller to stop.
 */
export class Supervisor {
  #entries = new Map();
  #stopping = false;

  /** @param {{ log: { warn: (message: string) => void }, backoff?: typeof BACKOFF }} options */
  constructor({ log, backoff = BACKOFF }) {
    this.log = log;
    this.backoff = backoff;
  }

  /** Starts `start()` (a child from spawnPrefixed, with its `closed` promise) under `label` and keeps it running; answers the child. */
  run(label, start) {
    const entry = { label, start, child: null, crashes: 0, timer: null };
    this.#entries.set(label, entry);
    return this.#launch(entry);
  }

  /** The child running under `label` now (null while it waits to restart). */
  current(label) {
    return this.#entries.get(label)?.child ?? null;
  }

  /** No more restarts; answers the children still running. */
  stop() {
    this.#stopping = true;
    const running = [];
    for (const entry of this.#entries.values()) {
      clearTimeout(entry.timer);
      if (entry.child) running.push(entry.child);
    }
    return running;
  }

  #launch(entry) {
    const startedAt = Date.now();
    const child = entry.start();
    child.label = entry.label;
    entry.child = child;
    child.closed.then((exit) => {
      entry.child = null;
      if (this.#stopping) return;
      const { crashes, delayMs } = nextRestart(entry.crashes, Date.now() - startedAt, this.backoff);
      entry.crashes = crashes;
      this.log.warn(`${entry.label} exited (${describeExit(exit)}), restarting in ${delayMs / 1000}s`);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        if (!this.#stopping) this.#launch(entry);
      }, delayMs);
    });
    return child;
  }
}
