import { type ServiceContext } from '@planner/service-kit';
import { consumeWithInbox } from '@planner/service-kit/data';
import { roleAfterSubscription } from '../domain/roles.js';
import { User } from '../entities/user.entity.js';

/** The user's role follows their plan (billing.subscription.changed), once per event. */
export function followSubscriptions(ctx: ServiceContext): Promise<void> {
  return consumeWithInbox({
    bus: ctx.bus,
    dataSource: ctx.dataSource,
    logger: ctx.logger,
    consumer: 'auth',
    subject: 'billing.subscription.changed',
    handle: async ({ userId, planType, status }, _envelope, manager) => {
      const user = await manager.getRepository(User).findOneBy({ id: userId });
      if (!user) return; // deleted since
      const role = roleAfterSubscription(user.role, planType, status);
      await manager.update(User, { id: userId }, { planType, subscriptionStatus: status, role });
      if (role !== user.role) await ctx.outbox.add(manager, 'auth.user.role_changed', { userId, role, previousRole: user.role });
    },
  });
}
