/**
 * Errors that say a dependency (Postgres, Redis) is down or restarting, not
 * that the request or the code is wrong: the caller should hear "try again"
 * (503), never a 500. Read from the error and what it wraps (TypeORM's
 * `driverError`, `cause`).
 */

/** The socket to it could not be opened or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Postgres SQLSTATEs of a server going away or not taking connections yet:
 * class 08 (connection exception), admin/crash shutdown, starting up, too many connections.
 */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg (no code) and ioredis say when the connection is gone or never came. */
const CLIENT_MESSAGES = [
  /^Connection terminated/, // pg: the server closed the connection, or it did not open in time
  /^timeout exceeded when trying to connect/, // pg's pool: no connection within connectionTimeoutMillis
  /is not queryable/, // pg: a client that met a connection error
  /^Connection is closed/, // ioredis
  /^Stream isn't writeable/, // ioredis without an offline queue
  /^Command timed out/, // ioredis' commandTimeout
  /^LOADING /, // Redis still reading its data after a restart
];

interface Inspectable {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

function saysDown(error: Inspectable): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (SOCKET_CODES.has(code) || POSTGRES_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (error.name === 'MaxRetriesPerRequestError') return true; // ioredis gave up reconnecting for this command
  const message = typeof error.message === 'string' ? error.message : '';
  return CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}

export function isDependencyDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const inspectable = next as Inspectable;
    if (saysDown(inspectable)) return true;
    pending.push(inspectable.driverError, inspectable.cause);
  }
  return false;
}
