// Makes Postgres, Redis and NATS (with JetStream) available for `npm start` and `npm test`.
//
// For each of them, in this order of preference:
//   1. the URL in the environment (DATABASE_URL, REDIS_URL, NATS_URL): checked, never started;
//   2. a server already answering on the default local port: used as it is;
//   3. otherwise a server started here, with its data under <repo>/.data/, installing the
//      Debian package first when the binary is missing and we are root.
// Then the databases `planner` and `planner_test` are created when missing.
// `stop()` stops only the servers this run started.
//
// CLI: `node scripts/infra.mjs check` (report, start nothing) or `node scripts/infra.mjs up`
// (start what is missing, print the URLs, keep them running until Ctrl-C).
//
// PLANNER_PG_PORT, PLANNER_REDIS_PORT and PLANNER_NATS_PORT move the local port looked at and
// started on (defaults 5432, 6379, 4222), e.g. when another project holds the default one.
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, appendFileSync, chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError, isRoot, makeLogger, redactUrl, repoRoot, run, which } from './lib/common.mjs';
import { probeNats, probePostgres, probeRedis, waitUntil } from './lib/probes.mjs';
import { logTail, spawnDaemon, stopChildren } from './lib/processes.mjs';

const dataRoot = path.join(repoRoot, '.data');

const localPort = (variable, fallback) => Number(process.env[variable] || fallback);

/** What we know about each server. */
const COMPONENTS = [
  {
    key: 'postgres',
    label: 'Postgres',
    envVar: 'DATABASE_URL',
    defaultUrl: () => `postgres://postgres@127.0.0.1:${localPort('PLANNER_PG_PORT', 5432)}/planner`,
    port: () => localPort('PLANNER_PG_PORT', 5432),
    probe: probePostgres,
    binaries: ['initdb', 'pg_ctl', 'postgres'],
    aptPackage: 'postgresql',
    start: startPostgres,
  },
  {
    key: 'redis',
    label: 'Redis',
    envVar: 'REDIS_URL',
    defaultUrl: () => `redis://127.0.0.1:${localPort('PLANNER_REDIS_PORT', 6379)}`,
    port: () => localPort('PLANNER_REDIS_PORT', 6379),
    probe: probeRedis,
    binaries: ['redis-server'],
    aptPackage: 'redis-server',
    start: startRedis,
  },
  {
    key: 'nats',
    label: 'NATS',
    envVar: 'NATS_URL',
    defaultUrl: () => `nats://127.0.0.1:${localPort('PLANNER_NATS_PORT', 4222)}`,
    port: () => localPort('PLANNER_NATS_PORT', 4222),
    probe: probeNats,
    binaries: ['nats-server'],
    aptPackage: 'nats-server',
    start: startNats,
  },
];

// ================================================================ public API

/**
 * Makes the three servers available. Resolves { env, stop } where env holds DATABASE_URL,
 * TEST_DATABASE_URL, REDIS_URL and NATS_URL, and stop() stops what this call started.
 */
export async function ensureInfrastructure({ log = makeLogger('infra') } = {}) {
  const stoppers = []; // in start order; stopped in reverse
  const stop = once(async () => {
    for (const stopOne of stoppers.reverse()) {
      try {
        await stopOne();
      } catch (err) {
        (log.warn ?? log)(`while stopping: ${err.message}`);
      }
    }
  });

  try {
    const urls = {};
    let toStart = [];
    for (const component of COMPONENTS) {
      const url = await findRunning(component, log);
      if (url) urls[component.key] = url;
      else toStart.push(component);
    }

    await installMissingPackages(toStart, log);
    // Installing a Debian package may start its server (postinst): look again before starting ours.
    if (toStart.length) toStart = await recheck(toStart, urls, log);

    for (const component of toStart) {
      log(`${component.label}: nothing on 127.0.0.1:${component.port()}, starting one (data in ${path.relative(repoRoot, dataRoot) || '.'}/)`);
      stoppers.push(await component.start({ port: component.port(), log }));
      urls[component.key] = component.defaultUrl();
      log(`${component.label}: started on 127.0.0.1:${component.port()}`);
    }

    const databaseUrl = urls.postgres;
    const testDatabaseUrl = process.env.TEST_DATABASE_URL || withDatabase(databaseUrl, 'planner_test');
    await ensureDatabase(databaseUrl, log);
    await ensureDatabase(testDatabaseUrl, log);

    const env = {
      DATABASE_URL: databaseUrl,
      TEST_DATABASE_URL: testDatabaseUrl,
      REDIS_URL: urls.redis,
      NATS_URL: urls.nats,
    };
    return { env, stop, started: toStart.map((c) => c.key) };
  } catch (err) {
    await stop();
    throw err;
  }
}

// ================================================================ finding servers

/**
 * Returns the URL to use when a server is already there, null when we must start one, and
 * throws when the configured URL does not answer or the default port holds something unusable.
 */
async function findRunning(component, log) {
  const configured = process.env[component.envVar];
  const url = configured || component.defaultUrl();
  let result = await component.probe(url);
  if (!result.ok && result.starting) {
    log(`${component.label}: ${redactUrl(url)} is starting up, waiting…`);
    result = await waitUntil(() => component.probe(url), { timeoutMs: 30_000, intervalMs: 500 });
  }
  if (result.ok) {
    log(`${component.label}: using ${redactUrl(url)}${configured ? ` (from ${component.envVar})` : ' (already running)'}`);
    return url;
  }
  if (configured) {
    throw new UserError(`${component.envVar}=${redactUrl(url)} does not answer as a usable ${component.label}: ${result.reason}. Fix the server or unset ${component.envVar} to use a local one.`);
  }
  if (result.reachable) {
    throw new UserError(`Something answers on 127.0.0.1:${component.port()} but it is not a usable ${component.label}: ${result.reason}. Stop it or set ${component.envVar}.`);
  }
  return null;
}

async function recheck(components, urls, log) {
  const left = [];
  for (const component of components) {
    const url = await findRunning(component, log);
    if (url) urls[component.key] = url;
    else left.push(component);
  }
  return left;
}

// ================================================================ installing

/** Installs the Debian packages of servers we must start (and psql), or explains what to install. */
async function installMissingPackages(toStart, log) {
  const packages = new Set();
  for (const component of toStart) {
    if (component.binaries.some((b) => !which(b))) packages.add(component.aptPackage);
  }
  // psql creates the databases; the postgresql package brings it along. Without root we go on
  // without it (ensureDatabase warns) rather than refuse to use servers that are already there.
  if (!which('psql') && !packages.has('postgresql') && isRoot) packages.add('postgresql-client');
  await installDebianPackages(packages, log, '(or point DATABASE_URL / REDIS_URL / NATS_URL at servers you already run)');
}

/** Installs Debian packages with apt-get when we are root; otherwise says what to install. */
export async function installDebianPackages(packages, log, alternative = '') {
  if (!packages.size) return;
  const list = [...packages].join(' ');
  if (!isRoot || !which('apt-get')) {
    throw new UserError(`Missing programs. Install the Debian packages: sudo apt-get install -y ${list}${alternative ? `\n  ${alternative}` : ''}`);
  }
  log(`installing Debian packages: ${list}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await run('apt-get', ['update'], { env, inherit: true });
  if (update.code !== 0) throw new UserError(`apt-get update failed (exit ${update.code})`);
  const install = await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env, inherit: true });
  if (install.code !== 0) throw new UserError(`apt-get install -y ${list} failed (exit ${install.code})`);
}

// ================================================================ Postgres

/** Runs a Postgres program as the `postgres` user when we are root (initdb refuses root). */
function runAsPostgres(cmd, args) {
  return isRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);
}

async function startPostgres({ port, log }) {
  const baseDir = await postgresBaseDir(log);
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'server.log');

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`Postgres: initdb in ${dataDir}`);
    const init = await runAsPostgres(which('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    if (init.code !== 0) throw new UserError(`initdb failed:\n${init.stdout}${init.stderr}`);
    // TCP only: a Unix socket path could exceed the OS limit under a deep repo folder.
    appendFileSync(dataDir + '/postgresql.conf', "\n# Added by scripts/infra.mjs\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n");
  }

  const pgCtl = which('pg_ctl');
  const started = await runAsPostgres(pgCtl, ['-D', dataDir, '-l', logFile, '-o', `-p ${port}`, '-w', '-t', '60', 'start']);
  if (started.code !== 0) {
    throw new UserError(`Postgres did not start (pg_ctl exit ${started.code}):\n${started.stdout}${started.stderr}\n--- ${logFile} ---\n${logTail(logFile)}`);
  }
  return async () => {
    log('Postgres: stopping the server started by this run');
    await runAsPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };
}

/**
 * The folder holding our cluster: <repo>/.data/postgres, owned by the `postgres` user when we
 * are root. When that user cannot reach the repository (e.g. a repo under /root, mode 700), a
 * folder under /var/lib/postgresql is used instead.
 */
async function postgresBaseDir(log) {
  const preferred = path.join(dataRoot, 'postgres');
  if (!isRoot) {
    mkdirSync(preferred, { recursive: true });
    return preferred;
  }
  const { uid, gid } = await ensurePostgresUser();
  const hash = createHash('sha1').update(repoRoot).digest('hex').slice(0, 8);
  for (const dir of [preferred, `/var/lib/postgresql/planner-${hash}`]) {
    mkdirSync(dir, { recursive: true });
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
    const logFile = path.join(dir, 'server.log');
    if (!existsSync(logFile)) writeFileSync(logFile, '');
    chownSync(logFile, uid, gid);
    const canWrite = await run('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]);
    if (canWrite.code === 0) return dir;
    log(`Postgres: the postgres user cannot write ${dir}, trying elsewhere`);
  }
  throw new UserError('No folder the postgres user can write for the local cluster; set DATABASE_URL to a running Postgres instead.');
}

async function ensurePostgresUser() {
  let uid = await run('id', ['-u', 'postgres']);
  if (uid.code !== 0) {
    // The Debian package creates this user; we only get here with binaries from elsewhere.
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/bin/sh', 'postgres']);
    uid = await run('id', ['-u', 'postgres']);
    if (uid.code !== 0) throw new UserError('Could not create the `postgres` user needed to run initdb as root.');
  }
  const gid = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

// ================================================================ databases

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function psql(url, sql) {
  return run(which('psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-tA', '-c', sql, `--dbname=${url}`], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
    timeoutMs: 30_000,
  });
}

/** Creates the database named in `url` when it does not exist (trust auth or URL credentials). */
async function ensureDatabase(url, log) {
  const name = databaseName(url);
  if (!name) return;
  if (!which('psql')) {
    (log.warn ?? log)(`psql not found: cannot check that database ${name} exists (install postgresql-client)`);
    return;
  }
  const probe = await psql(url, 'SELECT 1');
  if (probe.code === 0) return;

  // Connect to the maintenance database and create it. Racing another run is fine.
  const quoted = `"${name.replace(/"/g, '""')}"`;
  const created = await psql(withDatabase(url, 'postgres'), `CREATE DATABASE ${quoted}`);
  if (created.code === 0) {
    log(`Postgres: created database ${name}`);
    return;
  }
  if (/already exists/.test(created.stderr) && (await psql(url, 'SELECT 1')).code === 0) return;
  throw new UserError(`Cannot use or create database ${name} at ${redactUrl(url)}:\n${probe.stderr.trim()}\n${created.stderr.trim()}`);
}

/** Reads which of our databases exist, without creating anything (for `check`). */
async function databaseStatus(url) {
  const probe = await psql(url, 'SELECT 1');
  if (probe.code === 0) return 'exists';
  if (/does not exist/.test(probe.stderr)) return "missing ('npm start' and 'npm test' create it)";
  return `unreachable (${probe.stderr.trim().split('\n')[0]})`;
}

// ================================================================ Redis and NATS

async function startRedis({ port, log }) {
  const dir = path.join(dataRoot, 'redis');
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  return startDaemon({ label: 'Redis', cmd: which('redis-server'), args, dir, url: `redis://127.0.0.1:${port}`, probe: probeRedis, log });
}

async function startNats({ port, log }) {
  const dir = path.join(dataRoot, 'nats');
  mkdirSync(dir, { recursive: true });
  const args = ['-js', '-sd', dir, '-p', String(port), '-a', '127.0.0.1'];
  return startDaemon({ label: 'NATS', cmd: which('nats-server'), args, dir, url: `nats://127.0.0.1:${port}`, probe: probeNats, log });
}

/** Spawns a server, waits until its probe answers, and returns the function that stops it. */
async function startDaemon({ label, cmd, args, dir, url, probe, log }) {
  const logFile = path.join(dir, 'server.log');
  const child = spawnDaemon(cmd, args, { logFile, cwd: dir });
  const ready = await waitUntil(() => probe(url), {
    timeoutMs: 20_000,
    stopEarly: () => (child.exitCode !== null || child.signalCode !== null ? `exited with ${child.exitCode ?? child.signalCode}` : null),
  });
  if (!ready.ok) {
    await stopChildren([child], { graceMs: 2000 });
    throw new UserError(`${label} did not start: ${ready.reason}\n--- ${logFile} ---\n${logTail(logFile)}`);
  }
  return async () => {
    log(`${label}: stopping the server started by this run`);
    await stopChildren([child], { graceMs: 10_000 });
  };
}

// ================================================================ CLI

function once(fn) {
  let promise;
  return () => (promise ??= fn());
}

/** `check`: report each server and database; start nothing. Exit code 1 when anything is missing. */
async function checkCommand(log) {
  let healthy = true;
  for (const component of COMPONENTS) {
    const configured = process.env[component.envVar];
    const url = configured || component.defaultUrl();
    const result = await component.probe(url);
    const where = `${redactUrl(url)}${configured ? ` (${component.envVar})` : ' (default)'}`;
    if (result.ok) {
      log(`✔ ${component.label.padEnd(8)} ${where}`);
    } else {
      healthy = false;
      log.error(`✖ ${component.label.padEnd(8)} ${where}: ${result.reason}`);
      const missing = component.binaries.filter((b) => !which(b));
      if (!configured && !result.reachable) {
        log(`  'npm start' would start one${missing.length ? ` after installing the Debian package ${component.aptPackage}` : ''}.`);
      }
    }
    if (component.key === 'postgres' && result.ok && which('psql')) {
      const testUrl = process.env.TEST_DATABASE_URL || withDatabase(url, 'planner_test');
      for (const dbUrl of [url, testUrl]) log(`  database ${databaseName(dbUrl)}: ${await databaseStatus(dbUrl)}`);
    }
  }
  return healthy ? 0 : 1;
}

/** `up`: ensure everything, print the URLs, and keep what we started running until Ctrl-C. */
async function upCommand(log) {
  const infra = await ensureInfrastructure({ log });
  for (const [key, value] of Object.entries(infra.env)) console.log(`export ${key}='${value}'`);
  if (!infra.started.length) {
    log('everything was already running; nothing to keep alive.');
    return 0;
  }
  log(`keeping ${infra.started.join(', ')} running; Ctrl-C stops them.`);
  // pg_ctl daemonises Postgres, so no child handle may keep Node's event loop alive: a timer does.
  const keepAlive = setInterval(() => {}, 1 << 30);
  await new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, resolve);
  });
  clearInterval(keepAlive);
  await infra.stop();
  return 0;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const log = makeLogger('infra');
  const command = process.argv[2] ?? 'check';
  const commands = { check: checkCommand, up: upCommand };
  if (!commands[command]) {
    console.error('usage: node scripts/infra.mjs check|up');
    process.exit(2);
  }
  commands[command](log).then(
    (code) => process.exit(code),
    (err) => {
      log.error(err instanceof UserError ? err.message : err.stack);
      process.exit(1);
    },
  );
}
