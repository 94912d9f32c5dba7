import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { eventSchemas, type EventEnvelope } from '@planner/contracts';
import type { ConsumeOptions, EventBus } from '../bus.js';
import type { Logger } from '../logger.js';
import { InboxEvent } from './inbox-event.entity.js';

type SchemaMap = Record<string, z.ZodType>;

export interface InboxConsumerOptions<M extends SchemaMap, S extends keyof M & string> extends Pick<ConsumeOptions, 'maxDeliveries' | 'retryDelaysMs'> {
  bus: EventBus;
  dataSource: DataSource;
  logger: Logger;
  /** The consuming service (and purpose): the durable name and the inbox key. */
  consumer: string;
  subject: S;
  /** Runs in the same transaction as the inbox row: both commit or neither. */
  handle: (data: z.infer<M[S]>, envelope: EventEnvelope<z.infer<M[S]>>, manager: EntityManager) => Promise<void>;
  /** The contracts' event schemas unless given. */
  schemas?: M;
}

/**
 * Consumes a subject so that each event has its effect once: the handler's
 * writes and the inbox row commit together, and an event id already in the
 * inbox is acknowledged without running the handler again.
 */
export async function consumeWithInbox<M extends SchemaMap = typeof eventSchemas, S extends keyof M & string = keyof M & string>({
  bus,
  dataSource,
  logger,
  consumer,
  subject,
  handle,
  schemas = eventSchemas as unknown as M,
  maxDeliveries,
  retryDelaysMs,
}: InboxConsumerOptions<M, S>): Promise<void> {
  await bus.consume({
    durable: consumer,
    subject,
    maxDeliveries,
    retryDelaysMs,
    handle: async (envelope) => {
      const schema = schemas[subject];
      const data = schema ? schema.safeParse(envelope.data) : { success: true as const, data: envelope.data };
      if (!data.success) {
        // A payload that breaks its contract will not get better by retrying.
        logger.error({ subject, eventId: envelope.eventId, issues: data.error.issues }, 'event payload breaks its contract; skipped');
        return;
      }
      await dataSource.transaction(async (manager) => {
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(InboxEvent)
          .values({ consumer, eventId: envelope.eventId, subject })
          .orIgnore()
          .returning(['eventId'])
          .execute();
        if (inserted.raw.length === 0) {
          logger.debug({ subject, eventId: envelope.eventId }, 'event already handled');
          return;
        }
        const payload = data.data as z.infer<M[S]>;
        await handle(payload, { ...envelope, data: payload }, manager);
      });
    },
  });
}
