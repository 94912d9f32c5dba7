/**
 * Other work on the machine, for `BENCH_BACKGROUND_LOAD`: a busy loop on
 * every CPU taking `BENCH_BACKGROUND_SHARE` of each 50 ms, until the bench
 * stops this process.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const share = Number(process.env.BENCH_BACKGROUND_SHARE);
const PERIOD_MS = 50;
const loop = `
  const { workerData: { busyMs, idleMs } } = require('node:worker_threads');
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const started = performance.now();
    while (performance.now() - started < busyMs);
    Atomics.wait(sleeper, 0, 0, idleMs);
  }`;
for (let cpu = 0; cpu < os.cpus().length; cpu++) new Worker(loop, { eval: true, workerData: { busyMs: share * PERIOD_MS, idleMs: (1 - share) * PERIOD_MS } });
