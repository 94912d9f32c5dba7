import type { EntityManager } from 'typeorm';
import type { EmailKind, EventData, EventSubject } from '@planner/contracts';
import { type ServiceContext } from '@planner/service-kit';
import { consumeWithInbox } from '@planner/service-kit/data';
import { renderAccountDeleted, renderNewsletter, renderNewsletterConfirmation, renderPasswordReset, renderVerification, type RenderedMail } from '../domain/templates.js';
import { Email } from '../entities/email.entity.js';

interface RequestedMail extends RenderedMail {
  kind: EmailKind;
  recipient: string;
  deliveryId: string | null;
}

/** The events that ask for a mail, and the mail each one asks for. */
const mailFor = {
  'auth.email_verification.requested': (d: EventData<'auth.email_verification.requested'>): RequestedMail => ({
    kind: 'verification',
    recipient: d.email,
    deliveryId: null,
    ...renderVerification(d),
  }),
  'auth.password_reset.requested': (d: EventData<'auth.password_reset.requested'>): RequestedMail => ({
    kind: 'password_reset',
    recipient: d.email,
    deliveryId: null,
    ...renderPasswordReset(d),
  }),
  'auth.user.deleted': (d: EventData<'auth.user.deleted'>): RequestedMail => ({
    kind: 'account_deleted',
    recipient: d.email,
    deliveryId: null,
    ...renderAccountDeleted(d),
  }),
  'content.newsletter.confirmation_requested': (d: EventData<'content.newsletter.confirmation_requested'>): RequestedMail => ({
    kind: 'newsletter_confirmation',
    recipient: d.email,
    deliveryId: null,
    ...renderNewsletterConfirmation(d),
  }),
  'content.newsletter.delivery_requested': (d: EventData<'content.newsletter.delivery_requested'>): RequestedMail => ({
    kind: 'newsletter',
    recipient: d.email,
    deliveryId: d.deliveryId,
    ...renderNewsletter(d),
  }),
} satisfies { [S in EventSubject]?: (data: EventData<S>) => RequestedMail };

type MailSubject = keyof typeof mailFor;
export const MAIL_SUBJECTS = Object.keys(mailFor) as MailSubject[];

/** The mail row, written in the consumer's transaction; a delivery already recorded is not recorded again. */
async function recordEmail(manager: EntityManager, mail: RequestedMail, eventId: string): Promise<void> {
  const { kind, recipient, deliveryId, subject, html, text, headers } = mail;
  await manager.createQueryBuilder().insert().into(Email).values({ kind, recipient, deliveryId, subject, html, text, headers, eventId }).orIgnore().execute();
}

/**
 * Turns each mail-requesting event into one mail row (the inbox drops a
 * redelivery). The dispatcher hands the rows to the queue; `onRecorded` lets
 * it look sooner than its next poll.
 */
export async function consumeMailRequests(ctx: ServiceContext, onRecorded: () => void = () => undefined): Promise<void> {
  for (const subject of MAIL_SUBJECTS) {
    await consumeWithInbox({
      bus: ctx.bus,
      dataSource: ctx.dataSource,
      logger: ctx.logger,
      consumer: 'notifications',
      subject,
      handle: async (data, envelope, manager) => {
        const toMail = mailFor[subject] as (d: typeof data) => RequestedMail;
        try {
          await recordEmail(manager, toMail(data), envelope.eventId);
        } catch (error) {
          // The bus logs a failed handler's error; a query error carries its parameters (the mail, links included).
          throw new Error(`could not record the mail: ${(error as Error).message}`);
        }
        onRecorded();
      },
    });
  }
}
