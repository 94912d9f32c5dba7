import { type ServiceContext } from '@planner/service-kit';
import { consumeWithInbox } from '@planner/service-kit/data';
import { activatePending, addPending, subscribe } from '../commands/subscriptions.js';
import { Author } from '../entities/author.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/**
 * Accounts as content needs them: names for the blog's bylines, the
 * newsletter box ticked at registration (active once the address is
 * verified), and a deleted account's address taken off the list (its data goes with it).
 */
export async function followAccounts(ctx: ServiceContext): Promise<void> {
  const common = { bus: ctx.bus, dataSource: ctx.dataSource, logger: ctx.logger, consumer: 'content' } as const;
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.registered',
    handle: async ({ userId, username, email, newsletterSubscribe, emailVerified }, _envelope, manager) => {
      await manager.upsert(Author, { userId, username }, ['userId']);
      if (!newsletterSubscribe) return;
      // The ticked box counts once the address is known to be the user's (double opt-in by auth's verification).
      if (emailVerified) await subscribe(manager, email, userId);
      else await addPending(manager, email, userId);
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.verified',
    handle: async ({ userId }, _envelope, manager) => activatePending(manager, userId),
  });
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.deleted',
    handle: async ({ email }, _envelope, manager) => {
      await manager.delete(Subscriber, { email: email.toLowerCase() });
    },
  });
}
