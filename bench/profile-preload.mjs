/**
 * Loaded into a service process by the scheduler and gateway benchmarks
 * when BENCH_CPU_PROFILE is set (NODE_OPTIONS=--import, as node refuses
 * --cpu-prof there): SIGUSR2 starts V8's CPU profiler and an event-loop
 * delay histogram, and on exit both are written to BENCH_PROFILE_FILE
 * (`.cpuprofile`, and `.loop.json` beside it).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_PROFILE_FILE;
const session = new Session();
const RESOLUTION_MS = 10;
const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
let started = false;

process.on('SIGUSR2', () => {
  if (started) return;
  started = true;
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  loop.enable();
});

// An in-process session answers synchronously, so the profile is written before the process ends.
process.on('exit', () => {
  if (!started || !file) return;
  loop.disable();
  // The histogram holds the timer's whole wait; the delay is what exceeds its interval.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  fs.writeFileSync(`${file}.loop.json`, JSON.stringify({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) }));
  session.post('Profiler.stop', (error, result) => {
    if (!error) fs.writeFileSync(`${file}.cpuprofile`, JSON.stringify(result.profile));
  });
});
