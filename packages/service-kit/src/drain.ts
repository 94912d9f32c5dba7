import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from './server.js';

/** How a replica stops on SIGTERM (the config's SHUTDOWN_DRAIN_DELAY_MS and SHUTDOWN_TIMEOUT_MS). */
export interface DrainOptions {
  /** How long /health says "draining" while requests are still served. */
  delayMs: number;
  /** Then how long the HTTP requests (and `alongside`'s work) under way have before their connections are closed. */
  timeoutMs: number;
}

/**
 * Stops an app as one replica among others must: GET /health answers 503
 * "draining" for `delayMs` while every request is still served (the gateway
 * takes the replica out meanwhile); then it stops accepting connections,
 * runs `alongside` (stop answering NATS requests), and lets the requests
 * under way and `alongside` finish for up to `timeoutMs`, after which their
 * connections are closed. Answers whether everything finished in time.
 */
export async function drainApp(app: App, { delayMs, timeoutMs }: DrainOptions, alongside: () => Promise<unknown> = async () => {}): Promise<boolean> {
  app.startDraining();
  app.log.info({ delayMs }, 'draining: /health answers 503 while requests are still served');
  await sleep(delayMs);
  // Closing ends idle keep-alive connections once; one whose request was under way would stay
  // open once answered (Fastify keeps them 72 s) and hold the close: they are ended as they go idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    const finished = Promise.all([app.close(), alongside()]).then(() => true);
    if (await Promise.race([finished, sleep(timeoutMs, false, { ref: false })])) return true;
    app.log.warn({ timeoutMs }, 'requests still under way at the shutdown time-out: closing their connections');
    app.server.closeAllConnections();
    return false;
  } finally {
    clearInterval(idle);
  }
}
