// Checks that a Postgres, Redis or NATS server answers, over raw sockets (no client libraries:
// these scripts run before `npm install`). Each probe resolves { ok, reason } and never throws.
import net from 'node:net';
import tls from 'node:tls';
import { run, which } from './common.mjs';

const TIMEOUT_MS = 3000;

/** Splits host and port out of a URL, with a default port. */
export function hostPort(url, defaultPort) {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(u.port || defaultPort) };
}

/**
 * Opens a socket, optionally writes `send`, and collects what the server answers until
 * `done(received)` returns true. Resolves { ok, data, reason }.
 */
function talk({ host, port, secure = false, send, done = () => true }) {
  return new Promise((resolve) => {
    let data = '';
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ data, ...result });
    };
    const onConnect = () => {
      if (send) socket.write(send);
      else if (done(data)) finish({ ok: true });
    };
    const socket = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }, onConnect)
      : net.connect({ host, port }, onConnect);
    socket.setTimeout(TIMEOUT_MS, () => finish({ ok: false, reason: `no answer from ${host}:${port} within ${TIMEOUT_MS / 1000} s` }));
    socket.on('data', (chunk) => {
      data += chunk;
      if (done(data)) finish({ ok: true });
    });
    socket.on('error', (err) => finish({ ok: false, reason: `${host}:${port}: ${err.code ?? err.message}` }));
    socket.on('close', () => finish({ ok: false, reason: `${host}:${port} closed the connection` }));
  });
}

/** True when something accepts TCP connections on host:port. */
export async function portAnswers(host, port) {
  const result = await talk({ host, port });
  return result.ok;
}

// ---------------------------------------------------------------- Postgres

/**
 * A TCP connect, then `pg_isready` when it is installed (it tells "accepting connections" from
 * "starting up" or "not Postgres at all").
 */
export async function probePostgres(url) {
  // A URL without a host (postgres:///planner?host=/run/postgresql) means a Unix socket:
  // only pg_isready can check that one.
  let tcpAnswered = false;
  if (new URL(url).hostname) {
    const { host, port } = hostPort(url, 5432);
    const tcp = await talk({ host, port });
    if (!tcp.ok) return { ok: false, reachable: false, reason: tcp.reason };
    tcpAnswered = true;
  }
  const pgIsReady = which('pg_isready');
  if (!pgIsReady) return { ok: true };
  const { code, stdout, stderr } = await run(pgIsReady, ['-d', url, '-t', '3'], { timeoutMs: 10_000 });
  if (code === 0) return { ok: true };
  // pg_isready: 1 = up but rejecting connections (e.g. still starting), 2 = no answer, 3 = bad URL.
  const reason = (stdout + stderr).trim() || `pg_isready exited with ${code}`;
  return { ok: false, reachable: tcpAnswered || code === 1, starting: code === 1, reason };
}

// ---------------------------------------------------------------- Redis

/** Encodes a Redis command in RESP, so passwords with spaces or quotes are sent intact. */
function resp(...parts) {
  return `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('')}`;
}

/** Sends AUTH (when the URL has credentials) and PING; expects +PONG. */
export async function probeRedis(url) {
  const u = new URL(url);
  const { host, port } = hostPort(url, 6379);
  let send = '';
  const password = decodeURIComponent(u.password);
  const username = decodeURIComponent(u.username);
  if (password) send += username ? resp('AUTH', username, password) : resp('AUTH', password);
  send += resp('PING');
  const result = await talk({
    host,
    port,
    secure: u.protocol === 'rediss:',
    send,
    done: (data) => data.includes('+PONG') || data.includes('-'),
  });
  if (!result.ok) return { ok: false, reachable: false, reason: result.reason };
  if (result.data.includes('+PONG') && !/^-/m.test(result.data)) return { ok: true };
  return { ok: false, reachable: true, reason: `expected +PONG, got ${JSON.stringify(result.data.trim().slice(0, 120))}` };
}

// ---------------------------------------------------------------- NATS

/**
 * A NATS server sends `INFO {json}` as soon as a client connects (before any auth), and the JSON
 * says whether JetStream is on. NATS_URL may list several servers separated by commas: the first
 * one that answers is checked.
 */
export async function probeNats(urls) {
  let lastReason = 'no server listed';
  for (const url of urls.split(',').map((s) => s.trim()).filter(Boolean)) {
    const { host, port } = hostPort(url.includes('://') ? url : `nats://${url}`, 4222);
    const result = await talk({ host, port, done: (data) => data.includes('\r\n') });
    if (!result.ok) {
      lastReason = result.reason;
      continue;
    }
    const match = /^INFO\s+(\{.*\})/.exec(result.data);
    if (!match) return { ok: false, reachable: true, reason: `${host}:${port} is not a NATS server (no INFO line)` };
    let info;
    try {
      info = JSON.parse(match[1]);
    } catch {
      return { ok: false, reachable: true, reason: `${host}:${port} sent an unreadable INFO line` };
    }
    if (info.jetstream !== true) {
      return { ok: false, reachable: true, reason: `NATS ${info.version ?? ''} at ${host}:${port} runs without JetStream (start it with -js)` };
    }
    return { ok: true, version: info.version };
  }
  return { ok: false, reachable: false, reason: lastReason };
}

// ---------------------------------------------------------------- waiting

/** Calls `probe()` until it resolves ok or the time is up; resolves the last result. */
export async function waitUntil(probe, { timeoutMs, intervalMs = 300, stopEarly = () => null }) {
  const deadline = Date.now() + timeoutMs;
  let result = { ok: false, reason: 'not tried' };
  while (Date.now() < deadline) {
    result = await probe();
    if (result.ok) return result;
    const reason = stopEarly();
    if (reason) return { ok: false, reason };
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return result;
}
