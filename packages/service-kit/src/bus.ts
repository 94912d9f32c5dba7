import {
  connect,
  headers as natsHeaders,
  JSONCodec,
  nanos,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from 'nats';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { eventEnvelopeSchema, type EventEnvelope } from '@planner/contracts';
import { DurableConsumer } from './consumer.js';
import { HttpError } from './errors.js';
import type { Logger } from './logger.js';
import { context, extractContext, injectTraceHeaders, tracer, trace } from './tracing.js';

const codec = JSONCodec();

/** How long JetStream remembers a msgID: a relay restarting within it cannot publish twice. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;

/** How long a stream keeps events: consumers that were down longer than this miss them. Inboxes are pruned to match. */
export const EVENT_RETENTION_MS = 7 * 24 * 3600_000;

export interface EventBusOptions {
  url: string;
  /** Connection name, shown in the NATS server's monitoring. */
  name: string;
  /** Prefix of every subject and stream: isolates test runs from each other and from dev. */
  namespace?: string;
  logger: Logger;
}

export interface ConsumeOptions {
  /** Durable consumer name: survives restarts, shared by replicas of a service. */
  durable: string;
  /** Subject without namespace, e.g. `auth.user.registered`. */
  subject: string;
  handle: (envelope: EventEnvelope, delivery: { redelivered: boolean }) => Promise<void>;
  /** Wait before a failed message comes back. */
  retryDelayMs?: number;
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
 */
export class EventBus {
  private readonly durableConsumers: DurableConsumer[] = [];
  private readonly subscriptions: Subscription[] = [];
  private readonly knownStreams = new Set<string>();

  private constructor(
    readonly connection: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  static async connect({ url, name, namespace = '', logger }: EventBusOptions): Promise<EventBus> {
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1 });
    const jsm = await connection.jetstreamManager();
    return new EventBus(connection, jsm, connection.jetstream(), namespace, logger);
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
    if (this.knownStreams.has(stream)) return stream;
    const service = subject.split('.')[0]!;
    const config = {
      name: stream,
      subjects: [this.wireSubject(`${service}.>`)],
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      max_age: nanos(EVENT_RETENTION_MS),
    };
    try {
      const info = await this.jsm.streams.info(stream);
      // Streams made before a retention change get it too.
      if (info.config.max_age !== config.max_age) await this.jsm.streams.update(stream, { ...info.config, max_age: config.max_age });
    } catch {
      try {
        await this.jsm.streams.add(config);
      } catch (error) {
        // Another replica created it between our two calls.
        await this.jsm.streams.info(stream).catch(() => {
          throw error;
        });
      }
    }
    this.knownStreams.add(stream);
    return stream;
  }

  /** Publishes an envelope with its event id as msgID, so a second publish of it is dropped by JetStream. */
  async publish(envelope: EventEnvelope, traceHeaders: Record<string, string> = {}): Promise<PublishResult> {
    await this.ensureStream(envelope.subject);
    const h = natsHeaders();
    for (const [key, value] of Object.entries(traceHeaders)) h.set(key, value);
    const ack = await this.js.publish(this.wireSubject(envelope.subject), codec.encode(envelope), {
      msgID: envelope.eventId,
      headers: h,
    });
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  /**
   * A durable pull consumer with explicit ack (its settings applied to an
   * existing consumer too). A handler that throws gets the message again
   * after `retryDelayMs`; a malformed envelope is terminated.
   */
  async consume(options: ConsumeOptions): Promise<void> {
    const { durable, subject } = options;
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
      maxDeliver: -1,
      handleMessage: (msg) => this.handleMessage(msg, options),
    });
    await consumer.start();
    this.durableConsumers.push(consumer);
  }

  private async handleMessage(msg: JsMsg, { subject, handle, retryDelayMs = 2000 }: ConsumeOptions): Promise<void> {
    const parsed = eventEnvelopeSchema.safeParse(safeDecode(msg.data));
    if (!parsed.success) {
      this.logger.error({ subject: msg.subject, seq: msg.seq }, 'malformed event envelope; terminated');
      // No reason given: nats-server 2.9 ignores a `+TERM` with one, and delivers the message again.
      msg.term();
      return;
    }
    const envelope = parsed.data as EventEnvelope;
    const parent = extractContext(headersToRecord(msg.headers));
    const span = tracer().startSpan(`consume ${subject}`, { kind: SpanKind.CONSUMER }, parent);
    try {
      await context.with(trace.setSpan(parent, span), () => handle(envelope, { redelivered: msg.redelivered }));
      msg.ack();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      this.logger.error({ err: error, subject, eventId: envelope.eventId }, 'event handler failed; will retry');
      msg.nak(retryDelayMs);
    } finally {
      span.end();
    }
  }

  /** Answers requests on `subject` (one replica per request, through a queue group). */
  reply<Req, Res>(subject: string, queue: string, handler: (request: Req) => Promise<Res>): void {
    const sub = this.connection.subscribe(this.rpcSubject(subject), { queue });
    this.subscriptions.push(sub);
    void (async () => {
      for await (const msg of sub) {
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
    })();
  }

  /** Asks another service; fails with a clear error when nobody answers in time. */
  async request<Res>(subject: string, payload: unknown, timeoutMs = 3000): Promise<Res> {
    const h = natsHeaders();
    for (const [key, value] of Object.entries(injectTraceHeaders({} as Record<string, string>))) h.set(key, value);
    let msg;
    try {
      msg = await this.connection.request(this.rpcSubject(subject), codec.encode(payload), { timeout: timeoutMs, headers: h });
    } catch (error) {
      throw new RequestFailedError(subject, (error as Error).message);
    }
    const answer = safeDecode(msg.data) as { ok: boolean; data?: Res; error?: string; status?: number };
    if (!answer.ok) {
      if (answer.status && answer.error) throw new HttpError(answer.status, answer.error);
      throw new RequestFailedError(subject, answer.error ?? 'request failed');
    }
    return answer.data as Res;
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
  }

  private async stopConsumers(): Promise<void> {
    await Promise.allSettled(this.durableConsumers.map((consumer) => consumer.stop()));
  }

  async close(): Promise<void> {
    // A stopped consumer may still ask the server for its next batch when its loop comes back for it:
    // that request must go out before the drain, or nats.js rejects it (CONNECTION_DRAINING) unhandled.
    await this.stopConsumers();
    for (const sub of this.subscriptions) sub.unsubscribe();
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  isConnected(): boolean {
    return !this.connection.isClosed();
  }

  /** Health check: a round trip to the server. */
  async ping(): Promise<void> {
    if (!this.isConnected()) throw new Error('not connected');
    await this.connection.flush();
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
