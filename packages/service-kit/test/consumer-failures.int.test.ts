import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy, nanos, type JetStreamManager } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@planner/contracts';
import type { BaseConfig } from '../src/index.js';
import { createTestContext, waitFor, type TestServiceContext } from '../src/testing/index.js';

let ctx: TestServiceContext<BaseConfig>;
let jsm: JetStreamManager;
const subject = 'kit.thing.happened';

beforeAll(async () => {
  ctx = await createTestContext({ name: 'consumer-failures' });
  jsm = await ctx.bus.connection.jetstreamManager();
});

afterAll(async () => {
  await ctx?.cleanup();
});

function envelope(data: unknown, on = subject): EventEnvelope {
  return { eventId: randomUUID(), subject: on, occurredAt: new Date().toISOString(), schemaVersion: 1, data };
}

/** Waits until a consumer holds nothing more: every message delivered and settled (acked, or terminated). */
async function settled(durable: string, on = subject): Promise<void> {
  await waitFor(
    () => jsm.consumers.info(ctx.bus.streamFor(on), ctx.bus.consumerName(durable, on)),
    (info) => info.num_pending === 0 && info.num_ack_pending === 0,
  );
}

describe('a durable consumer on the server', () => {
  it('gets changed settings when it exists already, keeping its position', async () => {
    const on = 'kit.settings.changed';
    const durable = 'updated';
    const stream = await ctx.bus.ensureStream(on);
    const name = ctx.bus.consumerName(durable, on);
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: ctx.bus.wireSubject(on),
      ack_wait: nanos(10_000),
      max_deliver: 10,
      backoff: [nanos(1_000), nanos(2_000)],
    });
    const first = envelope({ n: 1 }, on);
    const second = envelope({ n: 2 }, on);
    await ctx.bus.publish(first);
    await ctx.bus.publish(second);
    // The consumer with the old settings has handled the first event.
    const old = await ctx.bus.connection.jetstream().consumers.get(stream, name);
    const taken = await old.next({ expires: 5_000 });
    expect(taken?.json<EventEnvelope>().eventId).toBe(first.eventId);
    await taken!.ackAck();

    const handled: string[] = [];
    await ctx.bus.consume({ durable, subject: on, handle: async ({ eventId }) => void handled.push(eventId) });

    const { config } = await jsm.consumers.info(stream, name);
    expect(config).toMatchObject({ ack_wait: nanos(30_000), max_deliver: -1, filter_subject: ctx.bus.wireSubject(on) });
    expect(config.backoff ?? []).toEqual([]);
    await settled(durable, on);
    expect(handled).toEqual([second.eventId]);
  });

  it('is re-created and consumed again when it is deleted under a running consumption', async () => {
    const on = 'kit.consumer.deleted';
    const durable = 'resilient';
    const handled: string[] = [];
    await ctx.bus.consume({ durable, subject: on, handle: async ({ eventId }) => void handled.push(eventId) });
    const warnings = vi.spyOn(ctx.logger, 'warn');
    const stream = ctx.bus.streamFor(on);
    const name = ctx.bus.consumerName(durable, on);
    const before = envelope({ n: 1 }, on);
    await ctx.bus.publish(before);
    await waitFor(() => handled, (ids) => ids.includes(before.eventId));

    await jsm.consumers.delete(stream, name);
    await waitFor(
      () => warnings.mock.calls,
      (calls) => calls.some(([fields]) => (fields as { consumer?: string }).consumer === durable),
    );
    const after = envelope({ n: 2 }, on);
    await ctx.bus.publish(after);
    await waitFor(() => handled, (ids) => ids.includes(after.eventId));
    await settled(durable, on);

    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ consumer: durable, subject: on, stream, reason: expect.stringMatching(/^consumer_deleted/) }),
      'durable consumer stopped receiving; restarting it',
    );
    expect(handled.filter((id) => id === after.eventId)).toHaveLength(1);
  });
});
