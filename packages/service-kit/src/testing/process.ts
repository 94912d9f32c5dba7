import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A TypeScript entry point (a service's src/main.ts, a fixture) running as its own process, as in production. */
export interface TestProcess {
  readonly child: ChildProcess;
  /** The end of what it printed (stdout and stderr), for a failure's message. */
  output(): string;
  /** Resolves once it has exited, with its signal (null after a normal exit). */
  exited(): Promise<NodeJS.Signals | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when killed). */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL, as a crash: nothing is flushed or closed. */
  kill(): Promise<void>;
  /** Waits until `url` answers 200; fails with the process's output otherwise. */
  healthy(url: string, timeoutMs?: number): Promise<Response>;
}

/** Tests' processes reach only this machine, as the test runner does, and end with it. */
const SETUP = fileURLToPath(new URL('./process-setup.ts', import.meta.url));
/** The same, as `tsc -b` emits it into the kit's dist/ (from src/testing or dist/testing alike). */
const SETUP_COMPILED = fileURLToPath(new URL('../../dist/testing/process-setup.js', import.meta.url));

/**
 * Builds a workspace and the packages it references to their dist/ as the image does
 * (`tsc -b <tsconfig.build.json>`, relative to `cwd`); throws with tsc's output when it fails.
 */
export function buildCompiled(project: string, cwd: string): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', project], { cwd, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`tsc -b ${project} failed:\n${build.stdout}${build.stderr}`);
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts `script` (relative to `cwd`) with tsx and the current environment plus `env`; with
 * `compiled`, a built script (dist/main.js, see buildCompiled) as the image runs it:
 * `node --conditions=compiled`, no tsx, not even from the runner's NODE_OPTIONS.
 */
export function startTestProcess(
  script: string,
  { cwd, env = {}, keepChars = 8000, compiled = false }: { cwd: string; env?: Record<string, string>; keepChars?: number; compiled?: boolean },
): TestProcess {
  const { NODE_OPTIONS, ...parentEnv } = process.env;
  const [args, inherited] = compiled
    ? [['--conditions=compiled', '--import', SETUP_COMPILED, script], parentEnv]
    : [['--import', 'tsx', '--import', SETUP, script], { ...parentEnv, ...(NODE_OPTIONS === undefined ? {} : { NODE_OPTIONS }) }];
  // stdin: the pipe whose end tells the process its runner is gone (process-setup.ts).
  const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-keepChars));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = () =>
    new Promise<NodeJS.Signals | null>((resolve) => (running(child) ? child.once('exit', (_code, signal) => resolve(signal)) : resolve(child.signalCode)));
  return {
    child,
    output: () => output,
    exited,
    async stop(graceMs = 10_000) {
      if (!running(child)) return child.exitCode;
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited();
      clearTimeout(timer);
      return child.exitCode;
    },
    async kill() {
      if (!running(child)) return;
      child.kill('SIGKILL');
      await exited();
    },
    async healthy(url, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let last = 'no answer';
      while (Date.now() < deadline) {
        if (!running(child)) throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${output}`);
        try {
          const response = await fetch(url);
          if (response.status === 200) return response;
          last = `${response.status} ${await response.text()}`;
        } catch (error) {
          last = (error as Error).message;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last}):\n${output}`);
    },
  };
}
