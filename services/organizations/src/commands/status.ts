import type { EntityManager } from 'typeorm';
import { OrganizationMessages, type EventData } from '@planner/contracts';
import { notFound, type ServiceContext } from '@planner/service-kit';
import { lockOwnerOrganizations, requireFreeSlot } from './active-slots.js';
import { UUID } from '../domain/ids.js';
import { Organization } from '../entities/organization.entity.js';

/**
 * Activates or deactivates an organization (part 1 §4, part 2 §4): activation
 * only while the owner's plan has a free slot; deactivation with a reason, by
 * default 'User initiated deactivation'. Serialised per owner. The change and
 * its event are written together; asking for the status it already has changes nothing.
 */
export function setActive(
  ctx: ServiceContext,
  organizationId: string,
  change: { activate: boolean; reason?: string; by: 'owner' | 'admin' },
): Promise<Organization> {
  return ctx.dataSource.transaction(async (manager) => {
    if (!UUID.test(organizationId)) throw notFound();
    const organization = await manager.findOneBy(Organization, { id: organizationId });
    if (!organization) throw notFound();
    await lockOwnerOrganizations(manager, organization.ownerId);
    if (organization.isActive === change.activate) return organization;
    if (!change.activate) {
      return deactivate(ctx, manager, organization, { reason: change.reason?.trim() || OrganizationMessages.defaultDeactivationReason, by: change.by });
    }
    await requireFreeSlot(manager, organization.ownerId, 'basic');
    Object.assign(organization, { isActive: true, deactivatedAt: null, deactivationReason: null });
    await ctx.outbox.add(manager, 'organizations.organization.activated', { organizationId: organization.id, ownerId: organization.ownerId, by: change.by });
    return manager.save(organization);
  });
}

/**
 * Deactivates an active organization with its reason, and its deactivated
 * event, in `manager`'s transaction: nothing of it is deleted. Call it holding
 * lockOwnerOrganizations.
 */
export async function deactivate(
  ctx: ServiceContext,
  manager: EntityManager,
  organization: Organization,
  { reason, by }: Pick<EventData<'organizations.organization.deactivated'>, 'reason' | 'by'>,
): Promise<Organization> {
  Object.assign(organization, { isActive: false, deactivatedAt: new Date(), deactivationReason: reason });
  await ctx.outbox.add(manager, 'organizations.organization.deactivated', { organizationId: organization.id, ownerId: organization.ownerId, by, reason });
  return manager.save(organization);
}
