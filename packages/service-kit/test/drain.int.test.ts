import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SchedulerRequests } from '@planner/contracts';
import { createLogger, EventBus } from '../src/index.js';
import { freePort, startTestProcess, testId, testInfrastructure, waitFor, type TestProcess } from '../src/testing/index.js';

const kitDir = fileURLToPath(new URL('..', import.meta.url));
const DRAIN_DELAY_MS = 800;

let service: TestProcess | undefined;
let bus: EventBus | undefined;

afterEach(async () => {
  await service?.kill();
  await bus?.close();
  service = bus = undefined;
});

/** The fixture service as its own process (runService, as every main), and a bus in its namespace to ask it. */
async function startDrainer(env: Record<string, string>) {
  const urls = await testInfrastructure();
  const port = await freePort();
  const namespace = testId('drain');
  service = startTestProcess('test/fixtures/draining-service.ts', {
    cwd: kitDir,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      REDIS_URL: urls.redisUrl,
      NATS_URL: urls.natsUrl,
      NAMESPACE: namespace,
      LOG_DIR: mkdtempSync(path.join(tmpdir(), 'drain-')),
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await service.healthy(`${base}/health`);
  bus = await EventBus.connect({ url: urls.natsUrl, name: 'drain-test', namespace, logger: createLogger({ service: 'drain-test', level: 'silent' }) });
  return { base, service, bus };
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
  );

describe('a graceful stop (SIGTERM)', () => {
  it('says draining on /health while still serving, then lets the HTTP request and NATS request under way finish', async () => {
    const { base, service, bus } = await startDrainer({ SLOW_MS: '2000', RESPONDER_MS: '3000', SHUTDOWN_TIMEOUT_MS: '5000' });
    const slow = fetch(`${base}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    const asked = bus.request(SchedulerRequests.count, {}, 5000);
    await new Promise((resolve) => setTimeout(resolve, 200)); // both under way
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');

    const health = await waitFor(
      async () => {
        const response = await fetch(`${base}/health`);
        return { status: response.status, body: (await response.json()) as { status: string } };
      },
      (answer) => answer.status === 503,
    );
    expect(health.body.status).toBe('draining');
    // Still served while the gateway takes it out.
    expect((await fetch(`${base}/ping`)).status).toBe(200);

    // Then it stops accepting connections, before the slow request is done…
    await waitFor(() => refused(`${base}/ping`), Boolean);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_DELAY_MS - 50);
    // …which finishes, as does the request handler under way.
    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    expect(await asked).toEqual({ total_schedules: 1, active_schedules: 0 });
    expect(await service.exited()).toBeNull();
    expect(service.child.exitCode).toBe(0);
  });

  it('closes a request still under way at SHUTDOWN_TIMEOUT_MS and exits', async () => {
    const { base, service } = await startDrainer({ SHUTDOWN_TIMEOUT_MS: '700' });
    const hanging = fetch(`${base}/hang`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    expect(await hanging).toBe('cut');
    await service.exited();
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(DRAIN_DELAY_MS + 700 - 50);
    expect(took).toBeLessThan(DRAIN_DELAY_MS + 700 + 3000);
    expect(service.child.exitCode).toBe(0);
  });
});
