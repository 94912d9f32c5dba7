import type { EventEnvelope } from '@planner/contracts';
import { context, type Context } from '../tracing.js';

/** An event to handle, with the trace it was consumed in: writes made for it (outbox events) join that trace under `context.with`. */
export interface DeliveredEvent<T> {
  envelope: EventEnvelope<T>;
  trace: Context;
}

/** Handles a batch's events one after another, each in the trace it was consumed in. */
export async function handleEachInItsTrace<T>(events: ReadonlyArray<DeliveredEvent<T>>, handle: (envelope: EventEnvelope<T>) => Promise<void>): Promise<void> {
  for (const { envelope, trace } of events) await context.with(trace, () => handle(envelope));
}
