/**
 * Events as their owner would publish them, for tests: the envelope with the
 * subject's schemaVersion from the contracts and data checked against its
 * contract, so a test cannot feed a consumer a payload the contract refuses
 * (a test of a malformed event builds that envelope by hand, on purpose).
 */
import { randomUUID } from 'node:crypto';
import type { PubAck } from 'nats';
import type { z } from 'zod';
import { EVENT_VERSIONS, eventSchemas, type EventData, type EventEnvelope, type EventSubject } from '@planner/contracts';
import type { EventBus } from '../bus.js';

/** What a test gives as an event's data: the contract's input (defaults may be left out). */
export type EventInput<S extends EventSubject> = z.input<(typeof eventSchemas)[S]>;

export interface TestEventOptions {
  /** The event's id (a second publish with it is dropped by JetStream's dedupe and by inboxes); fresh when absent. */
  eventId?: string;
  occurredAt?: string;
}

/** The envelope of a `subject` event with `data`, which must satisfy the subject's contract (it throws otherwise). */
export function testEvent<S extends EventSubject>(subject: S, data: EventInput<S>, options: TestEventOptions = {}): EventEnvelope<EventData<S>> {
  const schema = eventSchemas[subject] as unknown as z.ZodType<EventData<S>, EventInput<S>> | undefined;
  if (!schema) throw new Error(`No contract for event subject ${subject}`);
  return {
    eventId: options.eventId ?? randomUUID(),
    subject,
    occurredAt: options.occurredAt ?? new Date().toISOString(),
    schemaVersion: EVENT_VERSIONS[subject],
    data: schema.parse(data),
  };
}

/** Publishes a `subject` event to the bus as its owner's relay would (msgID = eventId); resolves with its envelope once stored. */
export async function publishEvent<S extends EventSubject>(
  ctx: { bus: EventBus },
  subject: S,
  data: EventInput<S>,
  options: TestEventOptions = {},
): Promise<EventEnvelope<EventData<S>>> {
  const envelope = testEvent(subject, data, options);
  await ctx.bus.publish(envelope);
  return envelope;
}

/**
 * Stores `envelope` in its stream once more, without a msgID: the copy a
 * redelivery past JetStream's dedupe window brings, which only consumers'
 * inboxes can drop. Resolves once the stream has it (with its sequence).
 */
export function publishCopy(ctx: { bus: EventBus }, envelope: EventEnvelope): Promise<PubAck> {
  return ctx.bus.connection.jetstream().publish(ctx.bus.wireSubject(envelope.subject), new TextEncoder().encode(JSON.stringify(envelope)));
}
