import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { subscribe } from '../commands/subscriptions.js';
import { Author } from '../entities/author.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/**
 * Accounts as content needs them: names for the blog's bylines, the
 * newsletter box ticked at registration, and a deleted account's address
 * taken off the list (its data goes with it).
 */
export async function followAccounts(ctx: ServiceContext): Promise<void> {
  const common = { bus: ctx.bus, dataSource: ctx.dataSource, logger: ctx.logger, consumer: 'content' } as const;
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.registered',
    handle: async ({ userId, username, email, newsletterSubscribe }, _envelope, manager) => {
      await manager.upsert(Author, { userId, username }, ['userId']);
      if (newsletterSubscribe) await subscribe(manager, email, userId);
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.deleted',
    handle: async ({ email }, _envelope, manager) => {
      await manager.delete(Subscriber, { email: email.toLowerCase() });
    },
  });
}
