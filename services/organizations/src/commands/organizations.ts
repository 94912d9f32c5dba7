import { OrganizationMessages, organizationLimits, type Identity, type OrganizationLimits } from '@planner/contracts';
import { forbidden, type ServiceContext } from '@planner/service-kit';
import { Organization } from '../entities/organization.entity.js';
import { memberOf } from './access.js';
import { lockOwnerOrganizations, requireFreeSlot } from './active-slots.js';
import { organizationViews } from './organization-views.js';

/** The settings an owner changes (part 2 §2), one at a time. */
export type OrganizationChanges = Partial<Pick<Organization, 'name' | 'language' | 'defaultBeforePostReviewTime' | 'timezone'>>;

/** An owner's organizations, oldest first, as the API shows them. */
export async function organizationsOfOwner(ctx: ServiceContext, ownerId: string) {
  const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { ownerId }, order: { createdAt: 'ASC' } });
  return organizationViews(ctx, organizations);
}

/** Every inactive organization with its owner, the latest deactivated first (auth's admin pages). */
export async function inactiveOrganizations(ctx: ServiceContext) {
  const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { isActive: false }, order: { deactivatedAt: 'DESC' } });
  return (await organizationViews(ctx, organizations)).map((view, i) => ({ ...view, owner_id: organizations[i]!.ownerId }));
}

/** Every organization, active or not (part 2 §3 total_organizations). */
export function countOrganizations(ctx: ServiceContext): Promise<number> {
  return ctx.dataSource.getRepository(Organization).count();
}

/** The caller's plan limit with how many organizations they have active and inactive (part 1 §5). */
export async function organizationLimitsOf(ctx: ServiceContext, identity: Identity): Promise<OrganizationLimits> {
  const organizations = ctx.dataSource.getRepository(Organization);
  const [active, inactive, member] = await Promise.all([
    organizations.countBy({ ownerId: identity.userId, isActive: true }),
    organizations.countBy({ ownerId: identity.userId, isActive: false }),
    memberOf(ctx, identity),
  ]);
  return organizationLimits(member.role, active, inactive);
}

/**
 * Creates an organization for a verified caller while their plan has a free slot (part 1 §5),
 * with its created event; serialised per owner.
 */
export async function createOrganization(ctx: ServiceContext, identity: Identity, name: string): Promise<Organization> {
  const member = await memberOf(ctx, identity);
  if (!member.emailVerified) throw forbidden(OrganizationMessages.verifyEmailBefore('creating an account.'));
  return ctx.dataSource.transaction(async (manager) => {
    await lockOwnerOrganizations(manager, identity.userId);
    await requireFreeSlot(manager, identity.userId, member.role);
    const created = await manager.save(manager.create(Organization, { ownerId: identity.userId, name }));
    await ctx.outbox.add(manager, 'organizations.organization.created', {
      organizationId: created.id,
      ownerId: created.ownerId,
      name: created.name,
      language: created.language,
      defaultBeforePostReviewTime: created.defaultBeforePostReviewTime,
      isActive: created.isActive,
    });
    return created;
  });
}

/** Changes an organization's settings, with the updated event naming only what changed. */
export async function updateOrganization(ctx: ServiceContext, organization: Organization, changes: OrganizationChanges): Promise<void> {
  await ctx.dataSource.transaction(async (manager) => {
    await manager.update(Organization, { id: organization.id }, changes);
    await ctx.outbox.add(manager, 'organizations.organization.updated', { organizationId: organization.id, ownerId: organization.ownerId, changes });
  });
}
