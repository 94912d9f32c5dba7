import { randomUUID } from 'node:crypto';
import { IsNull, Not } from 'typeorm';
import { ContentMessages } from '@planner/contracts';
import { conflict, notFound, type ServiceContext } from '@planner/service-kit';
import type { ContentConfig } from '../config.js';
import { linkSettings } from '../domain/links.js';
import { renderNewsletterMail } from '../domain/newsletter-mail.js';
import { Delivery } from '../entities/delivery.entity.js';
import { Newsletter } from '../entities/newsletter.entity.js';

export const NEWSLETTER_QUEUE = 'newsletter-send';

type Ctx = ServiceContext<ContentConfig>;
export type SendJob = { newsletterId: string };

export function newsletterQueue(ctx: Ctx) {
  return ctx.queues.queue<SendJob>(NEWSLETTER_QUEUE, {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    // Gone when done either way, so a later sweep can queue the same id again.
    removeOnComplete: true,
    removeOnFail: true,
  });
}
export type NewsletterQueue = ReturnType<typeof newsletterQueue>;

/** One job per newsletter: BullMQ keeps one job per id, so a repeated request or sweep adds nothing. */
export function enqueueSend(queue: NewsletterQueue, newsletterId: string) {
  return queue.add('send', { newsletterId }, { jobId: `newsletter-${newsletterId}` });
}

/** Marks a draft as sent (once) and queues its delivery to every active subscriber. */
export async function requestSend(ctx: Ctx, queue: NewsletterQueue, newsletterId: string): Promise<Newsletter> {
  const newsletter = await ctx.dataSource.transaction(async (manager) => {
    const found = await manager.findOne(Newsletter, { where: { id: newsletterId }, lock: { mode: 'pessimistic_write' } });
    if (!found) throw notFound(ContentMessages.newsletterNotFound);
    if (found.sentAt) throw conflict(ContentMessages.newsletterAlreadySent);
    found.sentAt = new Date();
    return manager.save(found);
  });
  try {
    await enqueueSend(queue, newsletterId);
  } catch (error) {
    // The send is recorded; the sweep queues it when Redis answers again.
    ctx.logger.warn({ err: error, newsletterId }, 'newsletter send could not be queued yet');
  }
  return newsletter;
}

/**
 * Writes one batch of deliveries: each active subscriber (subscribed before
 * the send) without a delivery gets one, with its delivery event, in one
 * transaction. The newsletter row is locked, so batches of one newsletter
 * never overlap, even when a crashed worker's job is taken over while it
 * still runs. Returns how many were written; 0 means the send is complete.
 */
async function writeBatch(ctx: Ctx, newsletterId: string): Promise<number> {
  const links = linkSettings(ctx.config);
  return ctx.dataSource.transaction(async (manager) => {
    const newsletter = await manager.findOne(Newsletter, { where: { id: newsletterId }, lock: { mode: 'pessimistic_write' } });
    if (!newsletter?.sentAt || newsletter.finishedAt) return 0;
    const recipients: Array<{ id: string; email: string }> = await manager.query(
      `SELECT s.id, s.email FROM newsletter_subscribers s
       WHERE s.is_active AND s.created_at <= $2
         AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.newsletter_id = $1 AND d.subscriber_id = s.id)
       ORDER BY s.id LIMIT $3`,
      [newsletterId, newsletter.sentAt, ctx.config.NEWSLETTER_BATCH_SIZE],
    );
    if (recipients.length === 0) {
      await manager.update(Newsletter, { id: newsletterId }, { finishedAt: new Date() });
      return 0;
    }
    const deliveries: Array<Partial<Delivery>> = [];
    for (const recipient of recipients) {
      const id = randomUUID();
      const mail = renderNewsletterMail(newsletter.content, { id, email: recipient.email }, links);
      // The delivery's id names its event: one delivery can never be published as two events.
      await ctx.outbox.add(
        manager,
        'content.newsletter.delivery_requested',
        { deliveryId: id, newsletterId, email: recipient.email, subject: newsletter.subject, ...mail },
        { eventId: id },
      );
      deliveries.push({ id, newsletterId, subscriberId: recipient.id, email: recipient.email });
    }
    await manager.insert(Delivery, deliveries);
    await manager.increment(Newsletter, { id: newsletterId }, 'recipientsCount', deliveries.length);
    return deliveries.length;
  });
}

/** Writes the newsletter's deliveries batch by batch until every recipient has one; resolves with how many it wrote. */
export async function sendNewsletter(ctx: Ctx, newsletterId: string): Promise<number> {
  let total = 0;
  for (let written = await writeBatch(ctx, newsletterId); written > 0; written = await writeBatch(ctx, newsletterId)) total += written;
  return total;
}

/** Sends marked as sent that have not finished: their jobs may be gone (Redis down at the send request, retries spent). */
export async function listUnfinishedSends(ctx: Ctx): Promise<string[]> {
  const unfinished = await ctx.dataSource.getRepository(Newsletter).find({ where: { sentAt: Not(IsNull()), finishedAt: IsNull() }, select: { id: true } });
  return unfinished.map(({ id }) => id);
}
