import { isAdminRole, OrganizationRequests, type Identity, type OrganizationAccess, type OrganizationFacts } from '@planner/contracts';
import { ask } from './entry-points.js';
import { rowId } from './ids.js';
import type { BaseServiceContext } from './runtime.js';

/**
 * Whether the caller may act on the organization: its owner, or an admin. The
 * organizations service decides; another tenant's id (or one that does not
 * exist) is a 404, as organizations answers it; one that is no UUID is that
 * 404 without asking (a 1 MB one would not even fit in a request). `requireActive`: changes to an
 * inactive organization are refused (403, its message).
 */
export async function organizationAccess(
  ctx: BaseServiceContext,
  caller: Identity,
  organizationId: string,
  { requireActive = false }: { requireActive?: boolean } = {},
): Promise<OrganizationAccess> {
  return ask(ctx, OrganizationRequests.access, { organization_id: rowId(organizationId), user_id: caller.userId, require_active: requireActive });
}

/** What a service needs to know of an organization: its owner's plan, its time zone, its settings (an id that is no UUID: 404, as above). */
export async function organizationFacts(ctx: BaseServiceContext, organizationId: string): Promise<OrganizationFacts> {
  return ask(ctx, OrganizationRequests.facts, { organization_id: rowId(organizationId) });
}

/** Admins act on any organization without its owner's limits. */
export function actsAsAdmin(caller: Identity): boolean {
  return isAdminRole(caller.role);
}
