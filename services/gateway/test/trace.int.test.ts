import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, startTracing, stopTracing, traceIdOf, type App } from '@planner/service-kit';
import { consumeWithInbox } from '@planner/service-kit/data';
import { bearer, createTestContext, loopbackUrl, type TestServiceContext } from '@planner/service-kit/testing';
import { startGateway, waitFor, type TestGateway } from './helpers.js';

/**
 * Issue 2, "Must show": one trace id across gateway → service → NATS consumer.
 * The service's handler writes an outbox event in its transaction; the relay
 * publishes it with the trace context; a consumer records the trace it runs in.
 */
let ctx: TestServiceContext<never>;
let service: App;
let gateway: TestGateway;
const inHandler = new Map<string, string | undefined>();
const inConsumer = new Map<string, string | undefined>();

beforeAll(async () => {
  await startTracing({ serviceName: 'gateway-trace-test' });
  ctx = await createTestContext({ name: 'trace' });
  service = await createServer({ name: 'auth', logger: ctx.logger, verifier: ctx.verifier });
  service.post('/auth/verify-demo', async (request) => {
    const userId = randomUUID();
    inHandler.set(userId, traceIdOf());
    await ctx.dataSource.transaction((manager) =>
      ctx.outbox.add(manager, 'auth.user.verified', { userId, email: `${userId.slice(0, 8)}@example.com` }),
    );
    return { userId, caller: request.identity?.userId ?? null };
  });
  await service.listen({ port: 0, host: '127.0.0.1' });
  await consumeWithInbox({
    bus: ctx.bus,
    dataSource: ctx.dataSource,
    logger: ctx.logger,
    consumer: 'trace-test',
    subject: 'auth.user.verified',
    handle: async (data) => {
      inConsumer.set(data.userId, traceIdOf());
    },
  });
  await ctx.relay.start();
  gateway = await startGateway({ keys: ctx.keys, upstreams: { auth: loopbackUrl(service) } });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
  await ctx?.cleanup();
  await stopTracing();
});

describe('trace context', () => {
  it('carries one trace id from the gateway through the service into the NATS consumer', async () => {
    const token = await ctx.keys.sign({ sub: '00000000-0000-4000-8000-0000000000c1', role: 'pro' });
    const response = await fetch(`${gateway.url}/api/auth/verify-demo`, { method: 'POST', headers: bearer(token) });
    expect(response.status).toBe(200);
    const { userId, caller } = (await response.json()) as { userId: string; caller: string };
    expect(caller).toBe('00000000-0000-4000-8000-0000000000c1');

    const atGateway = response.headers.get('x-trace-id');
    expect(atGateway).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    const atService = inHandler.get(userId);
    const atConsumer = await waitFor(() => inConsumer.get(userId), (id) => id !== undefined);
    expect(atService).toBe(atGateway);
    expect(atConsumer).toBe(atGateway);
  });

  it('starts a new trace per request, and continues a caller’s own traceparent', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${gateway.url}/api/auth/verify-demo`, {
      method: 'POST',
      headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    });
    const { userId } = (await response.json()) as { userId: string };
    expect(response.headers.get('x-trace-id')).toBe(callerTrace);
    expect(inHandler.get(userId)).toBe(callerTrace);
    expect(await waitFor(() => inConsumer.get(userId), (id) => id !== undefined)).toBe(callerTrace);
  });
});
