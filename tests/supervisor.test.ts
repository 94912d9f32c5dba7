import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '@planner/service-kit/testing';
import { BACKOFF, nextRestart, Supervisor, type SupervisedChild } from '../scripts/lib/supervisor.mjs';

describe('restart back-off', () => {
  it('waits 1 s after a crash, doubling while it keeps crashing, up to 30 s; a stable minute starts over', () => {
    let crashes = 0;
    const waits = [];
    for (let i = 0; i < 7; i++) {
      const next = nextRestart(crashes, 5_000);
      crashes = next.crashes;
      waits.push(next.delayMs);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(nextRestart(crashes, BACKOFF.stableMs)).toEqual({ crashes: 1, delayMs: 1000 });
  });
});

/** A tiny HTTP server that answers its pid: a stand-in for a service, killed -9 as in a drill. */
const SERVER = `require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(Number(process.argv[1]), '127.0.0.1');`;

let supervisor: Supervisor | undefined;

afterEach(() => {
  for (const child of supervisor?.stop() ?? []) child.kill('SIGKILL');
});

describe('the supervisor of npm start', () => {
  it('starts a child that was killed -9 again, saying so, and stops restarting once stopped', async () => {
    const port = await freePort();
    const warnings: string[] = [];
    supervisor = new Supervisor({ log: { warn: (message) => warnings.push(message) } });
    const start = (): SupervisedChild => {
      const child = spawn(process.execPath, ['-e', SERVER, String(port)], { stdio: 'ignore' });
      return Object.assign(child, { closed: new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal }))) });
    };
    const pidAnswering = () => fetch(`http://127.0.0.1:${port}/`).then((r) => r.text(), () => null);

    const first = supervisor.run('organizations.2', start);
    expect(await waitFor(pidAnswering, (pid) => pid !== null)).toBe(String(first.pid));

    process.kill(first.pid!, 'SIGKILL');
    const back = await waitFor(pidAnswering, (pid) => pid !== null && pid !== String(first.pid));
    expect(back).toBe(String(supervisor.current('organizations.2')!.pid));
    expect(warnings).toEqual(['organizations.2 exited (signal SIGKILL), restarting in 1s']);

    const [running] = supervisor.stop();
    running!.kill('SIGTERM');
    await running!.closed;
    await new Promise((resolve) => setTimeout(resolve, BACKOFF.firstMs + 500));
    expect(await pidAnswering()).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
