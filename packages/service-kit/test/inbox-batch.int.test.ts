import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@planner/contracts';
import type { BaseConfig } from '../src/index.js';
import { consumeBatchWithInbox, consumeWithInbox } from '../src/data.js';
import { context, trace, tracer } from '../src/tracing.js';
import { createTestContext, waitFor, type TestServiceContext } from '../src/testing/index.js';
import { recordSpans } from '../src/testing/spans.js';
import { testEventSchemas } from './fixtures/test-events.js';

// Real spans, so that each event's trace id is its own.
await recordSpans('inbox-batch-test');
let ctx: TestServiceContext<BaseConfig>;
const subject = 'kit.burst.happened';

beforeAll(async () => {
  ctx = await createTestContext({ name: 'inbox-batch' });
  await ctx.dataSource.query(`CREATE TABLE effects (seq serial PRIMARY KEY, event_id uuid NOT NULL, n int NOT NULL, tx bigint NOT NULL)`);
});

afterAll(async () => {
  await ctx?.cleanup();
});

const envelope = (n: number): EventEnvelope => ({ eventId: randomUUID(), subject, occurredAt: new Date().toISOString(), schemaVersion: 1, data: { n } });
const effects = (): Promise<Array<{ event_id: string; n: number; tx: string }>> => ctx.dataSource.query(`SELECT event_id, n, tx::text FROM effects ORDER BY seq`);

describe('a consumer that handles a burst of events in batches', () => {
  it('commits events that came together in one transaction, in their order, each once; a failing one is retried alone', async () => {
    // The burst is in the stream before the consumer starts, as a backlog is after a pause.
    const events = Array.from({ length: 40 }, (_, i) => envelope(i));
    for (const event of events) await ctx.bus.publish(event);
    await ctx.bus.publish(events[5]!); // the same event sent twice: handled once
    const attempts = new Map<number, number>();

    await consumeWithInbox({
      bus: ctx.bus,
      dataSource: ctx.dataSource,
      logger: ctx.logger,
      consumer: 'bursty',
      subject,
      schemas: testEventSchemas,
      maxBatch: 25,
      retryDelaysMs: [50],
      handle: async ({ n }, { eventId }, manager) => {
        attempts.set(n, (attempts.get(n) ?? 0) + 1);
        // The first event is slow: the rest of the burst arrives meanwhile and waits for the next batch.
        if (n === 0) await sleep(1000);
        await manager.query(`INSERT INTO effects (event_id, n, tx) VALUES ($1, $2, txid_current())`, [eventId, n]);
        // Fails on its first try, after writing: its batch rolls back, then each of the batch goes alone.
        if (n === 30 && attempts.get(n) === 1) throw new Error('30 fails once');
      },
    });

    const done = await waitFor(effects, (rows) => rows.length === events.length, 20_000);
    expect(done.map((row) => row.event_id)).toEqual(events.map((event) => event.eventId));
    expect(attempts.get(5)).toBe(1);
    // What waited went together: one transaction for many (one each would be 40 transactions).
    const perTransaction = new Map<string, number>();
    for (const row of done) perTransaction.set(row.tx, (perTransaction.get(row.tx) ?? 0) + 1);
    expect(Math.max(...perTransaction.values())).toBeGreaterThanOrEqual(10);
    const handledWith30 = done.filter((row) => row.tx === done.find((r) => r.n === 30)!.tx);
    expect(handledWith30.map((row) => row.n)).toEqual([30]);
    expect(attempts.get(30)).toBe(2);
  });

  it('runs each handler in the trace its event was consumed in', async () => {
    const traces: string[] = [];
    const on = 'kit.burst.happened';
    await consumeWithInbox({
      bus: ctx.bus,
      dataSource: ctx.dataSource,
      logger: ctx.logger,
      consumer: 'traced',
      subject: on,
      schemas: testEventSchemas,
      maxBatch: 25,
      handle: async () => void traces.push(trace.getSpan(context.active())?.spanContext().traceId ?? 'none'),
    });
    const published: string[] = [];
    for (let i = 0; i < 5; i++) {
      const span = tracer().startSpan('publisher');
      published.push(span.spanContext().traceId);
      await context.with(trace.setSpan(context.active(), span), () => ctx.bus.publish(envelope(100 + i)));
      span.end();
    }
    expect(new Set(published).size).toBe(5);
    const seen = await waitFor(() => traces, (ids) => published.every((id) => ids.includes(id)), 20_000);
    expect(seen.slice(-5)).toEqual(published);
  });

  it('gives a batch handler the new events of a burst together, in their order, each once', async () => {
    const on = 'kit.burst.happened';
    const batches: number[][] = [];
    // A consumer of its own reads the subject from the start: the events of the tests above (each n once), then these.
    const events = Array.from({ length: 30 }, (_, i) => envelope(200 + i));
    for (const event of events) await ctx.bus.publish(event);
    await ctx.bus.publish(events[0]!);
    await consumeBatchWithInbox({
      bus: ctx.bus,
      dataSource: ctx.dataSource,
      logger: ctx.logger,
      consumer: 'set-based',
      subject: on,
      schemas: testEventSchemas,
      maxBatch: 50,
      handleBatch: async (batch) => {
        batches.push(batch.map(({ envelope: { data } }) => data.n));
        // The first batch is slow: what arrives meanwhile waits for the next.
        if (batches.length === 1) await sleep(1000);
      },
    });
    const handled = await waitFor(() => batches.flat(), (ns) => ns.includes(229), 20_000);
    expect(new Set(handled).size).toBe(handled.length);
    expect(handled.slice(-events.length)).toEqual(events.map((_, i) => 200 + i));
    expect(batches.length).toBeLessThan(handled.length / 4);
  });
});
