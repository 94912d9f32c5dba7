import { setTimeout as sleep } from 'node:timers/promises';
import {
  AckPolicy,
  ConsumerEvents,
  DeliverPolicy,
  NatsError,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type ConsumerUpdateConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from 'nats';
import type { Logger } from './logger.js';

/** How long a handler may work on a message before JetStream hands it out again. */
const ACK_WAIT_MS = 30_000;

/**
 * How long one pull waits on the server. The server sends heartbeats every half of it, and two missed
 * heartbeats restart the consumption: a pull held by a JetStream server that died (the consumer's leader
 * killed, not stepping down) is noticed in this time, rather than nats.js's default 30 s.
 */
const PULL_EXPIRES_MS = 10_000;

/** Statuses after which the consumption starts over, as the nats.js examples do: the consumer may be gone, or the pull lost. */
const RESTART_ON = new Set<string>([
  ConsumerEvents.HeartbeatsMissed,
  ConsumerEvents.ConsumerDeleted,
  ConsumerEvents.ConsumerNotFound,
  ConsumerEvents.StreamNotFound,
]);

/** Waits between failed restarts: doubling from the first, up to the last. */
const RESTART_DELAY_MS = { first: 500, max: 30_000 };

/** The answer of a JetStream API call for a stream, consumer or message that does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof NatsError && error.code === '404';
}

export interface DurableConsumerOptions {
  jsm: JetStreamManager;
  js: JetStreamClient;
  logger: Logger;
  stream: string;
  /** The durable, as named to `consume` (in logs). */
  durable: string;
  /** The subject, without namespace (in logs). */
  subject: string;
  /** The consumer's name on the server. */
  name: string;
  /** The namespaced subject it takes from the stream. */
  filterSubject: string;
  /** How often the server delivers one message at most. */
  maxDeliver: number;
  /** Handles one message and settles it (ack, nak or term); throwing ends the consumption, which then restarts. */
  handleMessage: (msg: JsMsg) => Promise<void>;
  /**
   * How many messages are handled at once (1: one after another). They are
   * started in the order they came, so a handler that queues them in that
   * order (a batch consumer) keeps it.
   */
  concurrency?: number;
}

/**
 * A durable pull consumer with explicit ack and the loop that handles its
 * messages. On start its settings are applied to the consumer on the server,
 * an existing one included. When the server reports the consumer gone or its
 * heartbeats stop, the consumption starts over (re-creating the consumer);
 * `stop()` returns once the loop, restarts included, has ended.
 */
export class DurableConsumer {
  private readonly stopped = new AbortController();
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  /** Names this consumer in logs, as the bus's message logs do. */
  private readonly where: { consumer: string; subject: string; stream: string };

  constructor(private readonly options: DurableConsumerOptions) {
    this.where = { consumer: options.durable, subject: options.subject, stream: options.stream };
  }

  /** Creates or updates the consumer and starts handling its messages; fails when the first attempt does. */
  async start(): Promise<void> {
    this.loop = this.run(await this.open());
  }

  /** Stops taking messages; resolves once the loop has handled what it held. */
  async stop(): Promise<void> {
    this.stopped.abort();
    this.messages?.stop();
    await this.loop;
  }

  /**
   * The settings the consumer must have. Waits between retries are given with
   * each nak, so `backoff` stays unset: it would also replace `ack_wait`, the
   * time a handler has, delivery by delivery.
   */
  private settings(): Required<Pick<ConsumerConfig, 'ack_wait' | 'max_deliver' | 'filter_subject'>> {
    return { ack_wait: nanos(ACK_WAIT_MS), max_deliver: this.options.maxDeliver, filter_subject: this.options.filterSubject };
  }

  private async ensureConsumer(): Promise<void> {
    const { jsm, stream, name, logger } = this.options;
    const wanted = this.settings();
    let current: ConsumerConfig;
    try {
      current = (await jsm.consumers.info(stream, name)).config;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await jsm.consumers.add(stream, { durable_name: name, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...wanted });
      return;
    }
    const outdated =
      current.ack_wait !== wanted.ack_wait ||
      current.max_deliver !== wanted.max_deliver ||
      current.filter_subject !== wanted.filter_subject ||
      (current.backoff?.length ?? 0) > 0;
    if (!outdated) return;
    // An update keeps the consumer's position and pending acks, which deleting and re-adding it would lose.
    const update: ConsumerUpdateConfig = { ...wanted, backoff: undefined };
    await jsm.consumers.update(stream, name, update);
    const { ack_wait, max_deliver, filter_subject, backoff } = current;
    logger.info({ ...this.where, from: { ack_wait, max_deliver, filter_subject, backoff }, to: wanted }, 'durable consumer settings updated');
  }

  private async open(): Promise<ConsumerMessages> {
    const { js, stream, name } = this.options;
    await this.ensureConsumer();
    const consumer = await js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: 50, expires: PULL_EXPIRES_MS });
    this.messages = messages;
    // stop() came while this was opening: the loop takes what it holds and ends.
    if (this.stopped.signal.aborted) messages.stop();
    return messages;
  }

  private async run(first: ConsumerMessages): Promise<void> {
    let messages: ConsumerMessages | undefined = first;
    while (messages) {
      const reason = await this.receive(messages);
      if (this.stopped.signal.aborted) return;
      this.options.logger.warn({ ...this.where, reason }, 'durable consumer stopped receiving; restarting it');
      messages = await this.reopen();
    }
  }

  /** Handles messages until the consumption ends; answers why it ended. */
  private async receive(messages: ConsumerMessages): Promise<string> {
    let reason = 'consumption ended';
    void (async () => {
      // Ends when the messages stop.
      for await (const status of await messages.status()) {
        if (!RESTART_ON.has(status.type)) continue;
        reason = `${status.type}: ${String(status.data)}`;
        messages.stop();
      }
    })();
    const concurrency = this.options.concurrency ?? 1;
    const handling = new Set<Promise<void>>();
    let failed: Error | undefined;
    try {
      for await (const msg of messages) {
        if (concurrency === 1) {
          await this.options.handleMessage(msg);
          continue;
        }
        const handled: Promise<void> = this.options
          .handleMessage(msg)
          .catch((error: unknown) => {
            failed ??= error as Error;
            messages.stop();
          })
          .finally(() => handling.delete(handled));
        handling.add(handled);
        if (handling.size >= concurrency) await Promise.race(handling);
        if (failed) break;
      }
    } catch (error) {
      failed = error as Error;
      messages.stop();
    }
    // What was started is settled before the consumption restarts or stops.
    await Promise.all(handling);
    return failed ? failed.message : reason;
  }

  /** Opens the consumption again, re-creating the consumer if it is gone; retries until it works or the consumer is stopped. */
  private async reopen(): Promise<ConsumerMessages | undefined> {
    for (let delayMs = RESTART_DELAY_MS.first; !this.stopped.signal.aborted; delayMs = Math.min(delayMs * 2, RESTART_DELAY_MS.max)) {
      try {
        return await this.open();
      } catch (error) {
        this.options.logger.error({ ...this.where, err: error, retryInMs: delayMs }, 'durable consumer could not restart');
        await sleep(delayMs, undefined, { signal: this.stopped.signal }).catch(() => undefined);
      }
    }
    return undefined;
  }
}
