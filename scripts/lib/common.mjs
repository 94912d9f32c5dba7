// Small helpers shared by scripts/infra.mjs, scripts/start.mjs and scripts/test.mjs.
// Node built-ins only: these scripts run before `npm install`.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- colours

const useColour = Boolean(process.stdout.isTTY) && !('NO_COLOR' in process.env);
const CODES = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, grey: 90, bold: 1 };

/** Wraps text in an ANSI colour when stdout is a terminal; plain text otherwise. */
export function paint(colour, text) {
  return useColour ? `\x1b[${CODES[colour]}m${text}\x1b[0m` : text;
}

export function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
}

/** A logger that prefixes every message with a short tag, e.g. `[infra] ...`. */
export function makeLogger(tag) {
  const prefix = paint('bold', `[${tag}]`);
  const log = (msg) => console.log(`${prefix} ${msg}`);
  log.warn = (msg) => console.warn(`${prefix} ${paint('yellow', msg)}`);
  log.error = (msg) => console.error(`${prefix} ${paint('red', msg)}`);
  return log;
}

/** An Error whose message is meant for the user as it is: the scripts print it without a stack. */
export class UserError extends Error {}

/** Hides the password of a URL before it is printed. */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

// ---------------------------------------------------------------- commands

const EXTRA_BIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/**
 * Finds an executable like `which`, also looking in the sbin folders (Debian puts nats-server
 * there, and they are not on a normal user's PATH) and in Debian's versioned PostgreSQL folders
 * (initdb, pg_ctl and postgres are not on PATH after `apt-get install postgresql`).
 */
export function which(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...EXTRA_BIN_DIRS, ...postgresBinDirs()];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** /usr/lib/postgresql/<version>/bin folders, newest version first. */
function postgresBinDirs() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(base, v, 'bin'));
}

/**
 * Runs a command to completion and collects its output.
 * Resolves { code, stdout, stderr }; never rejects for a non-zero exit (callers decide).
 * With `inherit: true` the output goes straight to our terminal instead.
 */
export function run(cmd, args, { cwd = repoRoot, env = process.env, inherit = false, timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : null;
    child.on('error', (err) => {
      if (timer) clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: stderr + String(err.message) });
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr });
    });
  });
}

// ---------------------------------------------------------------- .env

/**
 * Loads KEY=VALUE lines from a .env file into process.env. Variables already set in the
 * real environment win, so `FOO=1 npm start` overrides the file. Returns the keys it set.
 */
export function loadDotEnv(file = path.join(repoRoot, '.env')) {
  if (!existsSync(file)) return [];
  const loaded = [];
  for (const rawLine of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key, rawValue] = match;
    if (key in process.env) continue;
    process.env[key] = parseEnvValue(rawValue);
    loaded.push(key);
  }
  return loaded;
}

function parseEnvValue(raw) {
  const quote = raw[0];
  if ((quote === '"' || quote === "'") && raw.lastIndexOf(quote) > 0) {
    const inner = raw.slice(1, raw.lastIndexOf(quote));
    return quote === '"' ? inner.replace(/\\n/g, '\n').replace(/\\"/g, '"') : inner;
  }
  // Unquoted: a ` #` starts a trailing comment.
  return raw.replace(/\s+#.*$/, '').trim();
}
