import { headers as natsHeaders, JSONCodec, type JetStreamClient, type JetStreamManager } from 'nats';
import type { EventEnvelope } from '@planner/contracts';
import { isNotFound } from './consumer.js';

/** Marks a replayed event with the consumer it is for: other consumers of its subject acknowledge it unhandled. */
export const REPLAY_FOR_HEADER = 'Planner-Replay-For';

/** A message a durable consumer gave up on, as the parked stream keeps it. */
export interface ParkedMessage {
  /** The durable consumer, as named to `consume`. */
  consumer: string;
  /** The subject it came on, without namespace. */
  subject: string;
  /** Where the original is, while the stream's retention keeps it. */
  stream: string;
  streamSeq: number;
  /** How often it had been delivered. */
  deliveries: number;
  /** Why the last delivery failed. */
  error: string;
  parkedAt: string;
  /** Its headers (trace context), JetStream's own left out. */
  headers: Record<string, string>;
  /** The event; absent when the message was no valid envelope. */
  envelope?: EventEnvelope;
  /** The body as it came, when it was no valid envelope. */
  payload?: string;
}

export interface ParkedFilter {
  /** Only this durable consumer's messages. */
  consumer?: string;
  /** Only messages that came on this subject (without namespace). */
  subject?: string;
}

export interface ReplayResult {
  /** Published again and removed from the parked stream. */
  replayed: number;
  /** Left parked: no valid envelope, so replaying would only park them again. */
  kept: number;
}

const codec = JSONCodec<ParkedMessage>();
const envelopeCodec = JSONCodec<EventEnvelope>();

/**
 * The parked stream: messages durable consumers gave up on, on
 * `parked.<consumer>.<subject>`, kept until replayed (they do not expire
 * with the events).
 */
export class ParkedMessages {
  constructor(
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    readonly stream: string,
    /** The namespaced form of a subject. */
    private readonly wireSubject: (subject: string) => string,
    /** Creates the parked stream if it does not exist yet. */
    private readonly ensureStream: () => Promise<void>,
  ) {}

  private subjectFor(consumer: string, subject: string): string {
    return this.wireSubject(`parked.${consumer}.${subject}`);
  }

  /** Parks a message; parking the same stream message twice (a lost term) stores it once. */
  async add(message: ParkedMessage): Promise<void> {
    await this.ensureStream();
    await this.js.publish(this.subjectFor(message.consumer, message.subject), codec.encode(message), {
      msgID: `${message.consumer}/${message.stream}/${message.streamSeq}`,
    });
  }

  /** How many messages these consumers have parked. */
  async count(consumers: Array<{ consumer: string; subject: string }>): Promise<number> {
    if (consumers.length === 0) return 0;
    let counts: Record<string, number>;
    try {
      const info = await this.jsm.streams.info(this.stream, { subjects_filter: this.wireSubject('parked.>') });
      counts = info.state.subjects ?? {};
    } catch (error) {
      if (isNotFound(error)) return 0; // nothing was ever parked
      throw error;
    }
    return consumers.reduce((sum, { consumer, subject }) => sum + (counts[this.subjectFor(consumer, subject)] ?? 0), 0);
  }

  /**
   * Publishes the parked events matching `filter` to their subjects again,
   * oldest first, then removes them from the parked stream. Each keeps its
   * event id (the consumer's inbox has no row for it: its handling never
   * committed) and gets `REPLAY_FOR_HEADER` naming its consumer. Its msgID
   * names the parked copy: JetStream does not drop it as a repeat of the
   * original, and a replay interrupted before the removal and run again
   * within the duplicate window publishes it once.
   */
  async replay(filter: ParkedFilter): Promise<ReplayResult> {
    const result: ReplayResult = { replayed: 0, kept: 0 };
    let reader;
    try {
      reader = await this.js.consumers.get(this.stream, { filterSubjects: this.subjectFor(filter.consumer ?? '*', filter.subject ?? '>') });
    } catch (error) {
      if (isNotFound(error)) return result; // nothing was ever parked
      throw error;
    }
    const waiting = (await reader.info()).num_pending;
    if (waiting === 0) return result;
    for await (const stored of await reader.fetch({ max_messages: waiting, expires: 5_000 })) {
      const message = codec.decode(stored.data);
      if (message.envelope) {
        const headers = natsHeaders();
        for (const [key, value] of Object.entries(message.headers)) headers.set(key, value);
        headers.set(REPLAY_FOR_HEADER, message.consumer);
        await this.js.publish(this.wireSubject(message.subject), envelopeCodec.encode(message.envelope), {
          msgID: `${message.envelope.eventId}/replay/${stored.seq}`,
          headers,
        });
        await this.jsm.streams.deleteMessage(this.stream, stored.seq, false);
        result.replayed++;
      } else {
        result.kept++;
      }
      // The last one there is (another replay may have taken some): no waiting for the rest of the batch.
      if (stored.info.pending === 0) break;
    }
    return result;
  }
}
