/**
 * Images run compiled JavaScript (issue 14.7): `tsc -b` emits each workspace to dist/, and
 * `node --conditions=compiled dist/main.js` resolves every @planner/* package to its dist/ too
 * (the "compiled" export condition; without it the exports name the TypeScript source, for tsx
 * and vitest). Here the content service — entities with decorators, migrations as classes,
 * sanitize-html — is built, started as the Dockerfile starts it, without tsx, in production
 * mode, and must answer /health with its migrations applied.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiled, freePort, namespacedProcessEnv, removeNamespace, testId, testInfrastructure, waitFor } from '@planner/service-kit/testing';
import { parseDockerfile } from './support/dockerfile.js';
import { readYamlDocuments, repoPath, repoRoot } from './support/repo.js';
import { rehearseServiceImage, startFromImage, type ImageProcess } from './support/image.js';

const SERVICE = 'content';
const namespace = testId('compiled');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-compiled-'));
const serviceDir = repoPath('services', SERVICE);
let child: ChildProcess | undefined;
let output = '';
let port: number;

/** The Dockerfile's CMD (`["node", "--conditions=compiled", "dist/main.js"]`), run from the service's folder as there. */
const CMD = parseDockerfile()
  .stages.find((stage) => stage.name === 'service')
  ?.instructions.filter((i) => i.keyword === 'CMD')
  .at(-1)?.args;
const [NODE, ...COMMAND] = JSON.parse(CMD ?? '[]') as string[];

/** The migration Job's command for this service (k8s/overlays/prod/migrations/job.yaml), run in the image's working directory. */
const JOB_COMMAND = (readYamlDocuments('k8s/overlays/prod/migrations/job.yaml') as Array<{ spec: { template: { spec: { containers: Array<{ name: string; command: string[] }> } } } }>)[0]!
  .spec.template.spec.containers.find((c) => c.name === SERVICE)?.command;

async function appliedMigrations(): Promise<string[]> {
  const db = new pg.Client({ connectionString: (await testInfrastructure()).databaseUrl });
  await db.connect();
  try {
    return (await db.query<{ name: string }>(`SELECT name FROM "${namespace}_${SERVICE}".migrations ORDER BY id`)).rows.map((r) => r.name);
  } finally {
    await db.end();
  }
}

beforeAll(() => {
  // Every package and service, as the Dockerfile's build stage compiles them (one tsc -b for both describes).
  buildCompiled('tsconfig.build.json', repoRoot);
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    const timer = setTimeout(() => child!.kill('SIGKILL'), 10_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  }
  await removeNamespace(namespace);
  fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('a compiled service', () => {
  it("runs the image's command: node and a compiled entry point", () => {
    expect(NODE).toBe('node');
    expect(COMMAND.at(-1)).toBe('dist/main.js');
  });

  it('emits dist/main.js and the packages it imports to their dist/', () => {
    for (const file of [`services/${SERVICE}/dist/main.js`, 'packages/service-kit/dist/index.js', 'packages/contracts/dist/index.js']) {
      expect(fs.existsSync(repoPath(file)), file).toBe(true);
    }
  });

  it("runs the migration Job's command: the compiled dist/migrate.js applies the schema's migrations and exits 0", async () => {
    const [node, ...args] = JOB_COMMAND ?? [];
    expect(node).toBe('node');
    const { NODE_OPTIONS: _nodeOptions, ...parentEnv } = process.env;
    const env = { ...parentEnv, ...(await namespacedProcessEnv({ namespace, logDir, authPort: await freePort(), nodeEnv: 'production' })) };
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, args, { cwd: serviceDir, env, timeout: 60_000 }, (error, out, err) => (error ? reject(new Error(`${error.message}\n${out}${err}`)) : resolve(out))),
    );
    expect(stdout).toContain(`schema ${namespace}_${SERVICE} is migrated`);
    expect(await appliedMigrations()).toEqual(expect.arrayContaining(['CreateOutboxAndInbox1763700000000', 'BlogAndNewsletter1763700006100']));
  }, 90_000);

  it('starts with node alone (no tsx) in production mode and answers /health with its migrations applied', async () => {
    port = await freePort();
    const env = {
      ...(await namespacedProcessEnv({ namespace, logDir, authPort: await freePort(), nodeEnv: 'production' })),
      PORT: String(port),
      NEWSLETTER_SIGNING_KEY: randomBytes(32).toString('hex'),
    };
    // Only what the image has: no tsx loader from the test runner's environment.
    const { NODE_OPTIONS: _nodeOptions, ...parentEnv } = process.env;
    child = spawn(process.execPath, COMMAND, { cwd: serviceDir, env: { ...parentEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);

    const health = await waitFor(
      async () => {
        if (child!.exitCode !== null) throw new Error(`dist/main.js exited (${child!.exitCode}):\n${output}`);
        return fetch(`http://127.0.0.1:${port}/health`).then(
          async (res) => ({ status: res.status, body: (await res.json()) as { status?: string; service?: string } }),
          () => ({ status: 0, body: {} }),
        );
      },
      (answer) => answer.status === 200,
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    expect(health.body).toMatchObject({ status: 'ok', service: SERVICE });

    // The kit's outbox/inbox migration and the service's own, loaded as compiled classes.
    expect(await appliedMigrations()).toEqual(expect.arrayContaining(['CreateOutboxAndInbox1763700000000', 'BlogAndNewsletter1763700006100']));
  }, 90_000);
});

describe("a service image's contents, rehearsed without Docker", () => {
  // The Dockerfile's prod-deps stage (its own npm ci, on the manifests stage's files) and the service stage's
  // compiled dist/ of every package and service, in a folder: what each image holds, and nothing more.
  let image: Awaited<ReturnType<typeof rehearseServiceImage>>;
  const running: ImageProcess[] = [];
  const imageNamespace = testId('image');

  beforeAll(async () => {
    image = await rehearseServiceImage();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(running.map((process) => process.stop()));
    await removeNamespace(imageNamespace);
    if (image) fs.rmSync(image.root, { recursive: true, force: true });
  }, 60_000);

  it('holds production dependencies only: no TypeScript, tsx, vitest or frontend build tools', () => {
    for (const tool of ['typescript', 'tsx', 'vitest', 'vite', 'playwright-core']) expect(fs.existsSync(path.join(image.root, 'node_modules', tool)), tool).toBe(false);
    console.log(`service image contents: node_modules ${image.sizes.nodeModulesMb} MB, compiled packages and services ${image.sizes.distMb} MB`);
  });

  it('starts every service from it in production mode with production settings, each answering /health', async () => {
    running.push(...(await startFromImage(image, imageNamespace, logDir)));
    expect(running.map((process) => [process.service, process.health.status])).toEqual(running.map((process) => [process.service, 'ok']));
    expect(running.map((process) => process.service).sort()).toEqual(['auth', 'billing', 'content', 'gateway', 'notifications', 'organizations', 'posts', 'scheduler']);
  }, 180_000);
});
