/**
 * Waits for "nothing is pending any more", for tests that assert something did
 * NOT happen (a duplicate had no second effect, a refused mail was not tried
 * again). A fixed sleep before such an assertion passes when the unwanted
 * thing comes after the sleep; these wait until the work that could bring it
 * is done, however long that takes, and fail when it never is.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Queue } from 'bullmq';
import type { ConsumerInfo } from 'nats';
import { IsNull, type DataSource } from 'typeorm';
import type { EventBus } from '../bus.js';
import type { Logger } from '../logger.js';
import { OutboxEvent } from '../outbox/outbox-event.entity.js';
import { waitFor } from './wait.js';

/**
 * Resolves once the durable consumer `durable` of `subject` has nothing left:
 * no message of its stream it has not been given (`num_pending`) and none it
 * was given and has not acknowledged (`num_ack_pending`: in its handler, or
 * refused and waiting for redelivery). Counts what the stream has stored:
 * publish the copies a test sends with an acknowledged publish (bus.publish,
 * publishCopy), not a core publish the stream may not have stored yet.
 */
export async function untilConsumerIdle(
  ctx: { bus: EventBus },
  consumer: { durable: string; subject: string },
  timeoutMs = 10_000,
): Promise<ConsumerInfo> {
  const jsm = await ctx.bus.connection.jetstreamManager();
  const stream = ctx.bus.streamFor(consumer.subject);
  const name = ctx.bus.consumerName(consumer.durable, consumer.subject);
  return waitFor(
    () => jsm.consumers.info(stream, name),
    (info) => info.num_pending === 0 && info.num_ack_pending === 0,
    timeoutMs,
  );
}

/** Resolves once the outbox of `ctx.dataSource`'s schema has no row left that the relay has not published. */
export async function untilOutboxSent(ctx: { dataSource: DataSource }, timeoutMs = 10_000): Promise<void> {
  await waitFor(() => ctx.dataSource.getRepository(OutboxEvent).countBy({ publishedAt: IsNull() }), (n) => n === 0, timeoutMs);
}

/** The BullMQ states of a job that will still run: waiting, running, scheduled for later (a retry's back-off). */
const UNFINISHED = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused'] as const;

/**
 * Resolves once `queue` has no job that is waiting, running or delayed (a retry
 * waiting out its back-off counts as pending): whatever the queue would still
 * do has been done. Not for a queue with a job scheduler (a repeatable job is
 * always delayed until its next run).
 */
export async function untilQueueIdle(queue: Queue, timeoutMs = 10_000): Promise<void> {
  await waitFor(
    async () => queue.getJobCounts(...UNFINISHED),
    (counts) => UNFINISHED.every((state) => (counts[state] ?? 0) === 0),
    timeoutMs,
  );
}

/**
 * The text of the log file `file` once everything `logger` had logged before
 * the call is in it: a marker line is logged last, at the logger's own level,
 * and waited for (a pino file destination writes in order, asynchronously).
 * The marker line stays in the text.
 */
export async function untilLogWritten(logger: Logger, file: string, timeoutMs = 5_000): Promise<string> {
  if (logger.level === 'silent') throw new Error('untilLogWritten: the logger is silent and writes nothing');
  const marker = `log-written-${randomUUID()}`;
  logger[logger.level as 'info']({ marker }, 'test log marker');
  logger.flush();
  return waitFor(
    () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''),
    (text) => text.includes(marker),
    timeoutMs,
  );
}
