import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  connect,
  ErrorCode,
  headers as natsHeaders,
  JSONCodec,
  nanos,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type ConsumerMessages,
  type JsMsg,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type NatsError,
  type ObjectStore,
  type StreamConfig,
  type StreamInfo,
  type Subscription,
} from 'nats';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { eventEnvelopeSchema, SharedMessages, type EventEnvelope } from '@planner/contracts';
import { DurableConsumer } from './consumer.js';
import { badRequest, HttpError } from './errors.js';
import type { Logger } from './logger.js';
import { ParkedMessages, REPLAY_FOR_HEADER, type ParkedFilter, type ReplayResult } from './parked.js';
import { context, extractContext, injectTraceHeaders, tracer, trace } from './tracing.js';

export type { ParkedFilter, ParkedMessage, ReplayResult } from './parked.js';

const codec = JSONCodec();

/** How long JetStream remembers a msgID: a relay restarting within it cannot publish twice. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;

/** How long a stream keeps events: consumers that were down longer than this miss them. Inboxes are pruned to match. */
export const EVENT_RETENTION_MS = 7 * 24 * 3600_000;

/** How long a transfer's bytes stay when its sender never removes them (it died mid-request): long enough for any upload, then gone. */
const TRANSFER_TTL_MS = 60 * 60_000;

/** A failing event's deliveries, at 0, 1, 6, 21 and 61 s: a minute for what it needs to come back, then it is parked. */
const DEFAULT_MAX_DELIVERIES = 5;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 40_000];

export interface EventBusOptions {
  url: string;
  /** Connection name, shown in the NATS server's monitoring. */
  name: string;
  /** Prefix of every subject and stream: isolates test runs from each other and from dev. */
  namespace?: string;
  logger: Logger;
  /** Copies JetStream keeps of every stream this bus makes: 3 on a three-member cluster. Default NATS_STREAM_REPLICAS, else 1. */
  streamReplicas?: number;
}

/** A stream kept in fewer copies than NATS_STREAM_REPLICAS asks, and why JetStream would not add the others. */
export interface StreamReplicaShortfall {
  stream: string;
  replicas: number;
  wanted: number;
  reason: string;
}

/** NATS_STREAM_REPLICAS: 1 on a single server (development, tests), 3 on a three-member cluster (k8s). */
export function streamReplicasFromEnv(value = process.env.NATS_STREAM_REPLICAS): number {
  const replicas = Number(value || 1);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5) throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5, not "${value}"`);
  return replicas;
}

export interface ConsumeOptions {
  /** Durable consumer name: survives restarts, shared by replicas of a service. */
  durable: string;
  /** Subject without namespace, e.g. `auth.user.registered`. */
  subject: string;
  handle: (envelope: EventEnvelope, delivery: { redelivered: boolean }) => Promise<void>;
  /** Deliveries a failing event gets; when the last one fails too, the event is parked. Default 5. */
  maxDeliveries?: number;
  /** Waits before a failed event comes back: after the nth failure the nth value, after later ones the last. Default 1 s, 5 s, 15 s, 40 s. */
  retryDelaysMs?: number[];
  /** One wait before every redelivery; `retryDelaysMs` takes precedence. */
  retryDelayMs?: number;
  /** How many events `handle` is given at once, in the order they came (default 1: one after another). */
  concurrency?: number;
}

/** How a consumer retries a failing event before parking it. */
interface DeliveryPolicy {
  maxDeliveries: number;
  retryDelaysMs: number[];
}

function deliveryPolicy({ maxDeliveries = DEFAULT_MAX_DELIVERIES, retryDelaysMs, retryDelayMs }: ConsumeOptions): DeliveryPolicy {
  const delays = retryDelaysMs ?? (retryDelayMs === undefined ? DEFAULT_RETRY_DELAYS_MS : [retryDelayMs]);
  if (!Number.isInteger(maxDeliveries) || maxDeliveries < 1) throw new Error(`maxDeliveries must be a positive integer, not ${maxDeliveries}`);
  if (delays.length === 0 || delays.some((ms) => !(ms >= 0))) throw new Error(`retryDelaysMs must be waits of 0 ms or more, not [${delays.join(', ')}]`);
  return { maxDeliveries, retryDelaysMs: delays };
}

/** The wait after a message's nth delivery failed. */
function retryDelay(policy: DeliveryPolicy, deliveries: number): number {
  return policy.retryDelaysMs[Math.min(deliveries, policy.retryDelaysMs.length) - 1]!;
}

export interface PublishResult {
  /** JetStream had already stored this msgID: nothing new was published. */
  duplicate: boolean;
  seq: number;
}

function headersToRecord(h: MsgHdrs | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  for (const [key, values] of h) if (values[0] !== undefined) out[key.toLowerCase()] = values[0];
  return out;
}

/**
 * The NATS JetStream bus: one stream per owning service (`auth.>` → AUTH),
 * publishing with msgID dedupe, durable pull consumers with explicit ack, and
 * core request/reply, with trace context in message headers.
 *
 * A consumer retries a failing event a few times, waiting longer each time;
 * when its last delivery fails too, the event is parked: kept with its error
 * in the PARKED stream (`parked.<consumer>.<subject>`), counted by
 * `parkedCount()` (and the bus's health check) and published again by
 * `replayParked()` once the cause is fixed.
 */
export class EventBus {
  private readonly durableConsumers: Array<{ consumer: DurableConsumer; durable: string; subject: string }> = [];
  private readonly subscriptions: Subscription[] = [];
  /** The queue-group subscriptions of `reply`, and the answers they are working on. */
  private readonly responders: Subscription[] = [];
  private readonly answering = new Set<Promise<void>>();
  /** The ordered consumers of `follow`. */
  private readonly followers: ConsumerMessages[] = [];
  private readonly knownStreams = new Set<string>();
  /** Streams this bus found with fewer copies than NATS_STREAM_REPLICAS and could not raise: shown in /health. */
  private readonly replicaShortfalls = new Map<string, StreamReplicaShortfall>();
  private transferStore: Promise<ObjectStore> | null = null;
  private readonly parked: ParkedMessages;

  private constructor(
    readonly connection: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly namespace: string,
    private readonly logger: Logger,
    private readonly streamReplicas: number,
  ) {
    const parkedStream = this.streamFor('parked');
    this.parked = new ParkedMessages(jsm, js, parkedStream, (subject) => this.wireSubject(subject), () =>
      this.ensureStreamConfig({
        name: parkedStream,
        subjects: [this.wireSubject('parked.>')],
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        // Parked messages wait for someone to replay them.
        max_age: 0,
      }),
    );
  }

  static async connect({ url, name, namespace = '', logger, streamReplicas = streamReplicasFromEnv() }: EventBusOptions): Promise<EventBus> {
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1 });
    const jsm = await connection.jetstreamManager();
    return new EventBus(connection, jsm, connection.jetstream(), namespace, logger, streamReplicas);
  }

  /** The subject as it travels on the wire (namespaced). */
  wireSubject(subject: string): string {
    return this.namespace ? `${this.namespace}.${subject}` : subject;
  }

  /**
   * The subject a request travels on: under `rpc.`, which no stream captures.
   * On the event subject itself, the owning service's stream (`<service>.>`)
   * would answer the request with its publish acknowledgement first.
   */
  private rpcSubject(subject: string): string {
    return this.wireSubject(`rpc.${subject}`);
  }

  /** The stream holding a subject: the owning service's name upper-cased. */
  streamFor(subject: string): string {
    const service = subject.split('.')[0]!.toUpperCase();
    return this.namespace ? `${this.namespace}_${service}`.replaceAll('.', '_') : service;
  }

  /** The name on the server of a durable consumer of a subject. */
  consumerName(durable: string, subject: string): string {
    return `${durable}__${subject.replaceAll('.', '_')}`;
  }

  /** Creates the owning service's stream if it does not exist yet (idempotent, race-tolerant). */
  async ensureStream(subject: string): Promise<string> {
    const stream = this.streamFor(subject);
    const service = subject.split('.')[0]!;
    await this.ensureStreamConfig({
      name: stream,
      subjects: [this.wireSubject(`${service}.>`)],
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      max_age: nanos(EVENT_RETENTION_MS),
    });
    return stream;
  }

  private async ensureStreamConfig(given: Pick<StreamConfig, 'name' | 'subjects' | 'duplicate_window' | 'max_age'>): Promise<void> {
    const config = { ...given, num_replicas: this.streamReplicas };
    const stream = config.name;
    if (this.knownStreams.has(stream)) return;
    let info = await this.jsm.streams.info(stream).catch(() => undefined);
    let refusal: string | undefined;
    if (!info) {
      try {
        info = await this.jsm.streams.add(config);
      } catch (error) {
        // Another replica created it between our two calls.
        info = await this.jsm.streams.info(stream).catch(() => {
          throw error;
        });
      }
    } else if (info.config.max_age !== config.max_age || info.config.num_replicas !== config.num_replicas) {
      // Streams made before a retention or replica change get it too (JetStream copies the data to new replicas).
      try {
        info = await this.jsm.streams.update(stream, { ...info.config, max_age: config.max_age, num_replicas: config.num_replicas });
      } catch (error) {
        // The stream still works as it is; say why it was not changed (e.g. fewer servers than replicas).
        refusal = (error as Error).message;
        this.logger.warn({ err: error, stream, replicas: config.num_replicas }, 'could not update the stream to the configured retention or replicas');
      }
    }
    this.noteCopies(info, refusal);
    this.knownStreams.add(stream);
  }

  /**
   * Keeps in /health a stream held in fewer copies than NATS_STREAM_REPLICAS: losing a server could lose its
   * events. The copies are counted from the servers holding them, since a single server accepts a config
   * of three replicas that it cannot keep.
   */
  private noteCopies(info: StreamInfo, refusal: string | undefined): void {
    const copies = 1 + (info.cluster?.replicas?.length ?? 0);
    if (copies >= this.streamReplicas) {
      this.replicaShortfalls.delete(info.config.name);
      return;
    }
    const reason = refusal ?? `JetStream keeps ${copies} of ${this.streamReplicas} copies`;
    this.replicaShortfalls.set(info.config.name, { stream: info.config.name, replicas: copies, wanted: this.streamReplicas, reason });
    this.logger.warn({ stream: info.config.name, copies, wanted: this.streamReplicas }, 'stream held in fewer copies than NATS_STREAM_REPLICAS');
  }

  /** Publishes an envelope with its event id as msgID, so a second publish of it is dropped by JetStream. */
  async publish(envelope: EventEnvelope, traceHeaders: Record<string, string> = {}): Promise<PublishResult> {
    await this.ensureStream(envelope.subject);
    // A producer span in the trace the event was made in (the outbox row's headers); consumers continue from it.
    const parent = extractContext(traceHeaders);
    const span = tracer().startSpan(`publish ${envelope.subject}`, { kind: SpanKind.PRODUCER }, parent);
    const h = natsHeaders();
    for (const [key, value] of Object.entries(injectTraceHeaders({ ...traceHeaders }, trace.setSpan(parent, span)))) h.set(key, value);
    try {
      const ack = await this.js.publish(this.wireSubject(envelope.subject), codec.encode(envelope), {
        msgID: envelope.eventId,
        headers: h,
      });
      return { duplicate: ack.duplicate, seq: ack.seq };
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * A durable pull consumer with explicit ack (its settings applied to an
   * existing consumer too). A handler that throws gets the event again after
   * the policy's wait, up to `maxDeliveries` times; after that, and at once
   * for a malformed envelope, the message is parked.
   */
  async consume(options: ConsumeOptions): Promise<void> {
    const { durable, subject } = options;
    const policy = deliveryPolicy(options);
    const stream = await this.ensureStream(subject);
    const consumer = new DurableConsumer({
      jsm: this.jsm,
      js: this.js,
      logger: this.logger,
      stream,
      durable,
      subject,
      name: this.consumerName(durable, subject),
      filterSubject: this.wireSubject(subject),
      // One delivery more than the handler gets: it only parks, when the last try ended without an answer
      // (the process died, ack_wait passed) or parking failed; without it JetStream would drop the message.
      maxDeliver: policy.maxDeliveries + 1,
      handleMessage: (msg) => this.handleMessage(msg, options, policy),
      concurrency: options.concurrency,
    });
    await consumer.start();
    this.durableConsumers.push({ consumer, durable, subject });
  }

  private async handleMessage(msg: JsMsg, { durable, subject, handle }: ConsumeOptions, policy: DeliveryPolicy): Promise<void> {
    const replayFor = msg.headers?.get(REPLAY_FOR_HEADER);
    if (replayFor && replayFor !== durable) return msg.ack();
    const deliveries = msg.info.redeliveryCount;
    const parsed = eventEnvelopeSchema.safeParse(safeDecode(msg.data));
    // Retrying cannot mend a malformed envelope: parked at once, its body kept as it came for whoever mends the publisher.
    if (!parsed.success) return this.park(msg, { durable, subject, deliveries, policy, error: new Error('malformed event envelope') });
    const envelope = parsed.data as EventEnvelope;
    if (deliveries > policy.maxDeliveries) {
      const error = new Error(`no outcome after ${policy.maxDeliveries} deliveries (the handler did not answer in time or parking failed)`);
      return this.park(msg, { durable, subject, deliveries, policy, envelope, error });
    }
    const parent = extractContext(headersToRecord(msg.headers));
    const span = tracer().startSpan(`consume ${subject}`, { kind: SpanKind.CONSUMER }, parent);
    try {
      await context.with(trace.setSpan(parent, span), () => handle(envelope, { redelivered: msg.redelivered }));
      msg.ack();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      if (deliveries < policy.maxDeliveries) {
        const retryInMs = retryDelay(policy, deliveries);
        this.logger.error({ err: error, subject, eventId: envelope.eventId, consumer: durable, deliveries, retryInMs }, 'event handler failed; will retry');
        msg.nak(retryInMs);
      } else {
        await this.park(msg, { durable, subject, deliveries, policy, envelope, error: error as Error });
      }
    } finally {
      span.end();
    }
  }

  /** Keeps a message the consumer gives up on in the parked stream, then terminates it. */
  private async park(
    msg: JsMsg,
    { durable, subject, deliveries, policy, envelope, error }: { durable: string; subject: string; deliveries: number; policy: DeliveryPolicy; envelope?: EventEnvelope; error: Error },
  ): Promise<void> {
    const where = { subject, eventId: envelope?.eventId, consumer: durable, deliveries };
    try {
      await this.parked.add({
        consumer: durable,
        subject,
        stream: msg.info.stream,
        streamSeq: msg.seq,
        deliveries,
        error: error.message,
        parkedAt: new Date().toISOString(),
        headers: Object.fromEntries(Object.entries(headersToRecord(msg.headers)).filter(([key]) => !key.startsWith('nats-'))),
        ...(envelope ? { envelope } : { payload: new TextDecoder().decode(msg.data) }),
      });
    } catch (parkError) {
      this.logger.error({ ...where, err: parkError, cause: error, deliveriesLeft: policy.maxDeliveries + 1 - deliveries }, 'could not park a failed event');
      msg.nak(retryDelay(policy, deliveries));
      return;
    }
    // No reason given: nats-server 2.9 ignores a `+TERM` with one, and delivers the message again.
    msg.term();
    this.logger.error({ ...where, err: error }, 'event parked: its consumer gave up on it');
  }

  /** How many events this bus's consumers have parked (replicas of a service share them). */
  parkedCount(): Promise<number> {
    return this.parked.count(this.durableConsumers.map(({ durable, subject }) => ({ consumer: durable, subject })));
  }

  /** Publishes parked events again for the consumers that parked them (all, or those matching `filter`), and unparks them. */
  replayParked(filter: ParkedFilter = {}): Promise<ReplayResult> {
    return this.parked.replay(filter);
  }

  /** The backlog of each of this bus's durable consumers on the server; one the server could not tell of (gone, unreachable) is left out. */
  async consumerLag(): Promise<Array<{ consumer: string; subject: string; pending: number; ackPending: number }>> {
    const lags = await Promise.all(
      this.durableConsumers.map(({ durable, subject }) =>
        this.jsm.consumers.info(this.streamFor(subject), this.consumerName(durable, subject)).then(
          (info) => ({ consumer: durable, subject, pending: info.num_pending, ackPending: info.num_ack_pending }),
          () => null,
        ),
      ),
    );
    return lags.filter((lag) => lag !== null);
  }

  /**
   * Answers requests on `subject` (one replica per request, through a queue group),
   * each as it comes: awaiting one before taking the next made concurrent askers
   * queue behind each other's queries (an organization's statistics waited ~4 queries' time at 4 concurrent).
   */
  reply<Req, Res>(subject: string, queue: string, handler: (request: Req) => Promise<Res>): void {
    const sub = this.connection.subscribe(this.rpcSubject(subject), { queue });
    this.responders.push(sub);
    void (async () => {
      for await (const msg of sub) {
        // Only sending the answer can fail here (the connection closing at shutdown): the asker times out.
        const answer = this.answer(subject, msg, handler).catch((error: unknown) => this.logger.warn({ err: error, subject }, 'could not send an answer'));
        this.answering.add(answer);
        void answer.finally(() => this.answering.delete(answer));
      }
    })();
  }

  /**
   * Stops answering requests (another replica of the service takes them) and
   * resolves once the answers under way are sent: a graceful stop's step,
   * while the connection stays open for what the service still does.
   */
  async stopResponding(): Promise<void> {
    await Promise.all(this.responders.map((sub) => (sub.isClosed() || sub.isDraining() ? undefined : sub.drain())));
    while (this.answering.size > 0) await Promise.allSettled([...this.answering]);
  }

  private async answer<Req, Res>(subject: string, msg: Msg, handler: (request: Req) => Promise<Res>): Promise<void> {
    const parent = extractContext(headersToRecord(msg.headers));
    const span = tracer().startSpan(`reply ${subject}`, { kind: SpanKind.SERVER }, parent);
    try {
      const response = await context.with(trace.setSpan(parent, span), () => handler(safeDecode(msg.data) as Req));
      msg.respond(codec.encode({ ok: true, data: response }));
    } catch (error) {
      // A refusal meant for the user (an HttpError) keeps its status and message across the hop.
      const status = error instanceof HttpError ? error.statusCode : undefined;
      msg.respond(codec.encode({ ok: false, error: (error as Error).message, status }));
    } finally {
      span.end();
    }
  }

  /**
   * Asks another service; fails with a clear error when nobody answers in time.
   * A request larger than the server takes in one message (its max_payload,
   * 1 MB by default) is a 400: what was asked is too large, the other service is not unavailable.
   */
  async request<Res>(subject: string, payload: unknown, timeoutMs = 3000): Promise<Res> {
    const h = natsHeaders();
    for (const [key, value] of Object.entries(injectTraceHeaders({} as Record<string, string>))) h.set(key, value);
    let msg;
    try {
      msg = await this.connection.request(this.rpcSubject(subject), codec.encode(payload), { timeout: timeoutMs, headers: h });
    } catch (error) {
      if ((error as NatsError).code === ErrorCode.MaxPayloadExceeded) throw badRequest(SharedMessages.requestTooLarge);
      throw new RequestFailedError(subject, (error as Error).message);
    }
    const answer = safeDecode(msg.data) as { ok: boolean; data?: Res; error?: string; status?: number };
    if (!answer.ok) {
      if (answer.status && answer.error) throw new HttpError(answer.status, answer.error);
      throw new RequestFailedError(subject, answer.error ?? 'request failed');
    }
    return answer.data as Res;
  }

  /**
   * Bytes handed to another service that are too large for a request (NATS
   * caps a message at the server's max payload, 1 MB by default): kept in a
   * JetStream object store (`<namespace>_transfers`, in chunks) under a new
   * name, which the request carries. The receiver reads them with
   * `openTransfer`; the sender removes them with `removeTransfer` once
   * answered, and the store drops any left behind after an hour.
   */
  async putTransfer(bytes: Uint8Array): Promise<string> {
    const name = randomUUID();
    await (await this.transfers()).putBlob({ name }, bytes);
    return name;
  }

  /** The bytes of a transfer as a stream, or null when there is none of that name (removed, or past its hour). */
  async openTransfer(name: string): Promise<Readable | null> {
    const object = await (await this.transfers()).get(name);
    if (!object) return null;
    return Readable.from(
      (async function* () {
        // A reader, not for-await: the DOM typing of ReadableStream (the e2e project's) has no async iterator.
        const reader = object.data.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          yield value;
        }
        // The stream ends early, without throwing, when a chunk is missing: the object store says so here.
        const error = await object.error;
        if (error) throw error;
      })(),
    );
  }

  async removeTransfer(name: string): Promise<void> {
    await (await this.transfers()).delete(name);
  }

  /** The transfers' object store, made (or found) once; a failure is tried again by the next call. */
  private transfers(): Promise<ObjectStore> {
    const bucket = (this.namespace ? `${this.namespace}_transfers` : 'transfers').replaceAll('.', '_');
    this.transferStore ??= this.js.views.os(bucket, { ttl: nanos(TRANSFER_TTL_MS), storage: StorageType.File, replicas: this.streamReplicas }).then(
      (store) => {
        // The object store is a stream (OBJ_<bucket>): removed with the others by deleteStreams.
        this.knownStreams.add(`OBJ_${bucket}`);
        return store;
      },
      (error: unknown) => {
        this.transferStore = null;
        throw error;
      },
    );
    return this.transferStore;
  }

  /**
   * Every event on `subject` from `sinceMs` ago on, then each as it comes: an
   * ordered consumer of this process alone over the subject's stream, so a
   * replica started after an event (a restart, one more replica) still sees
   * it, as every replica must (session revocations).
   */
  async follow(subject: string, sinceMs: number, handler: (envelope: EventEnvelope) => void): Promise<void> {
    const stream = await this.ensureStream(subject);
    const consumer = await this.js.consumers.get(stream, {
      filterSubjects: this.wireSubject(subject),
      opt_start_time: new Date(Date.now() - sinceMs).toISOString(),
    });
    const messages = await consumer.consume();
    this.followers.push(messages);
    void (async () => {
      for await (const msg of messages) {
        const parsed = eventEnvelopeSchema.safeParse(safeDecode(msg.data));
        if (parsed.success) handler(parsed.data as EventEnvelope);
      }
    })();
  }

  /** Plain (non-durable) subscription, e.g. for cache invalidation every replica must see. */
  subscribe(subject: string, handler: (envelope: EventEnvelope) => void): void {
    const sub = this.connection.subscribe(this.wireSubject(subject));
    this.subscriptions.push(sub);
    void (async () => {
      for await (const msg of sub) {
        const parsed = eventEnvelopeSchema.safeParse(safeDecode(msg.data));
        if (parsed.success) handler(parsed.data as EventEnvelope);
      }
    })();
  }

  /** Deletes the streams this bus made or used, after stopping its consumers: they would only try to restart on them. */
  async deleteStreams(): Promise<void> {
    await this.stopConsumers();
    for (const stream of this.knownStreams) await this.jsm.streams.delete(stream).catch(() => undefined);
    this.knownStreams.clear();
    this.transferStore = null;
  }

  private async stopConsumers(): Promise<void> {
    await Promise.allSettled(this.durableConsumers.map(({ consumer }) => consumer.stop()));
  }

  async close(): Promise<void> {
    // A stopped consumer may still ask the server for its next batch when its loop comes back for it:
    // that request must go out before the drain, or nats.js rejects it (CONNECTION_DRAINING) unhandled.
    await this.stopConsumers();
    for (const messages of this.followers) messages.stop();
    for (const sub of [...this.subscriptions, ...this.responders]) if (!sub.isClosed() && !sub.isDraining()) sub.unsubscribe();
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  isConnected(): boolean {
    return !this.connection.isClosed();
  }

  /** Health check: a round trip to the server; answers how many events this bus's consumers have parked. */
  async ping(): Promise<{ parked: number; streamsShortOfReplicas?: StreamReplicaShortfall[] }> {
    if (!this.isConnected()) throw new Error('not connected');
    await this.connection.flush();
    const shortfalls = [...this.replicaShortfalls.values()];
    return { parked: await this.parkedCount(), ...(shortfalls.length > 0 ? { streamsShortOfReplicas: shortfalls } : {}) };
  }
}

export class RequestFailedError extends Error {
  constructor(
    readonly subject: string,
    reason: string,
  ) {
    super(`Request ${subject} failed: ${reason}`);
    this.name = 'RequestFailedError';
  }
}

function safeDecode(data: Uint8Array): unknown {
  try {
    return codec.decode(data);
  } catch {
    return undefined;
  }
}
