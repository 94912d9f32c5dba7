import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { removeNamespace, startTestProcess, testId, waitFor } from '@planner/service-kit/testing';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface RunningSystem {
  url: string;
  mailDir: string;
  /** LOG_DIR of the run: the services' log files, served by /api/logs. */
  logDir: string;
  stop: () => Promise<void>;
}

/**
 * An offset that moves all eight ports of `npm start` (4001…4007, 8080; or `basePorts`, those of
 * more replicas) onto free ones, below Linux's ephemeral range (32768 up): a port there can be
 * taken by an outgoing connection between this check and the service's listen (seen in CI:
 * EADDRINUSE on notifications' port).
 */
export async function freePortOffset(basePorts: readonly number[] = [4001, 4002, 4003, 4004, 4005, 4006, 4007, 8080]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 10_000 + Math.floor(Math.random() * 14_000);
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
  return { url, mailDir, logDir, stop };
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

/** The security check's token the auth service takes without TURNSTILE_SECRET (the marked test widget). */
export const TEST_TURNSTILE_TOKEN = 'development-test-widget';

/** `method /api{url}` with a JSON body and the bearer `token` if given; its JSON answer, or an error naming the status and body. */
export async function apiCall<T>(system: RunningSystem, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${system.url}/api${url}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A user registered through the API whose e-mail is verified from the mailed link; the registration's answer. */
export async function registerVerified(system: RunningSystem, user: { username: string; email: string; password: string }): Promise<{ user: { id: string } }> {
  const registered = await apiCall<{ user: { id: string } }>(system, 'POST', '/auth/register', { ...user, turnstile_token: TEST_TURNSTILE_TOKEN });
  const link = await waitFor(() => mailedLink(system.mailDir, user.email, 'verify-email'), (l) => l !== null, 30_000);
  await apiCall(system, 'GET', `/auth/verify-email/${new URL(link!).searchParams.get('token')}`);
  return registered;
}

/** A session as POST /auth/login answers it (the test widget's token stands for the security check). */
export function logIn(system: RunningSystem, email: string, password: string) {
  return apiCall<{ access_token: string; user: { id: string; role: string } }>(system, 'POST', '/auth/login', { email, password, turnstile_token: TEST_TURNSTILE_TOKEN });
}

/** A user registered and verified through the API (the mailed link), then logged in; organizations learns of the verification by event. */
export async function verifiedUser(system: RunningSystem, username: string, email: string, password: string) {
  await registerVerified(system, { username, email, password });
  return logIn(system, email, password);
}

/** An organization of the user's, made as soon as organizations lets the verified user create one. */
export async function organizationOf(system: RunningSystem, token: string, name: string): Promise<{ id: string }> {
  const created = await waitFor(() => apiCall<{ id: string }>(system, 'POST', '/organizations', { name }, token).catch(() => null), (o) => o !== null, 15_000);
  return created!;
}

/** Logs in on the login page, as a user does, and waits for the home dashboard. */
export async function logInInBrowser(page: Page, system: RunningSystem, email: string, password: string): Promise<void> {
  await page.goto(`${system.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('I am not a robot').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

/** Lets the page's colour transitions (0.15 s in the shell's stylesheet) end after a theme or size change. */
export function settle(page: Page): Promise<void> {
  return page.waitForTimeout(200);
}

/**
 * `act` on the page in the dark theme, then back to what it showed: the system's theme set to dark
 * (prefers-color-scheme) and, when the user's choice is stored as <html data-theme>, that too
 * (frontend/shell/src/theme/theme.ts), without touching the stored choice.
 */
export async function inDarkTheme<T>(page: Page, act: () => Promise<T>): Promise<T> {
  // Through the <html> element's locator: this module is also typed without the DOM's globals (bench imports it).
  const root = page.locator('html');
  const chosen = await root.evaluate((html) => {
    const before = html.getAttribute('data-theme');
    if (before) html.setAttribute('data-theme', 'dark');
    return before;
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await settle(page);
    return await act();
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    if (chosen) await root.evaluate((html, theme) => html.setAttribute('data-theme', theme), chosen);
    await settle(page);
  }
}

type AxeViolation = { id: string; impact?: string | null; nodes: number; help: string };

/** The page's axe violations as it is now, `theme: `-prefixed, printed when there are any. */
async function violationsIn(page: Page, label: string, theme: 'light' | 'dark'): Promise<AxeViolation[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => ({ id: `${theme}: ${v.id}`, impact: v.impact, nodes: v.nodes.length, help: v.help }));
  if (found.length) console.log(`axe violations on ${label} (${theme} theme)`, JSON.stringify(violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }))));
  return found;
}

/**
 * The page's axe violations of every impact (minor and moderate too) in the light theme and then, on the
 * same page state, in the dark one; printed when there are any: a checked page expects none.
 */
export async function axeViolations(page: Page, label: string): Promise<AxeViolation[]> {
  const light = await violationsIn(page, label, 'light');
  const dark = await inDarkTheme(page, () => violationsIn(page, label, 'dark'));
  return [...light, ...dark];
}
