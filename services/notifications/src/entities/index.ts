import { Emails1763700000100 } from '../migrations/1763700000100-emails.js';
import { SystemMessages1763700000200 } from '../migrations/1763700000200-system-messages.js';
import { NewsletterConfirmationMails1763700000300 } from '../migrations/1763700000300-newsletter-confirmation-mails.js';
import { Bounces1763700000400 } from '../migrations/1763700000400-bounces.js';
import { ConnectionExpiringMails1764100000100 } from '../migrations/1764100000100-connection-expiring-mails.js';
import { EmailBounce } from './email-bounce.entity.js';
import { Email } from './email.entity.js';
import { SystemMessage } from './system-message.entity.js';

export const entities = [Email, EmailBounce, SystemMessage];
export const migrations = [Emails1763700000100, SystemMessages1763700000200, NewsletterConfirmationMails1763700000300, Bounces1763700000400, ConnectionExpiringMails1764100000100];
