import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { eventSchemas, type EventEnvelope } from '@planner/contracts';
import { Batcher } from '../batcher.js';
import type { ConsumeOptions, EventBus } from '../bus.js';
import type { Logger } from '../logger.js';
import { context } from '../tracing.js';
import { handleEachInItsTrace, type DeliveredEvent } from './delivered-event.js';
import { InboxEvent } from './inbox-event.entity.js';

export type { DeliveredEvent } from './delivered-event.js';

type SchemaMap = Record<string, z.ZodType>;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

interface InboxOptions<M extends SchemaMap, S extends keyof M & string> extends Pick<ConsumeOptions, 'maxDeliveries' | 'retryDelaysMs'> {
  bus: EventBus;
  dataSource: DataSource;
  logger: Logger;
  /** The consuming service (and purpose): the durable name and the inbox key. */
  consumer: string;
  subject: S;
  /** The contracts' event schemas unless given. */
  schemas?: M;
  /**
   * Events that arrive together are handled in one transaction, up to this
   * many (default 1: a transaction each): one commit for the lot, each event
   * with its inbox row, in the order they came. For handlers that only write
   * through `manager`, on a subject that comes in bursts.
   */
  maxBatch?: number;
}

export interface InboxConsumerOptions<M extends SchemaMap, S extends keyof M & string> extends InboxOptions<M, S> {
  /** Runs in the same transaction as the inbox row: both commit or neither. */
  handle: (data: z.infer<M[S]>, envelope: EventEnvelope<z.infer<M[S]>>, manager: EntityManager) => Promise<void>;
}

export interface InboxBatchConsumerOptions<M extends SchemaMap, S extends keyof M & string> extends InboxOptions<M, S> {
  /**
   * Handles the events of a batch not handled before (each once, in the
   * order they came) together, in the transaction of their inbox rows: a
   * set-based handler writes a batch in a few statements.
   */
  handleBatch: (events: ReadonlyArray<DeliveredEvent<z.infer<M[S]>>>, manager: EntityManager) => Promise<void>;
}

/**
 * Consumes a subject so that each event has its effect once: the handler's
 * writes and the inbox row commit together, and an event id already in the
 * inbox is acknowledged without running the handler again. Batched, a failure
 * rolls the whole batch back, and each of its events is then handled alone,
 * so that only the failing one is retried.
 */
export function consumeWithInbox<M extends SchemaMap = typeof eventSchemas, S extends keyof M & string = keyof M & string>({
  handle,
  ...options
}: InboxConsumerOptions<M, S>): Promise<void> {
  return consumeBatchWithInbox<M, S>({
    ...options,
    handleBatch: (events, manager) => handleEachInItsTrace(events, (envelope) => handle(envelope.data, envelope, manager)),
  });
}

/** `consumeWithInbox` with a handler of the whole batch's new events at once. */
export async function consumeBatchWithInbox<M extends SchemaMap = typeof eventSchemas, S extends keyof M & string = keyof M & string>({
  bus,
  dataSource,
  logger,
  consumer,
  subject,
  handleBatch,
  schemas = eventSchemas as unknown as M,
  maxDeliveries,
  retryDelaysMs,
  maxBatch = 1,
}: InboxBatchConsumerOptions<M, S>): Promise<void> {
  type Payload = z.infer<M[S]>;
  type Delivered = DeliveredEvent<Payload>;

  /** Handles the events not in the inbox yet, each once, in one transaction. */
  const handleTogether = (events: readonly Delivered[]) =>
    dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(InboxEvent)
        .values(events.map(({ envelope }) => ({ consumer, eventId: envelope.eventId, subject })))
        .orIgnore()
        .returning(['eventId'])
        .execute();
      const fresh = new Set((inserted.raw as Array<{ event_id: string }>).map((row) => row.event_id));
      // The same event twice in one batch (a redelivery while the first was handled) is handled once.
      const toHandle = events.filter(({ envelope }) => fresh.delete(envelope.eventId));
      if (toHandle.length < events.length) logger.debug({ subject, eventIds: events.filter((event) => !toHandle.includes(event)).map(({ envelope }) => envelope.eventId) }, 'events already handled');
      if (toHandle.length > 0) await handleBatch(toHandle, manager);
    });

  const batcher =
    maxBatch > 1
      ? new Batcher<Delivered, void>(
          async (events) => {
            try {
              await handleTogether(events);
              return events.map(() => undefined);
            } catch (error) {
              if (events.length === 1) return [asError(error)];
              const outcomes: Array<Error | undefined> = [];
              for (const event of events) outcomes.push(await handleTogether([event]).then(() => undefined, asError));
              return outcomes;
            }
          },
          { maxBatch },
        )
      : undefined;

  await bus.consume({
    durable: consumer,
    subject,
    maxDeliveries,
    retryDelaysMs,
    concurrency: maxBatch,
    handle: async (envelope) => {
      const schema = schemas[subject];
      const data = schema ? schema.safeParse(envelope.data) : { success: true as const, data: envelope.data };
      if (!data.success) {
        // A payload that breaks its contract will not get better by retrying.
        logger.error({ subject, eventId: envelope.eventId, issues: data.error.issues }, 'event payload breaks its contract; skipped');
        return;
      }
      const event: Delivered = { envelope: { ...envelope, data: data.data as Payload }, trace: context.active() };
      await (batcher ? batcher.run(event) : handleTogether([event]));
    },
  });
}
