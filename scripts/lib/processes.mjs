// Starting and stopping child processes.
//
// Every child is spawned `detached`, i.e. as the leader of its own process group, for two reasons:
// - a Ctrl-C in the terminal then reaches only our script, which stops the children in order
//   (services first, infrastructure last) instead of everything dying at once;
// - signalling the whole group (`kill(-pid)`) also reaches grandchildren (npm -> sh -> node,
//   vitest workers), so nothing is left behind.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import readline from 'node:readline';
import { paint, sleep } from './common.mjs';

/** Sends a signal to a child's whole process group (falls back to the child alone). */
export function signalGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Resolves once the child has exited (immediately if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM, then SIGKILL for whatever is still running after `graceMs`. */
export async function stopChildren(children, { graceMs = 10_000, onKill = () => {} } = {}) {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of running) signalGroup(child, 'SIGTERM');
  const allExited = Promise.all(running.map(exited));
  const timedOut = await Promise.race([allExited.then(() => false), sleep(graceMs).then(() => true)]);
  if (!timedOut) return;
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      onKill(child);
      signalGroup(child, 'SIGKILL');
    }
  }
  await Promise.race([allExited, sleep(2000)]);
}

/**
 * Starts a long-running server whose output goes to a log file (Redis, NATS).
 * Returns the ChildProcess; `logTail()` reads the end of its log for error messages.
 */
export function spawnDaemon(cmd, args, { logFile, cwd, env = process.env }) {
  const fd = openSync(logFile, 'a');
  try {
    const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
    child.on('error', () => {}); // reported through exitCode / the caller's probe
    return child;
  } finally {
    closeSync(fd);
  }
}

export function logTail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

// ---------------------------------------------------------------- prefixed output

const PALETTE = ['cyan', 'magenta', 'blue', 'yellow', 'green', 'red'];

/**
 * Builds the `[name         ]` prefix used for a child's lines: fixed width so the columns line
 * up, one colour per child (colour only on a terminal, see paint()).
 */
export function makePrefix(name, width, index) {
  return paint(PALETTE[index % PALETTE.length], `[${name.padEnd(width)}]`);
}

/**
 * Spawns a child whose stdout and stderr are printed line by line behind `prefix`. Keeps the
 * last `keepLines` lines (for "it failed, here is why") and calls `onLine` for each line;
 * `format` rewrites a line for the terminal only.
 */
export function spawnPrefixed(cmd, args, { cwd, env, prefix, keepLines = 40, onLine = () => {}, format = (line) => line }) {
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const recent = [];
  const handle = (stream, line) => {
    recent.push(line);
    if (recent.length > keepLines) recent.shift();
    stream.write(`${prefix} ${format(line)}\n`);
    onLine(line);
  };
  readline.createInterface({ input: child.stdout }).on('line', (line) => handle(process.stdout, line));
  readline.createInterface({ input: child.stderr }).on('line', (line) => handle(process.stderr, line));
  child.recentLines = recent;
  // Readline has flushed the last lines by the time 'close' fires (after 'exit').
  child.closed = new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
    child.on('error', (err) => {
      handle(process.stderr, `could not run ${cmd}: ${err.message}`);
      resolve({ code: -1, signal: null });
    });
  });
  return child;
}
