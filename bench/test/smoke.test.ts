/**
 * Every benchmark of bench/package.json, run as a user runs it (`npm run bench:… -w bench`) in its
 * smoke mode (BENCH_SMOKE=1: a few posts, a few seconds): it must start, end with exit code 0 and
 * print its figures, so that a benchmark cannot stop working unseen. The figures' values are not
 * judged: a smoke run on a loaded CI machine cannot meet the targets.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const benchDir = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(path.join(benchDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const benchmarks = Object.keys(scripts).filter((name) => name.startsWith('bench:'));

const n = String.raw`-?[\d.]+`;
const row = (label: string) => new RegExp(String.raw`${label}\s+\d+ req/s\s+p50\s+${n} ms\s+p99\s+${n} ms`);

/** Per benchmark: the most it may take in its smoke run, and the lines that carry its figures. */
const SMOKE: Record<string, { limitSeconds: number; figures: RegExp[] }> = {
  'bench:gateway': {
    limitSeconds: 90,
    figures: [row('direct'), row('through gateway'), new RegExp(`ratio \\(gateway / direct\\): ${n}x`), new RegExp(`added latency: p50 ${n} ms, p99 ${n} ms`)],
  },
  'bench:gateway:metrics': {
    limitSeconds: 90,
    figures: [
      new RegExp(`metrics on\\s+gateway CPU\\s+${n} µs/request\\s+${n} req/s`),
      new RegExp(`METRICS=off\\s+gateway CPU\\s+${n} µs/request\\s+${n} req/s`),
      new RegExp(`metrics cost: ${n} µs of gateway CPU per request`),
    ],
  },
  'bench:auth': { limitSeconds: 90, figures: [row(String.raw`POST login \(8c\)`), row(String.raw`GET me \(50c\)`)] },
  'bench:lighthouse': {
    limitSeconds: 240,
    figures: ['mobile', 'desktop'].map((preset) => new RegExp(`${preset}\\s+performance \\d+ \\(runs: \\d+; target >= 90\\)\\s+accessibility \\d+`)),
  },
  'bench:calendar': {
    limitSeconds: 240,
    figures: ['first render \\(month\\)', 'month → week', 'week → month'].map((step) => new RegExp(`${step}\\s+cpu\\s+\\d+ ms\\s+wall\\s+\\d+ ms`)),
  },
  'bench:posts:generation': {
    limitSeconds: 90,
    figures: ['1 client', '8 concurrent clients'].map((label) => new RegExp(`${label}\\s+n=\\d+\\s+p50 ${n} ms\\s+p95 ${n} ms\\s+max ${n} ms`)),
  },
  'bench:posts:review': {
    limitSeconds: 120,
    figures: ['GET /posts\\?status=all', 'GET /organizations/\\{id\\}/statistics'].map((label) => new RegExp(`${label}\\s+p50\\s+${n} ms\\s+p95\\s+${n} ms\\s+p99\\s+${n} ms`)),
  },
  'bench:scheduler': {
    limitSeconds: 180,
    figures: [
      new RegExp(`lateness \\(published_at − due_at\\): p50 ${n} s\\s+p99 ${n} s\\s+max ${n} s`),
      /throughput: \d+ publications\/s/,
      /duplicates: \d+/,
      /lost: \d+/,
      /the product and its servers \d+\.\d ms per publication/,
    ],
  },
  'bench:billing': {
    limitSeconds: 90,
    figures: [new RegExp(`took \\d+ ms \\(\\d+ events/s\\)\\s+latency p50 ${n} ms\\s+p99 ${n} ms`), /each event applied once: yes/],
  },
  'bench:trace': { limitSeconds: 180, figures: [new RegExp(`trace [0-9a-f]{32}: \\d+ spans over ${n} s`), /every step from the request to the publication is in the one trace/] },
  'bench:drills': {
    limitSeconds: 300,
    figures: ['none \\(the load alone\\)', 'kill -9 posts\\.1'].map((fault) => new RegExp(`${fault}\\s+\\d+\\s+\\d+\\*?\\s+\\d+\\s+\\d+\\s+\\d+\\s+\\d+\\s+(-|${n} s|never)`)),
  },
};

/** Runs `npm run <script> -w bench` in smoke mode; interrupted (as Ctrl-C) when it outlasts `limitSeconds`. */
function runSmoke(script: string, limitSeconds: number): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', script, '-w', 'bench'], {
    cwd: path.resolve(benchDir, '..'),
    env: { ...process.env, BENCH_SMOKE: '1' },
    // Its own process group: a benchmark that outlasts its limit is stopped with everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const interrupt = setTimeout(() => {
    output += `\n(smoke test: still running after ${limitSeconds} s, interrupted)\n`;
    process.kill(-child.pid!, 'SIGINT');
    setTimeout(() => running && process.kill(-child.pid!, 'SIGKILL'), 30_000).unref();
  }, limitSeconds * 1000);
  let running = true;
  return new Promise((resolve) =>
    child.once('close', (code) => {
      running = false;
      clearTimeout(interrupt);
      resolve({ code, output });
    }),
  );
}

test('every benchmark in the scripts has a smoke run here', () => {
  expect(benchmarks.sort()).toEqual(Object.keys(SMOKE).sort());
});

for (const script of benchmarks.filter((name) => SMOKE[name])) {
  const { limitSeconds, figures } = SMOKE[script]!;
  test(
    `${script} starts, runs and prints its figures`,
    async () => {
      const { code, output } = await runSmoke(script, limitSeconds);
      const tail = output.slice(-6000);
      expect(code, tail).toBe(0);
      for (const figure of figures) expect(output, tail).toMatch(figure);
    },
    (limitSeconds + 40) * 1000,
  );
}
