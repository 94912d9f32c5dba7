import net from 'node:net';

/** A connection a test process tried to open to a host other than this machine. */
export interface BlockedConnection {
  host: string;
  port: string | number | undefined;
}

const LOOPBACK = new Set(['localhost', '::1', '::ffff:127.0.0.1', '0.0.0.0']);
const isLocal = (host: string) => LOOPBACK.has(host) || host.startsWith('127.') || host.endsWith('.localhost');

const blocked: BlockedConnection[] = [];
let installed = false;

/** Where `Socket#connect` was asked to go, as Node reads its arguments; undefined for a local (IPC) path. */
function destinationOf(args: unknown[]): BlockedConnection | undefined {
  const [first, second] = args;
  // net.connect() passes its arguments on already normalised, as one array.
  if (Array.isArray(first)) return destinationOf(first);
  if (first !== null && typeof first === 'object') {
    const options = first as { path?: string; host?: string; port?: string | number };
    return options.path ? undefined : { host: options.host ?? 'localhost', port: options.port };
  }
  // A string that is not a number is a pipe or socket path.
  if (typeof first === 'string' && Number.isNaN(Number(first))) return undefined;
  return { host: typeof second === 'string' ? second : 'localhost', port: first as string | number | undefined };
}

/**
 * Tests reach only this machine: Postgres, Redis, NATS and the local stand-ins
 * of the platforms, OpenAI, Stripe, Google and SMTP. A connection anywhere else
 * (a real API called by mistake, with a developer's key or without) fails as a
 * refused connection and is remembered, so the test run can fail loudly
 * instead of passing on a sandbox fallback.
 */
export function blockOutboundNetwork(onBlocked: (connection: BlockedConnection) => void = () => {}): void {
  if (installed) return;
  installed = true;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const destination = destinationOf(args);
    if (!destination || isLocal(destination.host)) return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    blocked.push(destination);
    onBlocked(destination);
    const error = Object.assign(new Error(`Outbound connection to ${destination.host}:${destination.port} blocked: tests reach only local servers`), { code: 'ECONNREFUSED' });
    process.nextTick(() => this.destroy(error));
    return this;
  } as typeof connect;
}

/** The connections blocked since the last call, and forgets them. */
export function takeBlockedConnections(): BlockedConnection[] {
  return blocked.splice(0, blocked.length);
}
