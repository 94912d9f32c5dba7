import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { subscribe } from '../commands/subscriptions.js';
import { Author } from '../entities/author.entity.js';

/** New accounts: their names for the blog's bylines, and the newsletter box ticked at registration. */
export async function followRegistrations(ctx: ServiceContext): Promise<void> {
  await consumeWithInbox({
    bus: ctx.bus,
    dataSource: ctx.dataSource,
    logger: ctx.logger,
    consumer: 'content',
    subject: 'auth.user.registered',
    handle: async ({ userId, username, email, newsletterSubscribe }, _envelope, manager) => {
      await manager.upsert(Author, { userId, username }, ['userId']);
      if (newsletterSubscribe) await subscribe(manager, email, userId);
    },
  });
}
