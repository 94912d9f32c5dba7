/**
 * A service image's file system, made as the Dockerfile makes it but in a folder, for a machine without a
 * Docker engine: the manifests stage's files, the prod-deps stage's own `npm ci` on them, and the compiled
 * dist/ of every package and service (the build stage's output, built beforehand with `tsc -b`).
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@planner/contracts';
import { freePort, namespacedProcessEnv, startTestProcess, type TestProcess } from '@planner/service-kit/testing';
import { parseDockerfile, stageEnv, type Stage } from './dockerfile.js';
import { repoPath } from './repo.js';

export interface RehearsedImage {
  root: string;
  sizes: { nodeModulesMb: number; distMb: number };
}

function stage(name: string): Stage {
  const found = parseDockerfile().stages.find((s) => s.name === name);
  if (!found) throw new Error(`Dockerfile: no stage ${name}`);
  return found;
}

/** The repository's files matching a COPY pattern whose only wildcard is a whole `*` segment or `*.json`. */
function expand(pattern: string, dir = ''): string[] {
  const [head, ...rest] = pattern.split('/');
  if (head === undefined) return [];
  const names = head.includes('*') ? (fs.existsSync(repoPath(dir)) ? fs.readdirSync(repoPath(dir)) : []).filter((name) => new RegExp(`^${head.replace('.', '\\.').replace('*', '[^/]*')}$`).test(name)) : [head];
  return names.flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (!fs.existsSync(repoPath(relative))) return [];
    return rest.length === 0 ? (fs.statSync(repoPath(relative)).isFile() ? [relative] : []) : expand(rest.join('/'), relative);
  });
}

function megabytes(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return Math.round(bytes / 1e5) / 10;
}

export async function rehearseServiceImage(): Promise<RehearsedImage> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-image-'));
  // manifests: `COPY --parents <patterns…> /app/`
  const copy = stage('manifests').instructions.find((i) => i.keyword === 'COPY')!.args.split(/\s+/).filter((arg) => !arg.startsWith('--'));
  for (const file of copy.slice(0, -1).flatMap((pattern) => expand(pattern))) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.copyFileSync(repoPath(file), path.join(root, file));
  }
  // prod-deps: its `npm ci …`, with the stage's environment.
  const prodDeps = stage('prod-deps');
  const install = prodDeps.instructions.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args))!.args;
  const [, ...npmArgs] = install.slice(install.indexOf('npm ci')).split(/\s+/);
  execFileSync('npm', npmArgs, { cwd: root, env: { ...process.env, ...stageEnv(prodDeps) }, stdio: 'pipe' });
  // build: packages/*/dist and services/*/dist.
  const dists = [...expand('packages/*/package.json'), ...expand('services/*/package.json')]
    .map((file) => path.posix.join(path.posix.dirname(file), 'dist'))
    .filter((dist) => fs.existsSync(repoPath(dist)));
  for (const dist of dists) fs.cpSync(repoPath(dist), path.join(root, dist), { recursive: true });
  const distMb = dists.reduce((sum, dist) => sum + megabytes(path.join(root, dist)), 0);
  return { root, sizes: { nodeModulesMb: megabytes(path.join(root, 'node_modules')), distMb: Math.round(distMb * 10) / 10 } };
}

export interface ImageProcess {
  service: string;
  health: { status: string };
  stop(): Promise<unknown>;
}

/** The settings production requires (k8s/secrets/*.env.example), made up for this run. */
function productionSecrets(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    AUTH_SIGNING_KEY: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid: `image-${randomUUID()}` }),
    ADMIN_EMAIL: `admin-${randomUUID().slice(0, 8)}@example.com`,
    ADMIN_PASSWORD: `A1!${randomBytes(12).toString('hex')}`,
    CONNECTION_TOKEN_KEY: randomBytes(32).toString('base64'),
    MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'),
    NEWSLETTER_SIGNING_KEY: randomBytes(32).toString('hex'),
    BOUNCE_SIGNING_KEY: randomBytes(32).toString('hex'),
  };
}

/**
 * Every service and the gateway started from the rehearsed image as the image's CMD starts them (from
 * services/<name>, `node --conditions=compiled dist/main.js`), in production mode, each once its /health answers.
 */
export async function startFromImage(image: RehearsedImage, namespace: string, logDir: string): Promise<ImageProcess[]> {
  const command = JSON.parse(stage('service').instructions.filter((i) => i.keyword === 'CMD').at(-1)!.args) as string[];
  const script = command.at(-1)!;
  const ports = Object.fromEntries(await Promise.all([...SERVICE_NAMES, 'gateway'].map(async (name) => [name, await freePort()] as const))) as Record<string, number>;
  const urlOf = (name: string) => `http://127.0.0.1:${ports[name]}`;
  const data = fs.mkdtempSync(path.join(image.root, 'data-'));
  const env = {
    ...(await namespacedProcessEnv({ namespace, logDir, authPort: ports.auth!, nodeEnv: 'production' })),
    ...productionSecrets(),
    APP_URL: urlOf('gateway'),
    MEDIA_DIR: path.join(data, 'media'),
    MEDIA_DIR_SHARED: 'true',
    MAIL_DIR: path.join(data, 'mail'),
    SANDBOX_FEED_URL: urlOf('scheduler'),
    BOUNCE_SMTP_PORT: String(await freePort()),
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, urlOf(name)])),
  };
  const start = async (name: string): Promise<ImageProcess> => {
    const started: TestProcess = startTestProcess(script, { cwd: path.join(image.root, 'services', name), env: { ...env, PORT: String(ports[name]) }, compiled: true });
    const response = await started.healthy(`${urlOf(name)}/health`, 90_000).catch(async (error: unknown) => {
      await started.stop();
      throw error;
    });
    return { service: name, health: (await response.json()) as { status: string }, stop: () => started.stop() };
  };
  const results = await Promise.allSettled(SERVICE_NAMES.map(start));
  const services = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
  if (failed.length === 0) {
    const gateway = await start('gateway').catch((error: Error) => (failed.push(error), undefined));
    if (gateway) services.push(gateway);
  }
  if (failed.length > 0) {
    await Promise.all(services.map((process) => process.stop()));
    throw new Error(failed.map((error) => error.message).join('\n\n'));
  }
  return services;
}
