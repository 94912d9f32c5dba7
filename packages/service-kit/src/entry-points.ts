import type { EntityManager } from 'typeorm';
import {
  requestSchemas,
  responderOf,
  SharedMessages,
  type EventData,
  type EventEnvelope,
  type EventSubject,
  type ParsedRequestOf,
  type ReplyOf,
  type RequestOf,
  type RequestSubject,
} from '@planner/contracts';
import { RequestFailedError, type EventBus } from './bus.js';
import { badRequest, HttpError } from './errors.js';
import type { Logger } from './logger.js';
import type { App } from './server.js';
import { refuseUnstorableText } from './storable-text.js';
import { handleEachInItsTrace, type DeliveredEvent } from './outbox/delivered-event.js';
import type { BaseServiceContext, ServiceContext } from './runtime.js';

/** Ends what a job started; called once at shutdown, after the HTTP server has closed. */
export type Stop = () => Promise<void> | void;

/** Routes: a Fastify plugin given the service's context. */
export type RoutePlugin<X> = (app: App, options: { ctx: X }) => Promise<void>;

/**
 * What a service runs, as one list its main and its tests both start: HTTP
 * routes, event consumers, request responders and background jobs. Each is
 * thin; the work is in the service's commands.
 */
export type EntryPoint<X> =
  | { kind: 'routes'; name: string; plugin: RoutePlugin<X> }
  | { kind: 'consumer'; name: string; start: (ctx: X) => Promise<void> }
  | { kind: 'responder'; name: string; start: (ctx: X) => void }
  | { kind: 'job'; name: string; start: (ctx: X) => Promise<Stop | void> };

/** HTTP routes. */
export function routes<X extends BaseServiceContext>(plugin: RoutePlugin<X>): EntryPoint<X> {
  return { kind: 'routes', name: plugin.name || 'routes', plugin };
}

export interface ConsumedEvent<S extends EventSubject, X> {
  ctx: X;
  /** The transaction the inbox row commits in: write through it, and add outbox events to it. */
  manager: EntityManager;
  envelope: EventEnvelope<EventData<S>>;
}

/** A consumer entry point on the kit's inbox: its batches' new events go to `handleBatch`, in the order they came. */
function inboxConsumer<S extends EventSubject, X extends ServiceContext>(
  subject: S,
  { durable, maxBatch }: { durable?: string; maxBatch?: number },
  handleBatch: (events: ReadonlyArray<DeliveredEvent<unknown>>, manager: EntityManager, ctx: X) => Promise<void>,
): EntryPoint<X> {
  return {
    kind: 'consumer',
    name: subject,
    start: async (ctx) => {
      // The inbox needs the data layer; a service without a database has no consumers to load it for.
      const { consumeBatchWithInbox } = await import('./outbox/inbox.js');
      await consumeBatchWithInbox({
        bus: ctx.bus,
        dataSource: ctx.dataSource,
        logger: ctx.logger,
        consumer: durable ?? ctx.name,
        subject,
        maxBatch,
        handleBatch: (events, manager) => handleBatch(events, manager, ctx),
      });
    },
  };
}

/**
 * An event consumer with exactly-once effect: the payload checked against the
 * contract, the handler run in a transaction with the inbox row (a second
 * delivery of the event is acknowledged without running it again). The
 * durable consumer is the service's, unless `durable` names another;
 * `maxBatch` handles events that arrive together in one transaction (see
 * `consumeWithInbox`).
 */
export function consume<S extends EventSubject, X extends ServiceContext = ServiceContext>(
  subject: S,
  handle: (data: EventData<S>, event: ConsumedEvent<S, X>) => Promise<void>,
  options: { durable?: string; maxBatch?: number } = {},
): EntryPoint<X> {
  return inboxConsumer<S, X>(subject, options, (events, manager, ctx) =>
    handleEachInItsTrace(events as ReadonlyArray<DeliveredEvent<EventData<S>>>, (envelope) => handle(envelope.data, { ctx, manager, envelope })),
  );
}

export interface ConsumedBatch<X> {
  ctx: X;
  /** The transaction the inbox rows commit in. */
  manager: EntityManager;
}

/**
 * `consume` for a handler of several events at once: those that arrive
 * together (up to `maxBatch`, default 50) and were not handled before, in the
 * order they came, in one transaction with their inbox rows; a failed batch
 * is handled again event by event. For set-based writes (one statement for a
 * batch) on a subject that comes in bursts.
 */
export function consumeBatch<S extends EventSubject, X extends ServiceContext = ServiceContext>(
  subject: S,
  handle: (events: ReadonlyArray<{ data: EventData<S>; envelope: EventEnvelope<EventData<S>> }>, batch: ConsumedBatch<X>) => Promise<void>,
  { durable, maxBatch = 50 }: { durable?: string; maxBatch?: number } = {},
): EntryPoint<X> {
  return inboxConsumer<S, X>(subject, { durable, maxBatch }, (events, manager, ctx) =>
    handle(
      events.map(({ envelope }) => ({ data: envelope.data as EventData<S>, envelope: envelope as EventEnvelope<EventData<S>> })),
      { ctx, manager },
    ),
  );
}

/**
 * Answers a request subject (one replica per request): the request is checked
 * against its contract (400 with the first problem's words otherwise), and so
 * is the reply before it leaves (a reply that breaks the contract is a bug,
 * answered as a failure and logged).
 */
export function respond<S extends RequestSubject, X extends BaseServiceContext = ServiceContext>(
  subject: S,
  handle: (request: ParsedRequestOf<S>, ctx: X) => Promise<ReplyOf<S>>,
): EntryPoint<X> {
  const replySchema = requestSchemas[subject].reply;
  return {
    kind: 'responder',
    name: subject,
    start: (ctx) =>
      ctx.bus.reply(subject, ctx.name, async (payload) => {
        const reply = replySchema.safeParse(await handle(checkedRequest(subject, payload ?? {}), ctx));
        if (!reply.success) {
          ctx.logger.error({ subject, issues: reply.error.issues }, 'reply breaks its contract; not sent');
          throw new Error(`reply to ${subject} breaks its contract`);
        }
        return reply.data;
      }),
  };
}

/**
 * A request as its contract reads it; one outside the contract, or carrying
 * text Postgres cannot store (as an HTTP request may not), is a 400 in the
 * first problem's words. Asker and responder both check.
 */
function checkedRequest<S extends RequestSubject>(subject: S, payload: unknown): ParsedRequestOf<S> {
  const request = requestSchemas[subject].request.safeParse(payload);
  if (!request.success) throw badRequest(request.error.issues[0]?.message ?? SharedMessages.badRequest);
  refuseUnstorableText(request.data);
  return request.data as ParsedRequestOf<S>;
}

/** A background job: `start` runs once the app is built, and what it returns stops it at shutdown. */
export function job<X extends BaseServiceContext = ServiceContext>(name: string, start: (ctx: X) => Promise<Stop | void>): EntryPoint<X> {
  return { kind: 'job', name, start };
}

/** A service did not answer: 503 in the spec's words, naming the part in `unavailable`. */
export class PartUnavailableError extends HttpError {
  constructor(readonly part: string) {
    super(503, SharedMessages.serviceUnavailable, { unavailable: [part] });
    this.name = 'PartUnavailableError';
  }
}

/**
 * Asks another service. The request is checked against its contract before it
 * goes, the reply after it comes; no answer in time (or a reply that breaks the
 * contract) is a PartUnavailableError naming the service. A refusal the other
 * service meant for the user (an HttpError: 404, 403…) comes through as it is.
 */
export async function ask<S extends RequestSubject>(
  ctx: { bus: EventBus; logger: Logger },
  subject: S,
  payload: RequestOf<S>,
  { timeoutMs = 3000 }: { timeoutMs?: number } = {},
): Promise<ReplyOf<S>> {
  const request = checkedRequest(subject, payload);
  let answer: unknown;
  try {
    answer = await ctx.bus.request(subject, request, timeoutMs);
  } catch (error) {
    if (!(error instanceof RequestFailedError)) throw error;
    ctx.logger.warn({ err: error, subject }, `${responderOf(subject)} did not answer`);
    throw new PartUnavailableError(responderOf(subject));
  }
  const reply = requestSchemas[subject].reply.safeParse(answer);
  if (!reply.success) {
    ctx.logger.error({ subject, issues: reply.error.issues }, `${responderOf(subject)} answered outside the contract`);
    throw new PartUnavailableError(responderOf(subject));
  }
  return reply.data as ReplyOf<S>;
}
