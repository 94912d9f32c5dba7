/** What every benchmark does: its sizes, free ports, child processes, waiting for them, autocannon runs. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { namespacedProcessEnv, startTestProcess, type TestProcess } from '@planner/service-kit/testing';

export { freePort } from '@planner/service-kit/testing';

/**
 * BENCH_SMOKE=1: the benchmark's smoke run, part of `npm test` (bench/test/smoke.test.ts): its sizes
 * and durations scaled down so that it starts, runs and prints its figures within seconds. The
 * figures of a smoke run mean nothing, and its targets are not judged.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/** A size or duration: the variable `name` when set, else the smoke run's value or the full run's. */
export function setting(name: string, full: number, inSmoke: number): number {
  const given = process.env[name];
  return given === undefined || given === '' ? (smoke ? inSmoke : full) : Number(given);
}

/**
 * The environment of the services a benchmark starts as processes, in production mode as deployed:
 * organizations then wants its key for platform tokens, and posts, one process here, keeps media in
 * a folder of the run's (removed with the logs) that it declares shared, as production asks of a
 * MEDIA_DIR without S3_BUCKET.
 */
export async function productionEnv(options: { namespace: string; logDir: string; authPort: number }): Promise<Record<string, string>> {
  return {
    ...(await namespacedProcessEnv({ ...options, nodeEnv: 'production' })),
    CONNECTION_TOKEN_KEY: randomBytes(32).toString('base64'),
    MEDIA_DIR: path.join(options.logDir, 'media'),
    MEDIA_DIR_SHARED: 'true',
  };
}

const children: TestProcess[] = [];
/** Processes the benchmark kills on purpose: their end does not fail it. */
const crashed = new WeakSet<TestProcess>();
let stopping = false;

/** Runs a TypeScript entry point with tsx; if it dies during the run, the benchmark fails with its output. */
export function start(name: string, script: string, cwd: string, env: Record<string, string>): TestProcess {
  const started = startTestProcess(script, { cwd, env, keepChars: 4000 });
  started.child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && !stopping && !crashed.has(started)) {
      process.stderr.write(`${name} exited (${code ?? signal}):\n${started.output()}\n`);
      // The others would outlive the benchmark otherwise.
      void stopAll();
      process.exit(1);
    }
  });
  children.push(started);
  return started;
}

/** kill -9, as a crash (nothing flushed or closed); the benchmark goes on without it. */
export async function crash(started: TestProcess): Promise<void> {
  crashed.add(started);
  await started.kill();
}

/** Stops every process started; resolves once they have exited. */
export async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all(children.map((child) => child.stop()));
}

process.on('SIGINT', () => {
  void stopAll();
  process.exit(130);
});

export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Result {
  total: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/** autocannon as fast as `connections` go, for `duration` seconds. */
export async function measure(url: string, { connections, duration, headers = {}, method = 'GET', body }: LoadOptions): Promise<Result> {
  const result = await autocannon({ url, connections, duration, headers, method, body, pipelining: 1 });
  return {
    total: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function row(label: string, r: Result): string {
  return `  ${label.padEnd(16)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
}

/** Runs a benchmark's main, stopping its children however it ends. */
export function run(main: () => Promise<void>): void {
  main()
    .then(() => {
      void stopAll();
      process.exit(0);
    })
    .catch((error) => {
      process.stderr.write(`benchmark failed: ${(error as Error).stack ?? error}\n`);
      void stopAll();
      process.exit(1);
    });
}

export interface Percentiles {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

/**
 * Each request timed on its own (autocannon reports no p95): `requests` GETs
 * of `url`, `concurrency` at a time, over keep-alive connections.
 */
export async function percentiles(url: string, { requests, concurrency, headers = {} }: { requests: number; concurrency: number; headers?: Record<string, string> }): Promise<Percentiles> {
  const times: number[] = [];
  let non2xx = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status < 200 || response.status >= 300) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { requests: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), non2xx };
}
