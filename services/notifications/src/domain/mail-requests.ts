import { PLATFORM_DISPLAY_NAMES, type EmailKind, type EventData, type EventSubject, type UserContact } from '@planner/contracts';
import { renderAccountDeleted, renderConnectionExpiring, renderNewsletter, renderNewsletterConfirmation, renderPasswordReset, renderVerification, type RenderedMail } from './templates.js';

export interface RequestedMail extends RenderedMail {
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

export type MailSubject = keyof typeof mailFor;
export const MAIL_SUBJECTS = Object.keys(mailFor) as MailSubject[];

/** The mail an event asks for. */
export function requestedMail<S extends MailSubject>(subject: S, data: EventData<S>): RequestedMail {
  return (mailFor[subject] as (d: EventData<S>) => RequestedMail)(data);
}

/** The owner's warning that a connection runs out soon; the event names the owner, auth says where to mail them. */
export function connectionExpiringMail(data: EventData<'organizations.connection.expiring'>, owner: UserContact): RequestedMail {
  return {
    kind: 'connection_expiring',
    recipient: owner.email,
    deliveryId: null,
    ...renderConnectionExpiring({
      username: owner.username,
      platformName: PLATFORM_DISPLAY_NAMES[data.platform],
      organizationName: data.organizationName,
      expiresAt: data.expiresAt,
      timezone: data.timezone,
      lastWarning: data.warning === '1_day',
      reconnectUrl: data.reconnectUrl,
    }),
  };
}
