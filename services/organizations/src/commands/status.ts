import { OrganizationMessages } from '@planner/contracts';
import { HttpError, notFound, type ServiceContext } from '@planner/service-kit';
import { organizationLimits } from '../domain/limits.js';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Activates or deactivates an organization (part 1 §4, part 2 §4): activation
 * only while the owner's plan has a free slot; deactivation with a reason, by
 * default 'User initiated deactivation'. Serialised per owner.
 */
export function setActive(ctx: ServiceContext, organizationId: string, activate: boolean, reason?: string): Promise<Organization> {
  return ctx.dataSource.transaction(async (manager) => {
    if (!UUID.test(organizationId)) throw notFound();
    const organization = await manager.findOneBy(Organization, { id: organizationId });
    if (!organization) throw notFound();
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`organizations:${organization.ownerId}`]);
    if (activate) {
      if (organization.isActive) return organization;
      const owner = await manager.findOneBy(Member, { userId: organization.ownerId });
      const active = await manager.countBy(Organization, { ownerId: organization.ownerId, isActive: true });
      const limits = organizationLimits(owner?.role ?? 'basic', active, 0);
      if (!limits.can_create_more) throw new HttpError(403, OrganizationMessages.planLimitReached(limits.limit ?? 0));
      Object.assign(organization, { isActive: true, deactivatedAt: null, deactivationReason: null });
    } else {
      Object.assign(organization, {
        isActive: false,
        deactivatedAt: new Date(),
        deactivationReason: reason?.trim() || OrganizationMessages.defaultDeactivationReason,
      });
    }
    return manager.save(organization);
  });
}
