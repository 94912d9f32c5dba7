import { isAdminRole, OrganizationMessages, planForRole, type Identity, type OrganizationAccess, type OrganizationFacts } from '@planner/contracts';
import { forbidden, notFound, type ServiceContext } from '@planner/service-kit';
import { UUID } from '../domain/ids.js';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

/** The caller as the read model knows them; the token's claims until auth's events have arrived. */
export async function memberOf(ctx: ServiceContext, identity: Identity): Promise<Pick<Member, 'role' | 'emailVerified'>> {
  return (await ctx.dataSource.getRepository(Member).findOneBy({ userId: identity.userId })) ?? identity;
}

/** 404 unless the organization exists and belongs to the caller: others' organizations are not revealed. */
export async function ownOrganization(ctx: ServiceContext, identity: Identity, id: string): Promise<Organization> {
  const organization = UUID.test(id) ? await ctx.dataSource.getRepository(Organization).findOneBy({ id, ownerId: identity.userId }) : null;
  if (!organization) throw notFound();
  return organization;
}

/** As ownOrganization, for a change: an inactive organization cannot be configured (part 2 §2). */
export async function ownActiveOrganization(ctx: ServiceContext, identity: Identity, id: string): Promise<Organization> {
  const organization = await ownOrganization(ctx, identity, id);
  if (!organization.isActive) throw forbidden(OrganizationMessages.inactive);
  return organization;
}

/** Changing an organization needs a verified e-mail (part 1 §5); `action` ends the refusal's sentence. */
export async function requireVerified(ctx: ServiceContext, identity: Identity, action: string): Promise<void> {
  if (!(await memberOf(ctx, identity)).emailVerified) throw forbidden(OrganizationMessages.verifyEmailBefore(action));
}

/** Connecting platforms needs the caller's organization, active, and a verified e-mail (part 2 §2). */
export async function configurableOrganization(ctx: ServiceContext, identity: Identity, id: string): Promise<Organization> {
  const organization = await ownOrganization(ctx, identity, id);
  if (!(await memberOf(ctx, identity)).emailVerified) throw forbidden(OrganizationMessages.verifyEmailBeforePlatforms);
  if (!organization.isActive) throw forbidden(OrganizationMessages.inactive);
  return organization;
}

/**
 * Whether a user may act on an organization, for other services: its owner,
 * or an admin (role from auth's events).
 * Anyone else gets the same 404 as a missing organization.
 */
export async function checkAccess(
  ctx: ServiceContext,
  request: { organization_id: string; user_id: string; require_active?: boolean },
): Promise<OrganizationAccess> {
  const organization = UUID.test(request.organization_id) ? await ctx.dataSource.getRepository(Organization).findOneBy({ id: request.organization_id }) : null;
  if (!organization) throw notFound();
  let as: OrganizationAccess['as'] = 'owner';
  if (organization.ownerId !== request.user_id) {
    const member = UUID.test(request.user_id) ? await ctx.dataSource.getRepository(Member).findOneBy({ userId: request.user_id }) : null;
    if (!member || !isAdminRole(member.role)) throw notFound();
    as = 'admin';
  }
  if (request.require_active && !organization.isActive) throw forbidden(OrganizationMessages.inactive);
  return { organization_id: organization.id, owner_id: organization.ownerId, as, is_active: organization.isActive };
}

/** What other services need to know of an organization: its owner's role and plan, its settings and status. */
export async function organizationFacts(ctx: ServiceContext, organizationId: string): Promise<OrganizationFacts> {
  const organization = UUID.test(organizationId) ? await ctx.dataSource.getRepository(Organization).findOneBy({ id: organizationId }) : null;
  if (!organization) throw notFound();
  const owner = await ctx.dataSource.getRepository(Member).findOneBy({ userId: organization.ownerId });
  // Until auth's events arrive the owner counts as basic, as the plan limits do.
  const role = owner?.role ?? 'basic';
  return {
    organization_id: organization.id,
    owner_id: organization.ownerId,
    name: organization.name,
    owner_role: role,
    plan: planForRole(role),
    language: organization.language,
    default_before_post_review_time: organization.defaultBeforePostReviewTime,
    timezone: organization.timezone,
    is_active: organization.isActive,
  };
}
