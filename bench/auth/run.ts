/**
 * Auth benchmark (issue 3): login and /auth/me requests per second through
 * the gateway, with the real auth service and gateway as processes on real
 * Postgres, Redis and NATS (in a namespace of their own, removed after).
 *
 *   npx tsx bench/auth/run.ts          (or: npm run bench:auth -w bench)
 *     BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2); BENCH_SMOKE=1 (`npm test`): 1 s each
 *
 * Login is bound by argon2id (19 MiB, 2 passes, 1 lane: ~20-30 ms of one core
 * per login), so it runs at fewer connections than /auth/me, which is a
 * cached token check plus one primary-key read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { namespacedProcessEnv, removeNamespace } from '@planner/service-kit/testing';
import { freePort, measure, row, run, setting, start, stopAll, waitForOk } from '../lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const seconds = setting('BENCH_SECONDS', 10, 1);
const warmupSeconds = setting('BENCH_WARMUP_SECONDS', 2, 1);
const namespace = `bench_${randomBytes(3).toString('hex')}`;
const user = { username: 'bench_user', email: 'bench.user@example.com', password: 'Bench#Pass123', turnstile_token: 'sandbox' };

async function main(): Promise<void> {
  const [authPort, gatewayPort] = await Promise.all([freePort(), freePort()]);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auth-logs-'));
  const common = await namespacedProcessEnv({ namespace, logDir, authPort, nodeEnv: 'production' });
  const auth = `http://127.0.0.1:${authPort}`;
  const gateway = `http://127.0.0.1:${gatewayPort}/api`;
  try {
    start('auth', 'src/main.ts', path.join(root, 'services/auth'), { ...common, PORT: String(authPort) });
    await waitForOk(`${auth}/health`);
    // Limits far above what the run sends: this measures the service, not the limiter.
    start('gateway', 'src/main.ts', path.join(root, 'services/gateway'), {
      ...common,
      PORT: String(gatewayPort),
      AUTH_URL: auth,
      RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_ADDRESS_MAX: '1000000000',
    });
    await waitForOk(`${gateway}/version`);

    const json = { 'content-type': 'application/json' };
    const registered = await fetch(`${gateway}/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(user) });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
    const { access_token: token } = (await registered.json()) as { access_token: string };
    const loginBody = JSON.stringify({ email: user.email, password: user.password, turnstile_token: 'sandbox' });

    process.stdout.write(`warming up, then ${seconds} s per run...\n`);
    await measure(`${gateway}/auth/login`, { connections: 4, duration: warmupSeconds, method: 'POST', headers: json, body: loginBody });
    const login = await measure(`${gateway}/auth/login`, { connections: 8, duration: seconds, method: 'POST', headers: json, body: loginBody });
    await measure(`${gateway}/auth/me`, { connections: 50, duration: warmupSeconds, headers: { authorization: `Bearer ${token}` } });
    const me = await measure(`${gateway}/auth/me`, { connections: 50, duration: seconds, headers: { authorization: `Bearer ${token}` } });

    process.stdout.write(
      [
        '',
        `auth benchmark through the gateway, ${seconds} s per run, ${os.cpus().length} CPUs (argon2id 19 MiB, 2 passes, 1 lane)`,
        row('POST login (8c)', login),
        row('GET me (50c)', me),
        '',
      ].join('\n'),
    );
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 500)); // let them close their connections before their schema goes
    fs.rmSync(logDir, { recursive: true, force: true });
    await removeNamespace(namespace);
  }
}

run(main);
