import type { ServiceContext } from '@planner/service-kit';
import { bounceKindOf, type DeliveryReport } from '../domain/bounces.js';
import { EmailBounce } from '../entities/email-bounce.entity.js';
import { Email } from '../entities/email.entity.js';

export type BounceOutcome = 'bounced' | 'noted' | 'ignored';

/**
 * Records what a delivery status notification says about one of our mails.
 * Every bounce or delay is kept; a permanent one (5.x.x) turns a sent mail
 * into a bounced one and tells content, once: the same report arriving again
 * finds the mail bounced already. A report of a mail we do not know, or a
 * success (2.x.x), is ignored.
 */
export async function recordBounce(ctx: ServiceContext, emailId: string, report: DeliveryReport): Promise<BounceOutcome> {
  const kind = bounceKindOf(report.status);
  if (!kind) return 'ignored';
  return ctx.dataSource.transaction(async (manager) => {
    const email = await manager.findOne(Email, { where: { id: emailId }, lock: { mode: 'pessimistic_write' } });
    if (!email) return 'ignored';
    const { status, action, recipient, diagnostic } = report;
    await manager.insert(EmailBounce, { emailId, status, permanent: kind === 'permanent', action, recipient, diagnostic });
    if (kind === 'transient' || email.status !== 'sent') return 'noted';
    const reason = (diagnostic ?? status).slice(0, 1000);
    await manager.update(Email, { id: emailId }, { status: 'bounced', permanent: true, lastError: reason });
    await ctx.outbox.add(manager, 'notifications.email.bounced', { emailId, kind: email.kind, deliveryId: email.deliveryId, status, reason });
    return 'bounced';
  });
}
