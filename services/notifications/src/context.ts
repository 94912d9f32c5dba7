import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { MailTransport } from './adapters/mail-transport.js';
import type { NotificationsConfig } from './config.js';

/** What the service reaches the outside through: made from config, unless a test gives its own. */
export interface NotificationsAdapters {
  /** Where mails go: an SMTP server, or .eml files in the sandbox. */
  mailTransport: MailTransport;
}

/** What the service's entry points are given. */
export type NotificationsContext = RuntimeContext<ServiceContext<NotificationsConfig>, NotificationsAdapters>;
