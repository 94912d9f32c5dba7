/**
 * Gateway benchmark (issue 2 item 11): autocannon against a trivial route of a
 * service, directly and through the gateway, in one run.
 *
 *   npx tsx bench/gateway/run.ts          (or: npm run bench:gateway -w bench)
 *
 * Starts the upstream (a kit server, GET /auth/ping → {ok:true}) and the real
 * gateway (services/gateway/src/main.ts, real Redis and NATS, token check on:
 * every request carries a valid bearer token, rate limit high enough not to
 * trigger) as separate processes, warms each path up, then measures each for
 * BENCH_SECONDS (10) with BENCH_CONNECTIONS (50) connections and prints
 * requests/s, their ratio and p50/p99 of both; then runs both paths again
 * under the same moderate load (50 clients pausing BENCH_THINK_MS = 50 ms
 * between requests) and prints the p50/p99 the gateway adds. With
 * BENCH_BASELINE=1 it also measures a plain @fastify/http-proxy for reference;
 * with BENCH_CPU_PROFILE (a directory) it profiles the gateway while it is
 * measured and prints where its CPU went; BENCH_SMOKE=1 (`npm test`) runs
 * each for 1 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createRedis } from '@planner/service-kit';
import { createTestKeys } from '@planner/service-kit/testing';
import { freePort, measure as load, row, run, setting, start, waitForOk, type Result } from '../lib.js';
import { profileByPlace } from '../scheduler/cpu.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const seconds = setting('BENCH_SECONDS', 10, 1);
const warmupSeconds = setting('BENCH_WARMUP_SECONDS', 3, 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USER = '00000000-0000-4000-8000-0000000000be';
/** Where to write the gateway's CPU profile of the measured runs (after warm-up). */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const PRELOAD = fileURLToPath(new URL('../profile-preload.mjs', import.meta.url));

const measure = (url: string, headers: Record<string, string>, duration: number) => load(url, { connections, duration, headers });

async function paced(url: string, headers: Record<string, string>, duration: number, thinkMs: number): Promise<Result> {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const until = performance.now() + duration * 1000;
  const client = async () => {
    await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const { statusCode, body } = await pool.request({ method: 'GET', path: pathname, headers });
        await body.dump();
        latencies.push(performance.now() - started);
        if (statusCode < 200 || statusCode > 299) non2xx += 1;
      } catch {
        errors += 1;
      }
      await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { total: latencies.length, rps: latencies.length / duration, p50: at(0.5), p99: at(0.99), non2xx, errors };
}

async function main(): Promise<void> {
  const keys = await createTestKeys('bench-key');
  const token = await keys.sign({ sub: USER, role: 'pro' }, { expiresIn: '1h' });
  const [upstreamPort, gatewayPort, plainPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-logs-'));
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const gateway = `http://127.0.0.1:${gatewayPort}`;

  start('upstream', path.join(here, 'upstream.ts'), here, { PORT: String(upstreamPort), BENCH_JWKS: JSON.stringify(keys.jwks), LOG_LEVEL: 'warn' });
  await waitForOk(`${upstream}/auth/ping`);
  const profileFile = PROFILE_DIR ? path.resolve(PROFILE_DIR, 'gateway') : undefined;
  const gatewayProcess = start('gateway', 'src/main.ts', path.join(root, 'services/gateway'), {
    ...(profileFile ? { NODE_OPTIONS: `--import ${PRELOAD}`, BENCH_PROFILE_FILE: profileFile } : {}),
    PORT: String(gatewayPort),
    AUTH_URL: upstream,
    JWKS_URL: `${upstream}/.well-known/jwks.json`,
    RATE_LIMIT_MAX: '1000000000',
    LOG_DIR: logDir,
    LOG_LEVEL: process.env.GATEWAY_LOG_LEVEL ?? 'info',
    NODE_ENV: 'production',
  });
  await waitForOk(`${gateway}/api/version`);

  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`${gateway}/api/auth/ping`, { headers });
  if (check.status !== 200) throw new Error(`gateway answered ${check.status}: ${await check.text()}`);
  // The gateway counts every request of this user in Redis (key prefix `[NAMESPACE:]gateway:`): read the counter after the run.
  const ns = process.env.NAMESPACE;
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', ns ? `${ns}:gateway:` : 'gateway:');
  const counter = `rl:all:u:${USER}`;
  await redis.del(counter);

  const direct = `${upstream}/auth/ping`;
  const through = `${gateway}/api/auth/ping`;
  process.stdout.write(`warming up (${warmupSeconds} s each), then ${seconds} s each at ${connections} connections...\n`);
  await measure(direct, headers, warmupSeconds);
  const warm = await measure(through, headers, warmupSeconds);
  // 1. Throughput: both paths as fast as 50 connections go.
  const d = await measure(direct, headers, seconds);
  if (profileFile) gatewayProcess.child.kill('SIGUSR2');
  const g = await measure(through, headers, seconds);
  const counted = Number(await redis.get(counter));
  redis.disconnect();
  // Optional reference: a plain @fastify/http-proxy (no token check, rate limit, tracing or logs), same upstream.
  let plain: Result | undefined;
  if (process.env.BENCH_BASELINE === '1') {
    const proxy = start('plain proxy', path.join(here, 'plain-proxy.ts'), here, { PORT: String(plainPort), UPSTREAM: upstream });
    await waitForOk(`http://127.0.0.1:${plainPort}/api/auth/ping`);
    await measure(`http://127.0.0.1:${plainPort}/api/auth/ping`, headers, warmupSeconds);
    plain = await measure(`http://127.0.0.1:${plainPort}/api/auth/ping`, headers, seconds);
    await proxy.stop();
  }
  // 2. Latency at the same moderate load on both paths (50 clients with think time), so the difference
  //    is the time the gateway adds to a request rather than queueing behind the slower path.
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 50);
  const dl = await paced(direct, headers, seconds, thinkMs);
  const gl = await paced(through, headers, seconds, thinkMs);

  const ratio = g.rps / d.rps;
  // The profile is written as the gateway exits.
  if (profileFile) await gatewayProcess.stop();
  const profile = profileFile
    ? [`gateway CPU while measured (self time by package, built-ins counted for their callers): ${profileByPlace(`${profileFile}.cpuprofile`).slice(0, 12).map(([place, share]) => `${place} ${Math.round(share * 100)}%`).join(', ')}`]
    : [];
  process.stdout.write(
    [
      '',
      `gateway benchmark: GET /auth/ping, ${connections} connections, ${seconds} s per run, token check and rate limit on, ${os.cpus().length} CPUs`,
      'throughput (as fast as possible):',
      row('direct', d),
      row('through gateway', g),
      ...(plain ? [row('plain http-proxy', plain)] : []),
      `  ratio (gateway / direct): ${ratio.toFixed(2)}x   (target >= 0.30x)${plain ? `; plain http-proxy / direct: ${(plain.rps / d.rps).toFixed(2)}x` : ''}`,
      `  p99 added at saturation: ${g.p99 - d.p99} ms (queueing: at ${connections} connections latency is connections / throughput)`,
      `latency at moderate load (${connections} clients, ${thinkMs} ms think time; about ${Math.round(gl.rps)} req/s):`,
      row('direct', dl),
      row('through gateway', gl),
      `  added latency: p50 ${(gl.p50 - dl.p50).toFixed(1)} ms, p99 ${(gl.p99 - dl.p99).toFixed(1)} ms   (target p99 <= 5 ms)`,
      `rate-limit counter of the benchmark user in Redis: ${counted} (requests sent through the gateway: ${g.total + warm.total})`,
      ...profile,
      '',
    ].join('\n'),
  );
  fs.rmSync(logDir, { recursive: true, force: true });
}

run(main);
