/**
 * Other work on the machine, for `BENCH_BACKGROUND_LOAD`: busy threads, one
 * per CPU, that together take `BENCH_BACKGROUND_SHARE` of the machine's CPU
 * time from start to end, as other work with that demand would, however busy
 * the machine is, until the bench stops this process. The main thread
 * compares the CPU this process has used with its share of the time passed,
 * and lets the threads spin while it is behind.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const share = Number(process.env.BENCH_BACKGROUND_SHARE);
const cpus = os.cpus().length;
const CHECK_MS = 5;
/** 1 while the threads are to spin, 0 while they sleep. */
const spin = new Int32Array(new SharedArrayBuffer(4));
const thread = `
  const { workerData: spin } = require('node:worker_threads');
  for (;;) {
    if (Atomics.load(spin, 0) === 0) Atomics.wait(spin, 0, 0, ${CHECK_MS});
    else for (const started = performance.now(); performance.now() - started < 1; );
  }`;
for (let cpu = 0; cpu < cpus; cpu++) new Worker(thread, { eval: true, workerData: spin });

const startedAt = performance.now();
const cpuAtStart = process.cpuUsage();
setInterval(() => {
  const used = process.cpuUsage(cpuAtStart);
  const usedMs = (used.user + used.system) / 1000;
  const owedMs = share * cpus * (performance.now() - startedAt);
  Atomics.store(spin, 0, usedMs < owedMs ? 1 : 0);
  if (usedMs < owedMs) Atomics.notify(spin, 0);
}, CHECK_MS);
