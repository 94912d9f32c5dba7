import type { EntityManager } from 'typeorm';
import type { EventData } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { roleAfterSubscription } from '../domain/roles.js';
import { User } from '../entities/user.entity.js';

/** Records the user's plan and gives them the role it brings (an admin stays one), in the event's transaction. */
export async function applySubscriptionChange(
  ctx: ServiceContext,
  manager: EntityManager,
  { userId, planType, status }: EventData<'billing.subscription.changed'>,
): Promise<void> {
  const user = await manager.getRepository(User).findOneBy({ id: userId });
  if (!user) return; // deleted since
  const role = roleAfterSubscription(user.role, planType, status);
  await manager.update(User, { id: userId }, { planType, subscriptionStatus: status, role });
  if (role !== user.role) await ctx.outbox.add(manager, 'auth.user.role_changed', { userId, role, previousRole: user.role });
}
