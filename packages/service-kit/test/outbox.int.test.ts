import { randomUUID } from 'node:crypto';
import type { BaseConfig } from '../src/index.js';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { In, IsNull, Not } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeWithInbox, InboxEvent, Outbox, OutboxEvent, OutboxRelay, outboxChannel } from '../src/data.js';
import { createTestContext, publishCopy, untilConsumerIdle, waitFor, type TestServiceContext } from '../src/testing/index.js';
import { testEventSchemas } from './fixtures/test-events.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let ctx: TestServiceContext<BaseConfig>;
const outbox = new Outbox(testEventSchemas, {});
const arrivals: string[] = [];


/** Runs the relay fixture in its own process and resolves with how it ended. */
function runDyingRelay(): Promise<{ signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/relay-dies-after-publish.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: (ctx.dataSource.options as { url: string }).url,
        NATS_URL: ctx.config.NATS_URL,
        TEST_SCHEMA: ctx.id,
        TEST_NAMESPACE: ctx.id,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, stdout }));
  });
}

const effects = () => ctx.dataSource.query(`SELECT event_id FROM effects`) as Promise<Array<{ event_id: string }>>;

beforeAll(async () => {
  ctx = await createTestContext({ name: 'outbox' });
  await ctx.dataSource.query(`CREATE TABLE effects (event_id uuid NOT NULL)`);
  // Every copy that reaches the subject, whether or not the inbox lets it through.
  ctx.bus.subscribe('kit.thing.happened', (envelope) => arrivals.push(envelope.eventId));
  await consumeWithInbox({
    bus: ctx.bus,
    dataSource: ctx.dataSource,
    logger: ctx.logger,
    consumer: 'kit-test',
    subject: 'kit.thing.happened',
    schemas: testEventSchemas,
    handle: async (_data, envelope, manager) => {
      // The effect: a row that must exist once per event, however often it arrives.
      await manager.query(`INSERT INTO effects (event_id) VALUES ($1)`, [envelope.eventId]);
    },
  });
});

afterAll(async () => {
  await ctx?.cleanup();
});

describe('outbox and inbox', () => {
  it('delivers an event once in effect when the relay dies between publish and marking it sent', async () => {
    const envelope = await ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 1 }));

    const crashed = await runDyingRelay();
    expect(crashed.signal).toBe('SIGKILL');
    expect(crashed.stdout).toContain(`published ${envelope.eventId}`);
    const row = await ctx.dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: envelope.eventId });
    expect(row.publishedAt).toBeNull(); // the crash came before the mark

    await waitFor(effects, (rows) => rows.length === 1);

    // A fresh relay finds the row still pending and publishes it again: JetStream drops the duplicate msgID.
    const published: Array<{ duplicate: boolean }> = [];
    const publish = ctx.bus.publish.bind(ctx.bus);
    ctx.bus.publish = async (...args) => {
      const result = await publish(...args);
      published.push(result);
      return result;
    };
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger });
    await relay.flush();
    ctx.bus.publish = publish;
    expect(published).toEqual([expect.objectContaining({ duplicate: true })]);
    const marked = await ctx.dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: envelope.eventId });
    expect(marked.publishedAt).toBeInstanceOf(Date);

    // Past JetStream's dedupe window the same event can be stored again (here: published without msgID);
    // the durable consumer gets the second copy and the inbox keeps the effect single.
    await publishCopy(ctx, envelope);
    await waitFor(() => arrivals.filter((id) => id === envelope.eventId).length, (n) => n >= 2);
    const jsm = await ctx.bus.connection.jetstreamManager();
    const stream = ctx.bus.streamFor('kit.thing.happened');
    // Stored: the first publish and the copy without msgID; the relay's second publish was dropped.
    expect((await jsm.streams.info(stream)).state.messages).toBe(2);
    // Both handled (the copy too), so an effect of the copy would be in by now.
    const consumer = await untilConsumerIdle(ctx, { durable: 'kit-test', subject: 'kit.thing.happened' });
    expect(consumer.delivered.stream_seq).toBe(2);
    expect((await effects()).filter((r) => r.event_id === envelope.eventId)).toHaveLength(1);
  });

  it('publishes an event written while no relay runs as soon as a relay starts', async () => {
    const envelope = await ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 2 }));
    // The relay's fallback poll would not come round within this test: after the flush on start, only a NOTIFY moves it.
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger, pollIntervalMs: 10 * 60_000 });
    await relay.start();
    try {
      await waitFor(effects, (rows) => rows.some((r) => r.event_id === envelope.eventId));
      // With the relay running, a commit is published on its NOTIFY, without waiting for a poll.
      const next = await ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 3 }));
      await waitFor(effects, (rows) => rows.some((r) => r.event_id === next.eventId), 3000);
    } finally {
      await relay.stop();
    }
  });

  it('listens again when Postgres ends its LISTEN connection (a restart, a failover), and the process lives on', async () => {
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger, pollIntervalMs: 10 * 60_000 });
    await relay.start();
    try {
      const listening = () =>
        ctx.dataSource.query(`SELECT pid FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${outboxChannel(ctx.id)}"`]) as Promise<Array<{ pid: number }>>;
      const [before] = await waitFor(listening, (rows) => rows.length === 1);
      // What a restart does to every connection: the server ends it (57P01, terminating connection due to administrator command).
      await ctx.dataSource.query('SELECT pg_terminate_backend($1)', [before!.pid]);
      await waitFor(listening, (rows) => rows.length === 1 && rows[0]!.pid !== before!.pid, 5000);
      // The poll would not come round within this test: only a NOTIFY on the new connection moves the relay.
      const next = await ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 7 }));
      await waitFor(effects, (rows) => rows.some((r) => r.event_id === next.eventId), 3000);
    } finally {
      await relay.stop();
    }
  });

  it('writes a batch of events in one insert, each published once, with one wake-up of the relay', async () => {
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger, pollIntervalMs: 10 * 60_000 });
    await relay.start();
    try {
      const envelopes = await ctx.dataSource.transaction((manager) => outbox.addMany(manager, 'kit.thing.happened', [{ n: 6 }, { n: 7 }, { n: 8 }]));
      expect(new Set(envelopes.map((envelope) => envelope.eventId)).size).toBe(3);
      const ids = envelopes.map((envelope) => envelope.eventId);
      await waitFor(effects, (rows) => ids.every((id) => rows.some((r) => r.event_id === id)), 3000);
      expect((await effects()).filter((r) => ids.includes(r.event_id))).toHaveLength(3);
    } finally {
      await relay.stop();
    }
  });

  it('a failed publish holds nothing else back: what went out is marked sent in one go, the failure is kept for the next round', async () => {
    const envelopes = await ctx.dataSource.transaction((manager) => outbox.addMany(manager, 'kit.thing.happened', [{ n: 11 }, { n: 12 }, { n: 13 }]));
    const [first, failing, last] = envelopes.map((envelope) => envelope.eventId) as [string, string, string];
    const publish = ctx.bus.publish.bind(ctx.bus);
    const sent: string[] = [];
    ctx.bus.publish = async (envelope, headers) => {
      if (envelope.eventId === failing) throw new Error('NATS unavailable');
      sent.push(envelope.eventId);
      return publish(envelope, headers);
    };
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger });
    try {
      await relay.flush();
      const rows = new Map((await ctx.dataSource.getRepository(OutboxEvent).findBy({ id: In([first, failing, last]) })).map((row) => [row.id, row]));
      expect(rows.get(first)).toMatchObject({ attempts: 0, publishedAt: expect.any(Date) });
      expect(rows.get(failing)).toMatchObject({ attempts: 1, lastError: 'Error: NATS unavailable', publishedAt: null });
      expect(rows.get(last)).toMatchObject({ attempts: 0, publishedAt: expect.any(Date) });
      expect(sent.filter((id) => envelopes.some((envelope) => envelope.eventId === id))).toEqual([first, last]);
    } finally {
      ctx.bus.publish = publish;
    }
    await relay.flush();
    const marked = await ctx.dataSource.getRepository(OutboxEvent).findBy({ id: In([first, failing, last]), publishedAt: Not(IsNull()) });
    expect(marked).toHaveLength(3);
    await waitFor(effects, (rows) => [first, failing, last].every((id) => rows.some((r) => r.event_id === id)), 3000);
  });

  it('while the bus is down, each round counts an attempt on every row it took, with the error', async () => {
    const envelopes = await ctx.dataSource.transaction((manager) => outbox.addMany(manager, 'kit.thing.happened', [{ n: 21 }, { n: 22 }, { n: 23 }]));
    const ids = envelopes.map((envelope) => envelope.eventId);
    const publish = ctx.bus.publish.bind(ctx.bus);
    ctx.bus.publish = (envelope, headers) => (ids.includes(envelope.eventId) ? Promise.reject(new Error('NATS unavailable')) : publish(envelope, headers));
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger });
    try {
      await relay.flush();
      await relay.flush();
      const rows = await ctx.dataSource.getRepository(OutboxEvent).findBy({ id: In(ids) });
      expect(rows.map(({ attempts, lastError, publishedAt }) => ({ attempts, lastError, publishedAt }))).toEqual(ids.map(() => ({ attempts: 2, lastError: 'Error: NATS unavailable', publishedAt: null })));
    } finally {
      ctx.bus.publish = publish;
    }
    await relay.flush();
    expect(await ctx.dataSource.getRepository(OutboxEvent).countBy({ id: In(ids), publishedAt: Not(IsNull()) })).toBe(3);
  });

  it('writes no event when the business transaction rolls back', async () => {
    const before = await ctx.dataSource.getRepository(OutboxEvent).count();
    await expect(
      ctx.dataSource.transaction(async (manager) => {
        await outbox.add(manager, 'kit.thing.happened', { n: 4 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await ctx.dataSource.getRepository(OutboxEvent).count()).toBe(before);
  });

  it('takes the event id of a change that has its own identity, and refuses the same change twice', async () => {
    const id = randomUUID();
    const envelope = await ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 5 }, { eventId: id }));
    expect(envelope.eventId).toBe(id);
    expect(await ctx.dataSource.getRepository(OutboxEvent).findOneBy({ id })).toMatchObject({ subject: 'kit.thing.happened' });
    await expect(ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 5 }, { eventId: id }))).rejects.toThrow();
  });

  it('refuses a payload that breaks its contract before writing', async () => {
    await expect(
      ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 'one' as never })),
    ).rejects.toThrow();
  });

  it('prunes published outbox rows after a day and inbox rows past the streams’ retention', async () => {
    const relay = new OutboxRelay({ dataSource: ctx.dataSource, bus: ctx.bus, logger: ctx.logger });
    const pending = await ctx.dataSource.transaction((manager) => outbox.add(manager, 'kit.thing.happened', { n: 5 }));
    const publishedBefore = await ctx.dataSource.getRepository(OutboxEvent).countBy({ publishedAt: Not(IsNull()) });
    const inboxBefore = await ctx.dataSource.getRepository(InboxEvent).count();
    expect(publishedBefore).toBeGreaterThan(0);

    expect(await relay.prune(new Date())).toEqual({ outbox: 0, inbox: 0 }); // all fresh
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600_000);
    expect(await relay.prune(inTwoDays)).toEqual({ outbox: publishedBefore, inbox: 0 });
    // The unpublished row stays, however old: it has not gone out yet.
    expect(await ctx.dataSource.getRepository(OutboxEvent).findOneBy({ id: pending.eventId })).not.toBeNull();
    const inNineDays = new Date(Date.now() + 9 * 24 * 3600_000);
    expect((await relay.prune(inNineDays)).inbox).toBe(inboxBefore);
  });
});
