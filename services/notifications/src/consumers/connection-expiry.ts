import { AuthRequests } from '@planner/contracts';
import { ask, consume, HttpError } from '@planner/service-kit';
import { afterCommit } from '@planner/service-kit/data';
import { recordEmail } from '../commands/emails.js';
import { connectionExpiringMail } from '../domain/mail-requests.js';
import { mailDispatcherOf } from '../jobs/mail-delivery.js';

/**
 * Mails the organization's owner that a connection runs out soon (organizations' expiry sweep). The owner's address
 * is auth's: asked here, so it is the one the account has now. Auth not answering fails the delivery, which the bus
 * brings again; an account that is gone gets no mail. The inbox drops a second delivery of the event.
 */
export const connectionExpiryConsumer = consume('organizations.connection.expiring', async (data, { ctx, manager, envelope }) => {
  let owner;
  try {
    owner = await ask(ctx, AuthRequests.userContact, { user_id: data.ownerId });
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
    ctx.logger.info({ organizationId: data.organizationId, platform: data.platform }, 'the owner of an expiring connection has no account any more: no mail');
    return;
  }
  await recordEmail(manager, connectionExpiringMail(data, owner), envelope.eventId);
  afterCommit(manager, async () => mailDispatcherOf(ctx)?.kick());
});
