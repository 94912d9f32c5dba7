import { consume } from '@planner/service-kit';
import { afterCommit } from '@planner/service-kit/data';
import { recordEmail } from '../commands/emails.js';
import { MAIL_SUBJECTS, requestedMail } from '../domain/mail-requests.js';
import { mailDispatcherOf } from '../jobs/mail-delivery.js';

/**
 * Turns each mail-requesting event into one mail row (the inbox drops a
 * redelivery). The dispatcher hands the rows to the queue; kicked once the
 * row has committed, it looks sooner than its next poll.
 */
export const mailRequestConsumers = MAIL_SUBJECTS.map((subject) =>
  consume(subject, async (data, { ctx, manager, envelope }) => {
    try {
      await recordEmail(manager, requestedMail(subject, data), envelope.eventId);
    } catch (error) {
      // The bus logs a failed handler's error; a query error carries its parameters (the mail, links included).
      throw new Error(`could not record the mail: ${(error as Error).message}`);
    }
    afterCommit(manager, async () => mailDispatcherOf(ctx)?.kick());
  }),
);
