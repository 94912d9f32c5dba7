// `npm test`: every workspace's tests, one workspace after another, against real Postgres, Redis
// and NATS (scripts/infra.mjs), with DATABASE_URL pointing at the `planner_test` database.
//
//   npm test                                  `npm run typecheck`, `npm run lint`, then all workspaces
//                                             that have a "test" script
//   npm test -- services/gateway contracts    only these (folder, folder name or package name)
//   npm test -- services/auth -- -t login     arguments after a second `--` go to each test script
//
// Ends with a summary and the line `Summary: N workspaces passed, M failed (T s)`; exits 1 when
// any workspace failed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, installDebianPackages } from './infra.mjs';
import { UserError, makeLogger, paint, repoRoot, stripAnsi, which } from './lib/common.mjs';
import { signalGroup, spawnPrefixed, stopChildren } from './lib/processes.mjs';
import { ensureDependencies, listWorkspaces } from './lib/workspace.mjs';

const log = makeLogger('test');

/**
 * Keys of paid or external APIs. Tests must never reach those services with a developer's real
 * key from their shell: without the keys every service runs in its sandbox mode.
 */
const EXTERNAL_API_KEYS = [
  'OPENAI_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'SMTP_URL',
  'TURNSTILE_SECRET',
  'TELEGRAM_BOT_TOKEN',
  ...['X', 'FACEBOOK', 'INSTAGRAM', 'THREADS', 'YOUTUBE', 'LINKEDIN', 'TIKTOK'].flatMap((p) => [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`]),
  'FACEBOOK_APP_ID',
  'FACEBOOK_APP_SECRET',
  'TIKTOK_CLIENT_KEY',
];

const state = { infraPromise: null, current: null, logDir: null, stopping: false, stoppingSince: 0 };

// ================================================================ main

async function main() {
  const started = Date.now();
  const { filters, passThrough } = parseArgs(process.argv.slice(2));

  await ensureDependencies({ log });
  const workspaces = selectWorkspaces(filters);
  log(`workspaces to test: ${workspaces.map((w) => w.dir).join(', ')}`);

  // Programs some workspaces' tests drive (Chromium for the browser tests), installed like the servers.
  const needed = workspaces.flatMap((w) => Object.entries(w.debianPackages ?? {}));
  await installDebianPackages(new Set(needed.filter(([, program]) => !which(program)).map(([pkg]) => pkg)), makeLogger('infra'));

  state.infraPromise = ensureInfrastructure({ log: makeLogger('infra') });
  const infra = await state.infraPromise;
  state.logDir = mkdtempSync(path.join(os.tmpdir(), 'planner-test-logs-'));
  const env = testEnv(infra.env, state.logDir);

  const results = [];
  // Types are checked and the linter runs once for the whole tree (vitest strips types without checking).
  if (!filters.length) {
    workspaces.unshift(
      { dir: 'typecheck', name: 'npm run typecheck', args: ['run', 'typecheck'] },
      { dir: 'lint', name: 'npm run lint', args: ['run', 'lint'] },
    );
  }
  for (const workspace of workspaces) {
    if (state.stopping) break;
    results.push(await runWorkspace(workspace, env, passThrough));
  }
  if (state.stopping) return 130;

  printSummary(results, Date.now() - started);
  return results.every((r) => r.ok) ? 0 : 1;
}

/** Splits `a b -- c d` into filters [a, b] and arguments [c, d] for the test scripts. */
function parseArgs(args) {
  // `node scripts/test.mjs -- services/auth` keeps the `--` that npm would have eaten.
  if (args[0] === '--' && args[1] && !args[1].startsWith('-')) args = args.slice(1);
  const split = args.indexOf('--');
  return split === -1 ? { filters: args, passThrough: [] } : { filters: args.slice(0, split), passThrough: args.slice(split + 1) };
}

/** The workspaces with a "test" script, in root package.json order, narrowed by the filters. */
function selectWorkspaces(filters) {
  const all = listWorkspaces();
  const testable = all.filter((w) => w.scripts.test);
  if (!filters.length) {
    if (!testable.length) throw new UserError('no workspace has a "test" script.');
    return testable;
  }
  const normalise = (f) => f.replace(/^\.\//, '').replace(/\/$/, '');
  const matches = (w, f) => w.dir === f || w.name === f || path.posix.basename(w.dir) === f;
  const chosen = new Set();
  for (const filter of filters.map(normalise)) {
    const found = all.filter((w) => matches(w, filter));
    if (!found.length) throw new UserError(`no workspace matches "${filter}". Known: ${all.map((w) => w.dir).join(', ')}`);
    for (const w of found) {
      if (!w.scripts.test) throw new UserError(`${w.dir} has no "test" script.`);
      chosen.add(w);
    }
  }
  return testable.filter((w) => chosen.has(w)); // keep the root package.json order
}

function testEnv(infraEnv, logDir) {
  const env = {
    ...process.env,
    ...infraEnv,
    DATABASE_URL: infraEnv.TEST_DATABASE_URL,
    NODE_ENV: 'test',
    LOG_DIR: logDir,
  };
  for (const key of EXTERNAL_API_KEYS) delete env[key];
  // The test runners see a pipe, not our terminal: tell them whether colours are wanted.
  if (process.stdout.isTTY && !('NO_COLOR' in env)) env.FORCE_COLOR = '1';
  if (!process.stdout.isTTY && !('FORCE_COLOR' in env)) env.NO_COLOR = '1';
  return env;
}

// ================================================================ running one workspace

async function runWorkspace(workspace, env, passThrough) {
  console.log(`\n${paint('bold', `━━━ ${workspace.dir}`)} ${paint('grey', `(${workspace.name})`)}`);
  const started = Date.now();
  const counter = makeCounter();
  const args = workspace.args ?? ['run', 'test', '-w', workspace.dir, ...(passThrough.length ? ['--', ...passThrough] : [])];
  const child = spawnPrefixed('npm', args, {
    cwd: repoRoot,
    env,
    prefix: paint('grey', '│'),
    onLine: counter.line,
  });
  state.current = child;
  const { code, signal } = await child.closed;
  state.current = null;
  if (state.stopping) return { workspace, ok: false, durationMs: 0, counts: null }; // interrupted
  const ok = code === 0;
  const durationMs = Date.now() - started;
  const verdict = ok ? paint('green', 'passed') : paint('red', `failed (${signal ? `signal ${signal}` : `exit code ${code}`})`);
  console.log(`${paint('bold', `━━━ ${workspace.dir}`)} ${verdict} in ${seconds(durationMs)}`);
  return { workspace, ok, durationMs, counts: counter.counts() };
}

/**
 * Reads the test runners' own totals from their output: Vitest's `Tests  2 failed | 40 passed (42)`
 * (the last one printed wins) or Playwright's `40 passed` / `2 failed` lines.
 */
function makeCounter() {
  let vitest = null;
  const playwright = { passed: 0, failed: 0, skipped: 0 };
  const pick = (text, word) => Number(new RegExp(`(\\d+) ${word}`).exec(text)?.[1] ?? 0);
  return {
    line(raw) {
      const line = stripAnsi(raw);
      const v = /^\s*Tests\s+(.*\d+ (?:passed|failed|skipped|todo).*)$/.exec(line);
      if (v) {
        vitest = { passed: pick(v[1], 'passed'), failed: pick(v[1], 'failed'), skipped: pick(v[1], 'skipped') + pick(v[1], 'todo') };
        return;
      }
      const p = /^\s*(\d+) (passed|failed|skipped|flaky)\b/.exec(line);
      if (p) playwright[p[2] === 'flaky' ? 'passed' : p[2]] += Number(p[1]);
    },
    counts() {
      if (vitest) return vitest;
      return playwright.passed + playwright.failed + playwright.skipped ? playwright : null;
    },
  };
}

// ================================================================ summary

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function printSummary(results, totalMs) {
  const width = Math.max(...results.map((r) => r.workspace.dir.length));
  console.log(`\n${paint('bold', '═══ Test summary ═══')}`);
  const totals = { passed: 0, failed: 0, skipped: 0, known: false };
  for (const { workspace, ok, durationMs, counts } of results) {
    const mark = ok ? paint('green', '✔') : paint('red', '✖');
    const verdict = ok ? paint('green', 'passed') : paint('red', 'failed');
    let detail = '';
    if (counts) {
      totals.known = true;
      for (const key of ['passed', 'failed', 'skipped']) totals[key] += counts[key];
      detail = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
    }
    console.log(`  ${mark} ${workspace.dir.padEnd(width)}  ${verdict}  ${seconds(durationMs).padStart(8)}  ${detail}`);
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log('');
  if (totals.known) {
    console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  }
  console.log(`Summary: ${passed} workspaces passed, ${failed} failed (${seconds(totalMs)})`);
}

// ================================================================ clean-up

async function cleanUp() {
  if (state.current) await stopChildren([state.current], { graceMs: 10_000 });
  if (state.infraPromise) {
    const infra = await state.infraPromise.catch(() => null);
    await infra?.stop();
  }
  if (state.logDir) rmSync(state.logDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (state.stopping) {
      // A second Ctrl-C kills the running tests at once (but not an immediate echo of the first
      // signal, as `timeout` sends to the process and then its group).
      if (Date.now() - state.stoppingSince > 500 && state.current) signalGroup(state.current, 'SIGKILL');
      return;
    }
    state.stopping = true;
    state.stoppingSince = Date.now();
    log.warn(`got ${signal}: stopping the tests`);
    await cleanUp();
    process.exit(130);
  });
}

main().then(
  async (code) => {
    if (state.stopping) return; // the signal handler exits
    await cleanUp();
    process.exit(code);
  },
  async (err) => {
    if (state.stopping) return;
    log.error(err instanceof UserError ? err.message : err.stack);
    await cleanUp();
    process.exit(1);
  },
);
