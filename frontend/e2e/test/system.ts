import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { removeNamespace, startTestProcess, testId } from '@planner/service-kit/testing';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface RunningSystem {
  url: string;
  mailDir: string;
  stop: () => Promise<void>;
}

/** An offset that moves all eight ports of `npm start` (4001…4007, 8080) onto free ones. */
async function freePortOffset(): Promise<number> {
  const basePorts = [4001, 4002, 4003, 4004, 4005, 4006, 4007, 8080];
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 20_000 + Math.floor(Math.random() * 30_000);
    const taken = await Promise.all(basePorts.map((port) => portTaken(port + offset)));
    if (!taken.some(Boolean)) return offset;
  }
  throw new Error('no free set of ports for npm start');
}

function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * The whole product as `npm start` runs it (scripts/start.mjs: the seven
 * services and the gateway serving the frontend, which it builds when it has
 * no build yet), on ports and in a
 * namespace of its own; mails land as .eml files in `mailDir` (the
 * notifications sandbox). Stopped as a user would, with Ctrl-C (SIGINT).
 */
export async function startSystem(env: Record<string, string> = {}): Promise<RunningSystem> {
  const namespace = testId('e2e');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-logs-'));
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-mail-'));
  const offset = await freePortOffset();
  const url = `http://127.0.0.1:${8080 + offset}`;
  const started = startTestProcess('scripts/start.mjs', {
    cwd: repoRoot,
    env: { NODE_ENV: 'development', NAMESPACE: namespace, PORT_OFFSET: String(offset), LOG_DIR: logDir, MAIL_DIR: mailDir, APP_URL: url, CORS_ORIGINS: url, ...env },
  });
  const stop = async () => {
    started.child.kill('SIGINT');
    await started.exited();
    await removeNamespace(namespace);
    fs.rmSync(logDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    await started.healthy(`${url}/api/health`, 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, mailDir, stop };
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
