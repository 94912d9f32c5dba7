import { randomUUID } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { EVENT_VERSIONS, eventSchemas, type EventEnvelope } from '@planner/contracts';
import type { Logger } from '../logger.js';
import { injectTraceHeaders } from '../tracing.js';
import { EVENT_RETENTION_MS, type EventBus } from '../bus.js';
import { RowDrain } from '../row-drain.js';
import { InboxEvent } from './inbox-event.entity.js';
import { OutboxEvent } from './outbox-event.entity.js';

/** Published outbox rows are kept a day, for inspection, then pruned. */
const PUBLISHED_KEPT_MS = 24 * 3600_000;
const PRUNE_INTERVAL_MS = 3600_000;
/** How long the relay waits before it LISTENs again on a new connection after losing one. */
const LISTEN_RETRY_MS = 1000;

type SchemaMap = Record<string, z.ZodType>;

/** The Postgres channel the relay listens on; NOTIFY is delivered only when the writing transaction commits. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

/**
 * Writes events into the outbox inside the caller's transaction, so the event
 * exists exactly when the state change does. Payloads are checked against
 * their contract before anything is written.
 */
export class Outbox<M extends SchemaMap = typeof eventSchemas> {
  constructor(
    private readonly schemas: M = eventSchemas as unknown as M,
    private readonly versions: Partial<Record<keyof M, number>> = EVENT_VERSIONS as Partial<Record<keyof M, number>>,
  ) {}

  /**
   * `eventId` names the event when the change has its own identity (a
   * newsletter delivery): writing the same change twice then fails on the
   * outbox's key, and a copy published twice is dropped by msgID and inboxes.
   */
  async add<S extends keyof M & string>(
    manager: EntityManager,
    subject: S,
    data: z.input<M[S]>,
    { eventId = randomUUID() }: { eventId?: string } = {},
  ): Promise<EventEnvelope<z.infer<M[S]>>> {
    const [envelope] = await this.addMany(manager, subject, [data], { eventIds: [eventId] });
    return envelope!;
  }

  /** Several events of one subject in one insert (a batch of changes recorded together). */
  async addMany<S extends keyof M & string>(
    manager: EntityManager,
    subject: S,
    data: ReadonlyArray<z.input<M[S]>>,
    { eventIds }: { eventIds?: readonly string[] } = {},
  ): Promise<Array<EventEnvelope<z.infer<M[S]>>>> {
    if (data.length === 0) return [];
    const schema = this.schemas[subject];
    if (!schema) throw new Error(`No contract for event subject ${subject}`);
    const occurredAt = new Date().toISOString();
    const envelopes = data.map(
      (item, i): EventEnvelope<z.infer<M[S]>> => ({
        eventId: eventIds?.[i] ?? randomUUID(),
        subject,
        occurredAt,
        schemaVersion: this.versions[subject] ?? 1,
        data: schema.parse(item) as z.infer<M[S]>,
      }),
    );
    const headers = injectTraceHeaders({} as Record<string, string>);
    await manager.insert(
      OutboxEvent,
      envelopes.map((envelope) => ({ id: envelope.eventId, subject, envelope: envelope as EventEnvelope<never>, headers })),
    );
    const schemaName = (manager.connection.options as { schema: string }).schema;
    // One wake-up is enough: the relay drains every unpublished row it finds.
    await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(schemaName), envelopes[0]!.eventId]);
    return envelopes;
  }
}

export interface OutboxRelayOptions {
  dataSource: DataSource;
  bus: EventBus;
  logger: Logger;
  /** Fallback poll when no notification arrives (a missed NOTIFY, a crash before publish). */
  pollIntervalMs?: number;
  batchSize?: number;
}

/**
 * Publishes outbox rows in order and marks them sent. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so replicas share the work; a relay that dies after
 * publishing but before marking leaves the row for the next one, whose publish
 * JetStream drops as a duplicate msgID (and consumers' inboxes would drop it too).
 */
export class OutboxRelay {
  private pruneTimer: NodeJS.Timeout | undefined;
  private listener: { release: () => Promise<void> } | undefined;
  private readonly batchSize: number;
  private readonly drain: RowDrain;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 100;
    this.drain = new RowDrain({
      name: 'outbox relay',
      logger: options.logger,
      drainBatch: () => this.publishBatch(),
      batchSize: this.batchSize,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
    });
  }

  /** Starts relaying; a relay already started stays as it is. */
  async start(): Promise<void> {
    if (this.listener) return;
    this.listener = await this.listen();
    this.drain.start();
    this.pruneTimer = setInterval(() => void this.prune().catch((error) => this.options.logger.warn({ err: error }, 'outbox prune failed')), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  /**
   * Deletes what is no longer needed: outbox rows published a day ago, and
   * inbox rows older than the streams keep events (no redelivery can reach them).
   */
  async prune(now: Date = new Date()): Promise<{ outbox: number; inbox: number }> {
    const { dataSource } = this.options;
    const outbox = await dataSource
      .createQueryBuilder()
      .delete()
      .from(OutboxEvent)
      .where('published_at < :before', { before: new Date(now.getTime() - PUBLISHED_KEPT_MS) })
      .execute();
    const inbox = await dataSource
      .createQueryBuilder()
      .delete()
      .from(InboxEvent)
      .where('handled_at < :before', { before: new Date(now.getTime() - EVENT_RETENTION_MS - PUBLISHED_KEPT_MS) })
      .execute();
    return { outbox: outbox.affected ?? 0, inbox: inbox.affected ?? 0 };
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.drain.stop();
    // Idempotent: a second stop (e.g. test cleanup, then disconnectInfrastructure) must not release the connection twice.
    const listener = this.listener;
    this.listener = undefined;
    await listener?.release();
  }

  /** Publishes everything pending now; resolves when the outbox is empty or the bus fails. */
  async flush(): Promise<void> {
    await this.drain.flush();
  }

  /**
   * Publishes a batch at once, in its order (its messages go out in one
   * write, their acks come back together: one round trip, not one per
   * event), then marks what went out in one statement, and each failed row's
   * attempt, before committing: a failure is kept for the next round, and
   * what was published is not sent again. A failed one thus goes out after
   * those behind it, as events of relays working at once may interleave.
   */
  private async publishBatch(): Promise<number> {
    const { dataSource, bus } = this.options;
    const { taken, failure } = await dataSource.transaction(async (manager) => {
      const rows = await manager
        .getRepository(OutboxEvent)
        .createQueryBuilder('e')
        .where('e.published_at IS NULL')
        .orderBy('e.created_at', 'ASC')
        .limit(this.batchSize)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      try {
        // Each stream known first (a stream's first use asks the server): the publishes below then leave in the rows' order.
        for (const subject of new Set(rows.map((row) => row.subject))) await bus.ensureStream(subject);
      } catch (error) {
        if (rows[0]) await manager.update(OutboxEvent, { id: rows[0].id }, { attempts: rows[0].attempts + 1, lastError: String(error) });
        return { taken: rows.length, failure: { error } };
      }
      const outcomes = await Promise.allSettled(rows.map((row) => bus.publish(row.envelope, row.headers)));
      const published = rows.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((row) => row.id);
      // The failed rows by error: in an outage all fail alike, and their attempts are one statement.
      const failedByError = new Map<string, string[]>();
      let failure: { error: unknown } | undefined;
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') continue;
        failure ??= { error: outcome.reason };
        const message = String(outcome.reason);
        failedByError.set(message, [...(failedByError.get(message) ?? []), rows[i]!.id]);
      }
      for (const [lastError, ids] of failedByError) await manager.update(OutboxEvent, { id: In(ids) }, { attempts: () => 'attempts + 1', lastError });
      if (published.length > 0) await manager.update(OutboxEvent, { id: In(published) }, { publishedAt: () => 'now()' });
      return { taken: rows.length, failure };
    });
    // The failed wait for the next round.
    if (failure) throw failure.error;
    return taken;
  }

  /**
   * A dedicated connection LISTENing for commits that wrote outbox rows. Postgres may end it (a
   * restart, a failover): a client taken from the pool has no error listener, and its 'error'
   * would end the process. It is replaced instead, a second later until that works; meanwhile
   * the drain's poll finds the rows.
   */
  private async listen(): Promise<{ release: () => Promise<void> }> {
    const driver = this.options.dataSource.driver as unknown as {
      obtainMasterConnection(): Promise<[PgClient, (error?: Error) => void]>;
    };
    const schema = (this.options.dataSource.options as { schema: string }).schema;
    const onNotify = () => this.drain.kick();
    let current: { client: PgClient; done: (error?: Error) => void } | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;

    const again = () => {
      if (stopped) return;
      retry = setTimeout(() => {
        connect().catch((error: unknown) => {
          this.options.logger.warn({ err: error }, 'outbox relay could not LISTEN again; retrying');
          again();
        });
      }, LISTEN_RETRY_MS);
    };
    const connect = async () => {
      const [client, release] = await driver.obtainMasterConnection();
      let released = false;
      /** Back to the pool once (with an error, the pool discards it); its later errors are the same end reported again. */
      const done = (error?: Error) => {
        if (released) return;
        released = true;
        client.off('notification', onNotify);
        release(error);
      };
      client.on('error', (error) => {
        if (released) return;
        this.options.logger.warn({ err: error }, 'outbox relay lost its LISTEN connection; listening again');
        if (current?.client === client) current = undefined;
        done(error);
        again();
      });
      client.on('notification', onNotify);
      try {
        await client.query(`LISTEN "${outboxChannel(schema)}"`);
      } catch (error) {
        done(error as Error);
        throw error;
      }
      if (stopped) return done();
      current = { client, done };
      // Rows committed while nothing listened.
      this.drain.kick();
    };

    await connect();
    return {
      release: async () => {
        stopped = true;
        clearTimeout(retry);
        const listening = current;
        current = undefined;
        if (!listening) return;
        await listening.client.query(`UNLISTEN "${outboxChannel(schema)}"`).catch(() => undefined);
        listening.done();
      },
    };
  }
}

interface PgClient {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  off(event: 'notification', listener: () => void): void;
}
