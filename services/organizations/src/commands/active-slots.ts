import type { EntityManager } from 'typeorm';
import { organizationLimitRefusal, organizationLimits, type Role } from '@planner/contracts';
import { HttpError } from '@planner/service-kit';
import { advisoryLock } from '@planner/service-kit/data';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

/**
 * Serialises, until `manager`'s transaction ends, the changes to one owner's active organizations
 * (creating, activating, deactivating, a plan change): two at once cannot both take the last free slot.
 */
export async function lockOwnerOrganizations(manager: EntityManager, ownerId: string): Promise<void> {
  await advisoryLock(manager, `organizations:${ownerId}`);
}

/**
 * Part 1 §5, part 2 §4: creating or activating an organization needs a free slot in the owner's plan,
 * else 403 with the plan limit message. Call it holding lockOwnerOrganizations: the owner's role is
 * read under the lock, so a plan change committed while this waited counts (`roleUntilKnown` stands
 * in until auth's events have brought the owner).
 */
export async function requireFreeSlot(manager: EntityManager, ownerId: string, roleUntilKnown: Role): Promise<void> {
  const owner = await manager.findOneBy(Member, { userId: ownerId });
  const active = await manager.countBy(Organization, { ownerId, isActive: true });
  const refusal = organizationLimitRefusal(organizationLimits(owner?.role ?? roleUntilKnown, active, 0));
  if (refusal) throw new HttpError(403, refusal);
}
