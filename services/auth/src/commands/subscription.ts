import type { EntityManager } from 'typeorm';
import { isStalePlanChange, type EventData } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { roleAfterSubscription } from '../domain/roles.js';
import { User } from '../entities/user.entity.js';

/**
 * Records the user's plan and gives them the role it brings (an admin stays
 * one), in the event's transaction; a change older than the last applied
 * (arriving late) is skipped.
 */
export async function applySubscriptionChange(
  ctx: ServiceContext,
  manager: EntityManager,
  { userId, planType, status, changedAt }: EventData<'billing.subscription.changed'>,
  occurredAt: string,
): Promise<void> {
  const user = await manager.getRepository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
  if (!user) return; // deleted since
  // Billing dates each change; an event without the date is ordered by when it was announced.
  const planChangedAt = new Date(changedAt ?? occurredAt);
  if (isStalePlanChange(planChangedAt, user.planChangedAt)) return;
  const role = roleAfterSubscription(user.role, planType, status);
  await manager.update(User, { id: userId }, { planType, subscriptionStatus: status, role, planChangedAt });
  if (role !== user.role) await ctx.outbox.add(manager, 'auth.user.role_changed', { userId, role, previousRole: user.role });
}
