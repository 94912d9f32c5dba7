import type { ServiceContext } from '@planner/service-kit';
import type { MailTransport } from '../adapters/mail-transport.js';
import type { NotificationsConfig } from '../config.js';
import { bounceAddressFor, returnPathFor } from '../domain/bounces.js';
import { afterFailure, describeFailure, messageIdFor } from '../domain/delivery.js';
import { Email } from '../entities/email.entity.js';

export type DeliveryOutcome = { status: 'sent' | 'failed' | 'skipped' } | { status: 'retry'; reason: string };

/**
 * Sends one mail row once: claim it, send it, mark it. The claim (status
 * 'sending', attempts + 1) commits before the SMTP conversation starts and the
 * mark commits right after the server's acceptance, so a sender that dies
 * before acceptance leaves a claimed row that the next run of its job sends,
 * and one that dies after the mark leaves a finished row that nobody sends again.
 */
export async function deliverEmail(ctx: ServiceContext<NotificationsConfig>, transport: MailTransport, emailId: string): Promise<DeliveryOutcome> {
  const repo = ctx.dataSource.getRepository(Email);
  // 'sending' is claimable too: the job only runs again after its previous run lost its lock (the process died).
  const claim = await repo
    .createQueryBuilder()
    .update()
    .set({ status: 'sending', attempts: () => '"attempts" + 1', claimedAt: () => 'now()' })
    .where('id = :id AND status IN (:...open)', { id: emailId, open: ['pending', 'sending'] })
    .execute();
  if (!claim.affected) return { status: 'skipped' };
  const email = await repo.findOneByOrFail({ id: emailId });
  const { kind, deliveryId } = email;
  const { MAIL_FROM, BOUNCE_ADDRESS, BOUNCE_SIGNING_KEY } = ctx.config;
  const messageId = messageIdFor(email.id, MAIL_FROM);
  const returnPath = returnPathFor(email.id, bounceAddressFor(MAIL_FROM, BOUNCE_ADDRESS), BOUNCE_SIGNING_KEY);

  try {
    await transport.send({ id: email.id, to: email.recipient, subject: email.subject, html: email.html ?? '', text: email.text ?? '', headers: email.headers, messageId, returnPath });
  } catch (error) {
    const failure = describeFailure(error);
    if (afterFailure(failure, email.attempts, ctx.config.MAIL_MAX_ATTEMPTS) === 'retry') {
      await repo.update({ id: email.id }, { status: 'pending', lastError: failure.reason });
      ctx.logger.warn({ emailId, kind, attempts: email.attempts, reason: failure.reason }, 'mail not accepted; will retry');
      return { status: 'retry', reason: failure.reason };
    }
    await ctx.dataSource.transaction(async (manager) => {
      await manager.update(Email, { id: email.id }, { status: 'failed', permanent: failure.permanent, lastError: failure.reason, html: null, text: null });
      await ctx.outbox.add(manager, 'notifications.email.failed', {
        emailId: email.id,
        kind,
        deliveryId,
        permanent: failure.permanent,
        reason: failure.reason,
        attempts: email.attempts,
      });
    });
    ctx.logger.warn({ emailId, kind, to: email.recipient, permanent: failure.permanent, attempts: email.attempts, reason: failure.reason }, 'mail failed');
    return { status: 'failed' };
  }

  // The server has accepted the mail; until the commit below the row still says 'sending'. A process
  // that dies in these few milliseconds leaves a job whose lock lapses, so BullMQ runs it again, the
  // row is claimed again and the mail goes out a second time (with the same Message-ID, which lets
  // receivers that collapse duplicates show it once). SMTP cannot do better (RFC 1047: the client may
  // die between the server's 250 and its own record of it); the other choice, never resending a
  // 'sending' row, would lose every mail cut off before acceptance, the far more likely case.
  await ctx.dataSource.transaction(async (manager) => {
    await manager.update(Email, { id: email.id }, { status: 'sent', messageId, sentAt: new Date(), lastError: null, html: null, text: null });
    await ctx.outbox.add(manager, 'notifications.email.sent', { emailId: email.id, kind, deliveryId, messageId });
  });
  return { status: 'sent' };
}
