/**
 * What metrics cost the gateway (issue 20): the same proxied request through
 * two gateways, one with metrics on and one with METRICS=off, measured in
 * turns so that both see the same machine.
 *
 *   npx tsx bench/gateway/metrics.ts          (or: npm run bench:gateway:metrics -w bench)
 *
 * Starts the benchmark's upstream (GET /auth/ping) and both gateways (real
 * Redis and NATS, token check and rate limit on) as processes; then, for
 * BENCH_ROUNDS (5) rounds, loads each for BENCH_SECONDS (5) with
 * BENCH_CONNECTIONS (50) connections as fast as they go, reading the gateway
 * process's CPU time (/proc/<pid>/stat) before and after. Prints the median
 * CPU time per request and requests/s of each, and their difference. CPU time
 * per request is the steadier figure on a shared machine: throughput also
 * moves with whatever else runs. It also times the kit's record of one
 * request (what metrics add to each) in this process, alone. BENCH_SMOKE=1
 * (`npm test`): one round of 1 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { baseConfigSchema, createLogger, createServiceMetrics } from '@planner/service-kit';
import { createTestKeys, metricValue, scrapeMetrics } from '@planner/service-kit/testing';
import { freePort, run, setting, start, waitForOk } from '../lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const rounds = setting('BENCH_ROUNDS', 5, 1);
const seconds = setting('BENCH_SECONDS', 5, 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/** User and system CPU time a process has used so far, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface Round {
  requests: number;
  cpuMicrosPerRequest: number;
  rps: number;
}

async function round(url: string, pid: number, headers: Record<string, string>): Promise<Round> {
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  const used = cpuSeconds(pid) - before;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requests: result.requests.total, cpuMicrosPerRequest: (used * 1e6) / result.requests.total, rps: result.requests.total / seconds };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU time of the kit's record of one proxied request, in µs: the median of 5 runs of 200,000. */
async function recordCost(): Promise<number> {
  const metrics = await createServiceMetrics('bench', baseConfigSchema.parse({}), createLogger({ service: 'bench', level: 'warn' }));
  const recorder = metrics.requests;
  const routes = ['/api/auth/*', '/api/posts/*', '/api/scheduler/*'];
  const run = (n: number) => {
    const started = process.cpuUsage();
    for (let i = 0; i < n; i++) recorder.record({ method: 'GET', route: routes[i % 3]!, statusCode: 200, seconds: (i % 100) / 1000, upstream: 'auth' });
    const used = process.cpuUsage(started);
    return (used.user + used.system) / n;
  };
  run(200_000);
  const cost = median(Array.from({ length: 5 }, () => run(200_000)));
  await metrics.shutdown();
  return cost;
}

async function main(): Promise<void> {
  const keys = await createTestKeys('bench-key');
  const headers = { authorization: `Bearer ${await keys.sign({ sub: '00000000-0000-4000-8000-0000000000be', role: 'pro' }, { expiresIn: '1h' })}` };
  const [upstreamPort, onPort, offPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-metrics-logs-'));
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  start('upstream', path.join(here, 'upstream.ts'), here, { PORT: String(upstreamPort), BENCH_JWKS: JSON.stringify(keys.jwks), LOG_LEVEL: 'warn' });
  await waitForOk(`${upstream}/auth/ping`);

  const gatewayEnv = { AUTH_URL: upstream, JWKS_URL: `${upstream}/.well-known/jwks.json`, RATE_LIMIT_MAX: '1000000000', LOG_DIR: logDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const gateways = [
    { label: 'metrics on', port: onPort, env: { METRICS: 'on' } },
    { label: 'METRICS=off', port: offPort, env: { METRICS: 'off' } },
  ].map(({ label, port, env }) => {
    const started = start(`gateway (${label})`, 'src/main.ts', path.join(root, 'services/gateway'), { ...gatewayEnv, ...env, PORT: String(port) });
    return { label, url: `http://127.0.0.1:${port}/api/auth/ping`, base: `http://127.0.0.1:${port}`, pid: started.child.pid!, rounds: [] as Round[] };
  });
  for (const gateway of gateways) await waitForOk(`${gateway.base}/api/version`);

  process.stdout.write(`warming up, then ${rounds} rounds of ${seconds} s through each gateway in turn, ${connections} connections...\n`);
  const warmup = await Promise.all(gateways.map((gateway) => round(gateway.url, gateway.pid, headers).then((r) => r.requests)));
  for (let i = 0; i < rounds; i++) {
    // Each round starts with the other gateway, so neither always follows the other.
    for (const gateway of i % 2 === 0 ? gateways : [...gateways].reverse()) gateway.rounds.push(await round(gateway.url, gateway.pid, headers));
  }

  // The one with metrics on counted every request it proxied.
  const counted = metricValue(await scrapeMetrics(gateways[0]!.base), 'http_server_requests_total', { route: '/api/auth/*', upstream: 'auth' });
  const recordMicros = await recordCost();
  const [on, off] = gateways.map((gateway) => ({
    label: gateway.label,
    cpu: median(gateway.rounds.map((r) => r.cpuMicrosPerRequest)),
    rps: median(gateway.rounds.map((r) => r.rps)),
    all: gateway.rounds.map((r) => `${r.cpuMicrosPerRequest.toFixed(0)} µs / ${r.rps.toFixed(0)} req/s`).join(', '),
  }));
  process.stdout.write(
    [
      '',
      `gateway metrics overhead: GET /api/auth/ping proxied, ${connections} connections, ${rounds} rounds of ${seconds} s each, medians, ${os.cpus().length} CPUs`,
      ...[on!, off!].map((g) => `  ${g.label.padEnd(12)} gateway CPU ${g.cpu.toFixed(1).padStart(6)} µs/request   ${g.rps.toFixed(0).padStart(6)} req/s   (rounds: ${g.all})`),
      `  metrics cost: ${(on!.cpu - off!.cpu).toFixed(1)} µs of gateway CPU per request (${(((on!.cpu - off!.cpu) / off!.cpu) * 100).toFixed(1)} %); throughput ${(((on!.rps - off!.rps) / off!.rps) * 100).toFixed(1)} %`,
      `  requests counted by the gateway with metrics on: ${counted} (answered within the runs: ${warmup[0]! + gateways[0]!.rounds.reduce((sum, r) => sum + r.requests, 0)}, plus up to ${connections} in flight as each run ended)`,
      `  the kit's record of one request, timed alone: ${recordMicros.toFixed(2)} µs of CPU (${((recordMicros / off!.cpu) * 100).toFixed(1)} % of the gateway's CPU per request with metrics off)`,
      '',
    ].join('\n'),
  );
  fs.rmSync(logDir, { recursive: true, force: true });
}

run(main);
