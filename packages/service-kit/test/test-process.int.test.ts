import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestProcess, waitFor } from '../src/testing/index.js';

const kitDir = fileURLToPath(new URL('..', import.meta.url));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a process a test starts', () => {
  it('ends when the runner that started it dies, however it dies: no service is left holding connections', async () => {
    const runner = startTestProcess('test/fixtures/runner-that-dies.ts', { cwd: kitDir });
    const pid = Number((await waitFor(() => runner.output(), (output) => /child \d+/.test(output), 20_000)).match(/child (\d+)/)![1]);
    expect(await runner.exited()).toBe('SIGKILL');
    expect(await waitFor(() => alive(pid), (running) => !running, 20_000)).toBe(false);
  }, 45_000);

  it('is not kept alive by that watch when it ends on its own', async () => {
    const script = startTestProcess('test/fixtures/ends-on-its-own.ts', { cwd: kitDir });
    expect(await script.exited()).toBeNull();
    expect(script.child.exitCode).toBe(0);
  }, 30_000);
});
