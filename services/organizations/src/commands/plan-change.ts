import type { EntityManager } from 'typeorm';
import { isStalePlanChange, type EventData } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { lockOwnerOrganizations } from './active-slots.js';
import { deactivate } from './status.js';
import { planChangeOutcome } from '../domain/plan-change.js';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

/**
 * A plan takes effect for a user (issue 17), in the event's transaction: the
 * member's role follows it, as auth's does, and their active organizations over
 * its limit are deactivated with the reason and their events. Under the owner's
 * lock, so an organization created or activated meanwhile is counted, or waits
 * and then meets the new limit. A change older than the last applied is skipped.
 */
export async function applyPlanChange(
  ctx: ServiceContext,
  manager: EntityManager,
  change: EventData<'billing.subscription.changed'>,
  occurredAt: string,
): Promise<void> {
  const { userId } = change;
  // Billing dates each change; an event without the date is ordered by when it was announced.
  const changedAt = new Date(change.changedAt ?? occurredAt);
  await lockOwnerOrganizations(manager, userId);
  const member = await manager.findOneBy(Member, { userId });
  if (!member) {
    // Not registered here yet, or deleted since: no organizations to apply the plan to, no role to set.
    ctx.logger.warn({ userId, planType: change.planType }, 'plan change for a user organizations does not know; skipped');
    return;
  }
  if (isStalePlanChange(changedAt, member.planChangedAt)) {
    ctx.logger.info({ userId, changedAt, lastApplied: member.planChangedAt }, 'plan change older than the last applied; skipped');
    return;
  }
  const active = await manager.findBy(Organization, { ownerId: userId, isActive: true });
  const outcome = planChangeOutcome(member.role, change, active);
  await manager.update(Member, { userId }, { role: outcome.role, planChangedAt: changedAt });
  for (const organization of outcome.deactivate) await deactivate(ctx, manager, organization, { reason: outcome.reason, by: 'plan' });
}
