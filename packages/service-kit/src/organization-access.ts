import { isAdminRole, OrganizationRequests, type Identity, type OrganizationAccess, type OrganizationFacts } from '@planner/contracts';
import { ask } from './entry-points.js';
import type { BaseServiceContext } from './runtime.js';

/**
 * Whether the caller may act on the organization: its owner, or an admin. The
 * organizations service decides; another tenant's id (or one that does not
 * exist) is a 404, as organizations answers it. `requireActive`: changes to an
 * inactive organization are refused (403, its message).
 */
export function organizationAccess(
  ctx: BaseServiceContext,
  caller: Identity,
  organizationId: string,
  { requireActive = false }: { requireActive?: boolean } = {},
): Promise<OrganizationAccess> {
  return ask(ctx, OrganizationRequests.access, { organization_id: organizationId, user_id: caller.userId, require_active: requireActive });
}

/** What a service needs to know of an organization: its owner's plan, its time zone, its settings. */
export function organizationFacts(ctx: BaseServiceContext, organizationId: string): Promise<OrganizationFacts> {
  return ask(ctx, OrganizationRequests.facts, { organization_id: organizationId });
}

/** Admins act on any organization without its owner's limits. */
export function actsAsAdmin(caller: Identity): boolean {
  return isAdminRole(caller.role);
}
