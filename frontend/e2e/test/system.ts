import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@planner/contracts';
import { freePort, namespacedProcessEnv, removeNamespace, testId } from '@planner/service-kit/testing';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** Builds the shell and the remotes that have no dist/ yet (as `npm start` does). */
export function ensureFrontendBuilt(): string {
  const remotes = fs.readdirSync(path.join(repoRoot, 'frontend', 'remotes')).map((name) => `frontend/remotes/${name}`);
  for (const workspace of ['frontend/shell', ...remotes]) {
    if (fs.existsSync(path.join(repoRoot, workspace, 'dist'))) continue;
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`${workspace} did not build`);
  }
  return path.join(repoRoot, 'frontend', 'shell', 'dist');
}

export interface RunningSystem {
  url: string;
  mailDir: string;
  stop: () => Promise<void>;
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The seven services and the gateway (serving the built frontend) as real
 * processes on the test infrastructure, in a namespace of their own; mails land
 * as .eml files in `mailDir` (the notifications sandbox).
 */
export async function startSystem(env: Record<string, string> = {}): Promise<RunningSystem> {
  const frontendDist = ensureFrontendBuilt();
  const namespace = testId('e2e');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-logs-'));
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-mail-'));
  const ports = Object.fromEntries(await Promise.all(['gateway', ...SERVICE_NAMES].map(async (n) => [n, await freePort()] as const)));
  const url = `http://127.0.0.1:${ports.gateway}`;
  const common = { ...(await namespacedProcessEnv({ namespace, logDir, authPort: ports.auth!, nodeEnv: 'development' })), APP_URL: url, MAIL_DIR: mailDir };
  const children: ChildProcess[] = [];
  const output = new Map<string, string>();
  const start = (name: string, own: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(repoRoot, 'services', name),
      env: { ...process.env, ...common, ...own },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => output.set(name, ((output.get(name) ?? '') + chunk.toString()).slice(-3000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.push(child);
  };
  for (const name of SERVICE_NAMES) start(name, { PORT: String(ports[name]) });
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [`${n.toUpperCase()}_URL`, `http://127.0.0.1:${ports[n]}`]));
  start('gateway', { ...upstreams, ...env, PORT: String(ports.gateway), FRONTEND_DIST: frontendDist, CORS_ORIGINS: url });

  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    await removeNamespace(namespace);
    fs.rmSync(logDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const health = await fetch(`${url}/api/health`);
      if (health.status === 200) return { url, mailDir, stop };
      last = `${health.status} ${await health.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the system did not become healthy: ${last}\n${[...output].map(([n, t]) => `--- ${n}\n${t.slice(-600)}`).join('\n')}`);
}

/** A link to `page` (verify-email, reset-password) in a mail to `email` in the sandbox mail folder (quoted-printable undone). */
export function mailedLink(mailDir: string, email: string, page: 'verify-email' | 'reset-password'): string | null {
  const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  const pattern = new RegExp(`https?://[^\\s"'<>]+/${page}\\?token=[A-Za-z0-9_-]+`);
  for (const file of files) {
    const text = fs.readFileSync(path.join(mailDir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    if (!text.includes(email)) continue;
    const link = text.match(pattern);
    if (link) return link[0];
  }
  return null;
}
