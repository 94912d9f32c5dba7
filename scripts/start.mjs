// `npm start`: the whole product on one machine.
//
//   1. install dependencies when needed, load .env (the real environment wins);
//   2. make Postgres, Redis and NATS available (scripts/infra.mjs);
//   3. build the frontend shell and remotes that have never been built;
//   4. start the seven services, wait for each /health, then the gateway and its /api/health;
//   5. print where to go. Ctrl-C stops the services, then the infrastructure this run started.
// Every process it starts is supervised: one that exits unasked is started again, after 1 s,
// then 2 s, 4 s… up to 30 s while it keeps crashing (a minute's run starts the count over).
//
// Options: --keep-going  keep running even if a service does not become healthy.
// PORT_OFFSET=N moves every port by N (gateway 8080+N, services 4001+N…), to run beside another
// `npm start`; with NAMESPACE it also keeps its own schemas, Redis keys and NATS subjects.
// REPLICAS=N runs N processes of every service (organizations.1 on 4002, organizations.2 on 4102,
// … base port + 100·i) behind the one gateway, which spreads requests over them.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInfrastructure } from './infra.mjs';
import { UserError, loadDotEnv, makeLogger, paint, repoRoot, sleep } from './lib/common.mjs';
import { portAnswers } from './lib/probes.mjs';
import { formatLogLine } from './lib/log-format.mjs';
import { makePrefix, signalGroup, spawnPrefixed, stopChildren } from './lib/processes.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { ensureDependencies, readJson } from './lib/workspace.mjs';

const log = makeLogger('start');

/** The services behind the gateway, with their ports and the gateway's variable for their URL. */
const SERVICES = [
  { name: 'auth', port: 4001, urlVar: 'AUTH_URL' },
  { name: 'organizations', port: 4002, urlVar: 'ORGANIZATIONS_URL' },
  { name: 'posts', port: 4003, urlVar: 'POSTS_URL' },
  { name: 'scheduler', port: 4004, urlVar: 'SCHEDULER_URL' },
  { name: 'billing', port: 4005, urlVar: 'BILLING_URL' },
  { name: 'content', port: 4006, urlVar: 'CONTENT_URL' },
  { name: 'notifications', port: 4007, urlVar: 'NOTIFICATIONS_URL' },
];
const GATEWAY = { name: 'gateway', port: 8080 };

/** PORT_OFFSET (from the environment or .env) moves every port. */
function applyPortOffset(value) {
  if (value === undefined || value === '') return;
  const offset = Number(value);
  if (!Number.isInteger(offset) || offset < 0 || GATEWAY.port + offset > 65535) {
    throw new UserError(`PORT_OFFSET must be a whole number from 0 to ${65535 - GATEWAY.port}, not "${value}".`);
  }
  for (const component of [...SERVICES, GATEWAY]) component.port += offset;
}

/** A replica's port: the service's plus 100 per replica after the first. */
const REPLICA_PORT_STEP = 100;
const MAX_REPLICAS = 10;

/** REPLICAS (from the environment or .env): how many processes of every service; 1 when unset. */
function replicaCount(value) {
  if (value === undefined || value === '') return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) {
    throw new UserError(`REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}, not "${value}".`);
  }
  return count;
}

/** The processes of a service: one named as the service, or `<name>.1`, `<name>.2`… on ports 100 apart. */
function instancesOf(service, replicas) {
  return Array.from({ length: replicas }, (_, i) => ({
    ...service,
    replica: i,
    label: replicas === 1 ? service.name : `${service.name}.${i + 1}`,
    port: service.port + REPLICA_PORT_STEP * i,
  }));
}

const HEALTH_TIMEOUT_MS = 60_000;

const DEV_ADMIN = { email: 'admin@example.com', password: 'Admin123!' };

// Everything a shutdown needs to reach, whenever it happens.
const state = {
  children: [], // running frontend builds
  supervisor: new Supervisor({ log }), // the services and the gateway
  prefixWidth: GATEWAY.name.length,
  infraPromise: null,
  stopping: false,
  stoppingSince: 0,
  stoppingChildren: [], // what the shutdown stops
};

// ================================================================ main

async function main() {
  const keepGoing = process.argv.includes('--keep-going');
  const loaded = loadDotEnv();
  if (loaded.length) log(`loaded ${loaded.length} variable(s) from .env`);
  applyPortOffset(process.env.PORT_OFFSET);
  const replicas = replicaCount(process.env.REPLICAS);
  const nodeEnv = process.env.NODE_ENV || 'development';
  const admin = adminCredentials(nodeEnv);

  await ensureDependencies({ log });
  const services = SERVICES.filter((s) => serviceExists(s)).flatMap((s) => instancesOf(s, replicas));
  const gateway = { ...GATEWAY, label: GATEWAY.name };
  if (!serviceExists(GATEWAY)) throw new UserError('services/gateway is missing: nothing to serve the product.');
  state.prefixWidth = Math.max(...[...services, gateway].map((s) => s.label.length));
  await assertPortsFree([...services, gateway]);

  state.infraPromise = ensureInfrastructure({ log: makeLogger('infra') });
  const infra = await state.infraPromise;
  if (state.stopping) return; // Ctrl-C came during the infrastructure start; shutdown() handles it

  const frontendDist = await ensureFrontend();
  const env = baseEnv(infra.env, nodeEnv, services, replicas);

  // The services in parallel: none may rely on another being up before its own /health.
  for (const service of services) startService(service, serviceEnv(service, env, admin));
  const results = await Promise.all(services.map((s) => waitHealthy(s, `http://127.0.0.1:${s.port}/health`)));
  if (state.stopping) return;
  const failed = services.filter((_, i) => !results[i].ok);
  if (failed.length && !keepGoing) {
    throw new UserError(`${failed.map((s) => s.label).join(', ')} did not become healthy; stopping. (Run with --keep-going to keep the rest up.)`);
  }

  startService(gateway, gatewayEnv(env, frontendDist, services));
  const gatewayHealth = await waitHealthy(gateway, `http://127.0.0.1:${GATEWAY.port}/api/health`, { degradedIsUp: true });
  if (state.stopping) return;
  if (!gatewayHealth.ok && !gatewayHealth.degraded) throw new UserError('the gateway did not come up; stopping.');

  printBanner({ admin, nodeEnv, frontendDist, failed, degraded: gatewayHealth.degraded, replicas });
}

// ================================================================ configuration

/** In development the defaults are fine (and printed); in production they must be given. */
function adminCredentials(nodeEnv) {
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (nodeEnv === 'production') {
    if (!email || !password) throw new UserError('NODE_ENV=production needs ADMIN_EMAIL and ADMIN_PASSWORD (see .env.example).');
    if (password === DEV_ADMIN.password) throw new UserError('ADMIN_PASSWORD is the public development default; choose another one for production.');
    return { email, password, shown: false };
  }
  const admin = { email: email || DEV_ADMIN.email, password: password || DEV_ADMIN.password, shown: true };
  log(`admin login for this ${nodeEnv} run: ${admin.email} / ${admin.password}${email || password ? '' : ' (defaults; set ADMIN_EMAIL / ADMIN_PASSWORD to change)'}`);
  return admin;
}

function serviceDir(service) {
  return path.join(repoRoot, 'services', service.name);
}

function serviceExists(service) {
  if (existsSync(path.join(serviceDir(service), 'package.json'))) return true;
  log.warn(`services/${service.name} does not exist yet: not started`);
  return false;
}

/** Fails early and clearly when a port is taken, typically by another `npm start`. */
async function assertPortsFree(services) {
  const taken = [];
  for (const s of services) if (await portAnswers('127.0.0.1', s.port)) taken.push(`${s.port} (${s.label})`);
  if (taken.length) {
    throw new UserError(`port(s) already in use: ${taken.join(', ')}. Is another 'npm start' running? Stop it first.`);
  }
}

/** The base URLs of a service's processes. */
const urlsOf = (services, name) => services.filter((s) => s.name === name).map((s) => `http://127.0.0.1:${s.port}`);

function baseEnv(infraEnv, nodeEnv, services, replicas) {
  const { TEST_DATABASE_URL: _testOnly, ...serverUrls } = infraEnv;
  const logDir = process.env.LOG_DIR || path.join(repoRoot, 'logs');
  mkdirSync(logDir, { recursive: true });
  return {
    // One process per service has no other to hand its requests to while it drains: it stops at once.
    ...(replicas === 1 ? { SHUTDOWN_DRAIN_DELAY_MS: '0' } : {}),
    ...process.env,
    ...serverUrls,
    NODE_ENV: nodeEnv,
    LOG_DIR: logDir,
    // Services listen on loopback unless told otherwise; only the gateway is meant to be visited.
    HOST: process.env.HOST || '127.0.0.1',
    // Every auth replica serves the same keys: a verifier tries the next when one is down.
    JWKS_URL: process.env.JWKS_URL || urlsOf(services, 'auth').map((url) => `${url}/.well-known/jwks.json`).join(','),
    // Links in e-mails and OAuth redirects point at this run's gateway unless told otherwise.
    APP_URL: process.env.APP_URL || `http://localhost:${GATEWAY.port}`,
  };
}

function serviceEnv(service, env, admin) {
  const own = { ...env, PORT: String(service.port) };
  // One port takes bounce reports: the first notifications replica listens on it (all record them in one table).
  if (service.name === 'notifications' && service.replica > 0) delete own.BOUNCE_SMTP_PORT;
  if (service.name === 'auth') {
    Object.assign(own, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    if (!own.AUTH_SIGNING_KEY && env.NODE_ENV !== 'production') own.AUTH_SIGNING_KEY = devSigningKey();
  }
  // Sandbox connections publish into this run's own scheduler, on its port (PORT_OFFSET moves it), not another run's;
  // each replica into its own feed, which is up whenever it publishes.
  if (service.name === 'scheduler' && !own.SANDBOX_FEED_URL) own.SANDBOX_FEED_URL = `http://127.0.0.1:${service.port}`;
  return own;
}

/**
 * The key that signs access tokens in development, kept under .data/ so that a
 * restart of `npm start` does not log everybody out. Production sets
 * AUTH_SIGNING_KEY (see .env.example).
 */
function devSigningKey() {
  const file = path.join(repoRoot, '.data', 'auth-signing-key.jwk.json');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `dev-${randomUUID()}` };
    writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8');
}

function gatewayEnv(env, frontendDist, services) {
  const own = { ...env, PORT: String(GATEWAY.port) };
  for (const s of SERVICES) own[s.urlVar] = process.env[s.urlVar] || urlsOf(services, s.name).join(',') || `http://127.0.0.1:${s.port}`;
  if (frontendDist) own.FRONTEND_DIST = frontendDist;
  return own;
}

// ================================================================ frontend

/** The shell and every remote (frontend/remotes/<name>), each a workspace with its own `vite build` to dist/. */
function frontendBuilds() {
  const remotes = path.join(repoRoot, 'frontend', 'remotes');
  const names = existsSync(remotes) ? readdirSync(remotes).sort() : [];
  return ['frontend/shell', ...names.map((name) => `frontend/remotes/${name}`)].filter((workspace) => {
    const manifest = path.join(repoRoot, workspace, 'package.json');
    return existsSync(manifest) && readJson(manifest).scripts?.build;
  });
}

/** The file a finished build leaves: a remote's entry, the shell's page. */
function builtMarker(workspace) {
  return workspace === 'frontend/shell' ? 'index.html' : 'remoteEntry.js';
}

/**
 * A production build's environment. @module-federation/vite switches itself off
 * under a test runner (VITEST, JEST_WORKER_ID, NODE_ENV=test), which would leave a
 * shell without federation and remotes without their entry when npm start runs
 * inside a test (the browser tests).
 */
function productionBuildEnv(env) {
  const { VITEST: _vitest, JEST_WORKER_ID: _jest, ...rest } = env;
  for (const name of Object.keys(rest)) if (name.startsWith('VITEST_')) delete rest[name];
  return { ...rest, NODE_ENV: 'production' };
}

/**
 * Builds the shell and each remote that has no dist/ yet (each builds alone, so
 * one rebuilt by hand is kept); returns the shell's dist to serve, or null.
 * The gateway serves the remotes' builds beside it, at /remotes/<name>/.
 */
async function ensureFrontend() {
  if (process.env.FRONTEND_DIST) return process.env.FRONTEND_DIST;
  const shellDist = path.join(repoRoot, 'frontend', 'shell', 'dist');
  const builds = frontendBuilds();
  if (!builds.includes('frontend/shell')) {
    log.warn('frontend/shell has no build script yet: the gateway serves the API only');
    return null;
  }
  for (const workspace of builds) {
    const dist = path.join(repoRoot, workspace, 'dist');
    if (existsSync(path.join(dist, builtMarker(workspace)))) continue;
    log(`${workspace}/dist is missing: building it (npm run build -w ${workspace})`);
    const build = spawnPrefixed('npm', ['run', 'build', '-w', workspace], {
      cwd: repoRoot,
      env: productionBuildEnv(process.env),
      prefix: makePrefix('frontend', state.prefixWidth, SERVICES.length + 1),
    });
    state.children.push(build); // so Ctrl-C during the build stops it too
    const { code } = await build.closed;
    state.children = state.children.filter((c) => c !== build);
    if (state.stopping) return null;
    if (code !== 0 || !existsSync(dist)) {
      if (workspace === 'frontend/shell') {
        log.warn(`the frontend build failed (exit ${code}): the gateway serves the API only`);
        return null;
      }
      log.warn(`${workspace} failed to build (exit ${code}): its pages show an error with Retry until it is built`);
    }
  }
  return shellDist;
}

// ================================================================ services

/**
 * `tsx src/main.ts` is run as `node --import tsx src/main.ts`: one process per service instead
 * of npm -> sh -> tsx -> node. Any other start script is run through npm as written.
 */
function serviceCommand(service) {
  const pkg = readJson(path.join(serviceDir(service), 'package.json'));
  const script = pkg.scripts?.start?.trim();
  if (!script) throw new UserError(`services/${service.name}/package.json has no "start" script`);
  const tsx = /^tsx\s+([\w./-]+\.[cm]?ts)$/.exec(script);
  if (tsx) return [process.execPath, ['--import', 'tsx', tsx[1]]];
  return ['npm', ['run', 'start']];
}

/** Starts a service's process under the supervisor, which starts it again whenever it exits unasked. */
function startService(service, env) {
  const index = [...SERVICES, GATEWAY].findIndex((s) => s.name === service.name);
  const [cmd, args] = serviceCommand(service);
  const prefix = makePrefix(service.label, state.prefixWidth, index);
  return state.supervisor.run(service.label, () => spawnPrefixed(cmd, args, { cwd: serviceDir(service), env, prefix, format: formatLogLine }));
}

/**
 * Polls a health URL until it answers 200. `degradedIsUp` (the gateway): a 503 still means the
 * process serves requests, so after the timeout we report it degraded instead of failed.
 */
async function waitHealthy(service, url, { degradedIsUp = false } = {}) {
  const child = state.supervisor.current(service.label);
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  let degraded = false;
  while (Date.now() < deadline && !state.stopping) {
    if (child.exitCode !== null || child.signalCode !== null) {
      last = `exited (${child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`})`;
      break;
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await res.text();
      if (res.ok) return { ok: true };
      degraded = res.status === 503;
      last = `HTTP ${res.status} ${body.slice(0, 200)}`;
    } catch (err) {
      last = err.cause?.code ?? err.name;
    }
    await sleep(500);
  }
  if (state.stopping) return { ok: false };
  if (degradedIsUp && degraded) {
    log.warn(`${service.label} answers but reports degraded: ${last}`);
    return { ok: false, degraded: true };
  }
  reportUnhealthy(service, url, last, child);
  return { ok: false };
}

function reportUnhealthy(service, url, last, child) {
  const exited = child.exitCode !== null || child.signalCode !== null;
  log.error(exited ? `✖ ${service.label} ${last} before it became healthy` : `✖ ${service.label} did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${url}: ${last})`);
  const lines = child.recentLines.slice(-20);
  if (!lines.length) return;
  console.error(paint('red', `── last lines of ${service.label} ──`));
  for (const line of lines) console.error(`  ${line}`);
  console.error(paint('red', '──'));
}

function printBanner({ admin, nodeEnv, frontendDist, failed, degraded, replicas }) {
  const rule = '═'.repeat(60);
  const lines = [
    paint('green', rule),
    paint('bold', '  Social Planner is running') + `  (${nodeEnv})`,
    `  App:       ${paint('cyan', `http://localhost:${GATEWAY.port}`)}${frontendDist ? '' : '   (no frontend build: API only)'}`,
    `  API docs:  ${paint('cyan', `http://localhost:${GATEWAY.port}/api/docs`)}`,
    `  Admin:     ${admin.email}${admin.shown ? ` / ${admin.password}` : ' (password from ADMIN_PASSWORD)'}`,
  ];
  if (replicas > 1) lines.push(`  Replicas:  ${replicas} of every service (ports 100 apart)`);
  if (failed.length) lines.push(paint('yellow', `  Not healthy: ${failed.map((s) => s.label).join(', ')}`));
  if (degraded) lines.push(paint('yellow', '  The gateway reports degraded health: see /api/health'));
  lines.push('  Press Ctrl-C to stop.', paint('green', rule));
  console.log(`\n${lines.join('\n')}\n`);
}

// ================================================================ shutdown

/**
 * Stops the services (SIGTERM, SIGKILL after 10 s), then the infrastructure this run started,
 * then exits. A second Ctrl-C kills the services at once.
 */
async function shutdown(reason, exitCode) {
  if (state.stopping) {
    // Tools like `timeout` signal the process and then its group: ignore such an immediate echo.
    if (Date.now() - state.stoppingSince < 500) return;
    log.warn('stopping now (SIGKILL)');
    for (const child of state.stoppingChildren) signalGroup(child, 'SIGKILL');
    return;
  }
  state.stopping = true;
  state.stoppingSince = Date.now();
  state.stoppingChildren = [...state.children, ...state.supervisor.stop()];
  log(`${reason}: stopping…`);
  await stopChildren(state.stoppingChildren, {
    graceMs: 10_000,
    onKill: (child) => log.warn(`${child.label ?? 'a child'} did not stop within 10 s: killing it`),
  });
  if (state.infraPromise) {
    // If the infrastructure was still starting, wait for it so that what it started is stopped.
    const infra = await state.infraPromise.catch(() => null);
    await infra?.stop();
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(`got ${signal}`, 0));

main().catch((err) => {
  if (state.stopping) return; // a Ctrl-C interrupted the start-up: shutdown() is already at work
  log.error(err instanceof UserError ? err.message : err.stack);
  shutdown('start-up failed', 1);
});
