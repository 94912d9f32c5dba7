import { OrganizationMessages } from '@planner/contracts';
import { notFound, type ServiceContext } from '@planner/service-kit';
import { lockOwnerOrganizations, requireFreeSlot } from './active-slots.js';
import { UUID } from '../domain/ids.js';
import { Member } from '../entities/member.entity.js';
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
    const ref = { organizationId: organization.id, ownerId: organization.ownerId, by: change.by };
    if (change.activate) {
      const owner = await manager.findOneBy(Member, { userId: organization.ownerId });
      await requireFreeSlot(manager, organization.ownerId, owner?.role ?? 'basic');
      Object.assign(organization, { isActive: true, deactivatedAt: null, deactivationReason: null });
      await ctx.outbox.add(manager, 'organizations.organization.activated', ref);
    } else {
      const reason = change.reason?.trim() || OrganizationMessages.defaultDeactivationReason;
      Object.assign(organization, { isActive: false, deactivatedAt: new Date(), deactivationReason: reason });
      await ctx.outbox.add(manager, 'organizations.organization.deactivated', { ...ref, reason });
    }
    return manager.save(organization);
  });
}
