import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy, nanos, type JetStreamManager } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@planner/contracts';
import { healthReport, type BaseConfig, type ParkedMessage } from '../src/index.js';
import { consumeWithInbox } from '../src/data.js';
import { createTestContext, waitFor, type TestServiceContext } from '../src/testing/index.js';
import { testEventSchemas } from './fixtures/test-events.js';

let ctx: TestServiceContext<BaseConfig>;
let jsm: JetStreamManager;
const subject = 'kit.thing.happened';

beforeAll(async () => {
  ctx = await createTestContext({ name: 'consumer-failures' });
  jsm = await ctx.bus.connection.jetstreamManager();
  await ctx.dataSource.query(`CREATE TABLE effects (event_id uuid NOT NULL)`);
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

/** The last message a consumer parked for a subject, as the parked stream keeps it. */
async function lastParked(durable: string, on: string): Promise<ParkedMessage> {
  const stored = await jsm.streams.getMessage(ctx.bus.streamFor('parked'), { last_by_subj: ctx.bus.wireSubject(`parked.${durable}.${on}`) });
  return stored.json<ParkedMessage>();
}

const effects = async (): Promise<string[]> =>
  ((await ctx.dataSource.query(`SELECT event_id FROM effects`)) as Array<{ event_id: string }>).map((row) => row.event_id);

describe('a consumer whose handler keeps failing', () => {
  it('parks the poison event after its deliveries, goes on with the next ones, and handles it once when replayed after the fix', async () => {
    const attempts = new Map<string, number>();
    let fixed = false;
    await consumeWithInbox({
      bus: ctx.bus,
      dataSource: ctx.dataSource,
      logger: ctx.logger,
      consumer: 'poisoned',
      subject,
      schemas: testEventSchemas,
      maxDeliveries: 3,
      retryDelaysMs: [20, 50],
      handle: async ({ n }, { eventId }, manager) => {
        attempts.set(eventId, (attempts.get(eventId) ?? 0) + 1);
        if (n === 13 && !fixed) throw new Error('13 cannot be handled yet');
        await manager.query(`INSERT INTO effects (event_id) VALUES ($1)`, [eventId]);
      },
    });
    // Another service's consumer of the subject: the replay is not meant for it.
    const bystander: string[] = [];
    await ctx.bus.consume({ durable: 'bystander', subject, handle: async ({ eventId }) => void bystander.push(eventId) });
    const errors = vi.spyOn(ctx.logger, 'error');

    const poison = envelope({ n: 13 });
    const next = envelope({ n: 1 });
    await ctx.bus.publish(poison);
    await ctx.bus.publish(next);
    await waitFor(() => ctx.bus.parkedCount(), (count) => count === 1);
    const later = envelope({ n: 2 });
    await ctx.bus.publish(later);
    await settled('poisoned');
    await settled('bystander');

    expect(attempts.get(poison.eventId)).toBe(3);
    expect((await effects()).sort()).toEqual([next.eventId, later.eventId].sort());
    expect(await lastParked('poisoned', subject)).toMatchObject({
      consumer: 'poisoned',
      subject,
      stream: ctx.bus.streamFor(subject),
      deliveries: 3,
      error: '13 cannot be handled yet',
      envelope: poison,
    });
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: '13 cannot be handled yet' }), subject, eventId: poison.eventId, consumer: 'poisoned' }),
      'event parked: its consumer gave up on it',
    );
    expect((await healthReport('kit', ctx.health)).checks.nats).toMatchObject({ status: 'up', details: { parked: 1 } });

    fixed = true;
    expect(await ctx.bus.replayParked({ consumer: 'poisoned' })).toEqual({ replayed: 1, kept: 0 });
    await waitFor(effects, (ids) => ids.includes(poison.eventId));
    await settled('poisoned');
    await settled('bystander');
    expect((await effects()).filter((id) => id === poison.eventId)).toHaveLength(1);
    expect(attempts.get(poison.eventId)).toBe(4);
    expect(bystander.filter((id) => id === poison.eventId)).toHaveLength(1); // the original only
    expect(await ctx.bus.parkedCount()).toBe(0);
  });

  it('parks a malformed envelope at its first delivery, and keeps it parked through a replay', async () => {
    const on = 'kit.other.happened';
    const handled: string[] = [];
    await ctx.bus.consume({ durable: 'strict', subject: on, handle: async ({ eventId }) => void handled.push(eventId) });
    const parkedBefore = await ctx.bus.parkedCount();

    ctx.bus.connection.publish(ctx.bus.wireSubject(on), new TextEncoder().encode('not an envelope'));
    await waitFor(() => ctx.bus.parkedCount(), (count) => count === parkedBefore + 1);
    await settled('strict', on);

    const parked = await lastParked('strict', on);
    expect(parked).toMatchObject({ consumer: 'strict', subject: on, deliveries: 1, error: 'malformed event envelope', payload: 'not an envelope' });
    expect(parked.envelope).toBeUndefined();
    expect(handled).toEqual([]);
    expect(await ctx.bus.replayParked({ consumer: 'strict' })).toEqual({ replayed: 0, kept: 1 });
    expect(await ctx.bus.parkedCount()).toBe(parkedBefore + 1);
  });
});

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
    await ctx.bus.consume({ durable, subject: on, maxDeliveries: 4, handle: async ({ eventId }) => void handled.push(eventId) });

    const { config } = await jsm.consumers.info(stream, name);
    expect(config).toMatchObject({ ack_wait: nanos(30_000), max_deliver: 5, filter_subject: ctx.bus.wireSubject(on) });
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
