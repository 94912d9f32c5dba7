import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, consume, defineService, HttpError, routes, startService, type RunningService } from '../src/index.js';
import { createTestContext, freePort, metricValue, scrapeMetrics, waitFor, type TestServiceContext } from '../src/testing/index.js';

/** A service with routes that answer, fail and refuse. */
const shop = defineService({
  name: 'shop',
  description: 'A service to measure.',
  configSchema: baseConfigSchema,
  database: {},
  entryPoints: [
    routes(async (app) => {
      app.get('/items/:id', async (request) => ({ id: (request.params as { id: string }).id }));
      app.post('/items/:id/break', async () => {
        throw new Error('broken on purpose');
      });
      app.get('/private', async () => {
        throw new HttpError(403, 'Not yours');
      });
    }),
  ],
});

async function started(env: Record<string, string> = {}): Promise<{ ctx: TestServiceContext; service: RunningService<TestServiceContext> }> {
  const ctx = await createTestContext({ name: 'shop', env });
  return { ctx, service: await startService(shop, ctx) };
}

describe('request metrics and GET /metrics on the service port', () => {
  let ctx: TestServiceContext;
  let service: RunningService<TestServiceContext>;

  beforeAll(async () => {
    ({ ctx, service } = await started());
  });

  afterAll(async () => {
    await service?.stop();
    await ctx?.cleanup();
  });

  it('counts and times each request by method, route pattern and status class, never by its URL', async () => {
    const { app } = service;
    for (const id of ['1', '2', '3']) expect((await app.inject({ method: 'GET', url: `/items/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/items/9/break' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/private' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/no/such/thing' })).statusCode).toBe(404);

    const samples = await scrapeMetrics(app);
    const item = { method: 'GET', route: '/items/:id', status_class: '2xx' };
    expect(metricValue(samples, 'http_server_requests_total', item)).toBe(3);
    expect(metricValue(samples, 'http_server_request_duration_seconds_count', item)).toBe(3);
    expect(metricValue(samples, 'http_server_request_duration_seconds_sum', item)).toBeGreaterThan(0);
    expect(metricValue(samples, 'http_server_request_duration_seconds_bucket', { ...item, le: '+Inf' })).toBe(3);
    // Only 5xx answers are errors; a refusal is a 4xx request.
    expect(metricValue(samples, 'http_server_errors_total', { route: '/items/:id/break', status_class: '5xx' })).toBe(1);
    expect(metricValue(samples, 'http_server_errors_total', { route: '/private' })).toBeUndefined();
    expect(metricValue(samples, 'http_server_requests_total', { route: '/private', status_class: '4xx' })).toBe(1);
    // Whatever URL matched no route, one series.
    expect(metricValue(samples, 'http_server_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(samples.some((sample) => Object.values(sample.labels).some((value) => value.startsWith('/items/') && value !== '/items/:id' && value !== '/items/:id/break'))).toBe(false);
    // Every series names its service.
    expect(samples.find((sample) => sample.name === 'http_server_requests_total')?.labels.service_name).toBe('shop');
  });

  it('does not count its own scrapes', async () => {
    await scrapeMetrics(service.app);
    const samples = await scrapeMetrics(service.app);
    expect(metricValue(samples, 'http_server_requests_total', { route: '/metrics' })).toBeUndefined();
  });

  it('reports the outbox lag: an unpublished row raises it, publishing it brings it back to 0', async () => {
    await ctx.relay.stop();
    const before = await scrapeMetrics(service.app);
    expect(metricValue(before, 'outbox_pending_events')).toBe(0);
    expect(metricValue(before, 'outbox_oldest_pending_age_seconds')).toBe(0);

    await ctx.dataSource.transaction((manager) => ctx.outbox.add(manager, 'auth.user.verified', { userId: randomUUID(), email: 'lag@example.com' }));
    // Written five minutes ago, as when the relay has been failing since.
    await ctx.dataSource.query(`UPDATE outbox SET created_at = now() - interval '5 minutes' WHERE published_at IS NULL`);
    const lagging = await scrapeMetrics(service.app);
    expect(metricValue(lagging, 'outbox_pending_events')).toBe(1);
    expect(metricValue(lagging, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(300);

    await ctx.relay.start();
    await ctx.relay.flush();
    const caughtUp = await scrapeMetrics(service.app);
    expect(metricValue(caughtUp, 'outbox_pending_events')).toBe(0);
    expect(metricValue(caughtUp, 'outbox_oldest_pending_age_seconds')).toBe(0);
  });
});

describe('consumer lag', () => {
  let ctx: TestServiceContext;
  let service: RunningService<TestServiceContext>;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let handling = 0;

  /** A consumer whose handler waits until released: what it takes stays unacknowledged, the rest waits in the stream. */
  const slow = defineService({
    name: 'slow',
    description: 'A consumer that falls behind.',
    configSchema: baseConfigSchema,
    database: {},
    entryPoints: [
      consume('auth.user.verified', async () => {
        handling += 1;
        await held;
      }),
    ],
  });

  beforeAll(async () => {
    ctx = await createTestContext({ name: 'slow' });
    service = await startService(slow, ctx);
  });

  afterAll(async () => {
    release();
    await service?.stop();
    await ctx?.cleanup();
  });

  it('reports what each durable consumer has not been given and has not acknowledged', async () => {
    for (let i = 0; i < 3; i++) {
      await ctx.dataSource.transaction((manager) => ctx.outbox.add(manager, 'auth.user.verified', { userId: randomUUID(), email: `slow${i}@example.com` }));
    }
    await ctx.relay.flush();
    await waitFor(() => handling, (n) => n >= 1);
    // One in the handler (unacknowledged); the pull consumer may hold the other two too, or leave them pending.
    const samples = await scrapeMetrics(service.app);
    const consumer = { consumer: 'slow', subject: 'auth.user.verified' };
    const ackPending = metricValue(samples, 'nats_consumer_ack_pending_messages', consumer)!;
    const pending = metricValue(samples, 'nats_consumer_pending_messages', consumer)!;
    expect(ackPending).toBeGreaterThanOrEqual(1);
    expect(ackPending + pending).toBe(3);
  });
});

describe('settings', () => {
  it('METRICS=off: nothing served', async () => {
    const { ctx, service } = await started({ METRICS: 'off' });
    try {
      expect(ctx.metrics.enabled).toBe(false);
      await service.app.inject({ method: 'GET', url: '/items/1' });
      expect((await service.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await service.stop();
      await ctx.cleanup();
    }
  });

  it('METRICS_PORT: GET /metrics on that port alone, until the infrastructure is released', async () => {
    const port = await freePort();
    const { ctx, service } = await started({ METRICS_PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    try {
      await service.app.inject({ method: 'GET', url: '/items/1' });
      expect((await service.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const samples = await scrapeMetrics(url);
      expect(metricValue(samples, 'http_server_requests_total', { route: '/items/:id' })).toBe(1);
      expect((await fetch(`${url}/other`)).status).toBe(404);
    } finally {
      await service.stop();
      await ctx.cleanup();
    }
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });
});
