import { AuthMessages, OrganizationRequests } from '@planner/contracts';
import { badRequest, respond } from '@planner/service-kit';
import { checkAccess, organizationFacts } from '../commands/access.js';
import { organizationView } from '../commands/organization-views.js';
import { countOrganizations, inactiveOrganizations, organizationsOfOwner } from '../commands/organizations.js';
import { setActive } from '../commands/status.js';
import { UUID } from '../domain/ids.js';

/**
 * Answers other services: auth's admin pages (a user's organizations, status
 * changes, the inactive ones), everyone's access check and facts, and the
 * posts service's statistics (part 2 §3 total_organizations).
 */
export const organizationRequests = [
  respond(OrganizationRequests.access, (request, ctx) => checkAccess(ctx, request)),
  respond(OrganizationRequests.facts, ({ organization_id }, ctx) => organizationFacts(ctx, organization_id)),
  respond(OrganizationRequests.setStatus, async ({ organization_id, activate, reason }, ctx) => {
    // An admin must say why (part 1 §5); auth checks it too, this side does not rely on that.
    if (!activate && !reason?.trim()) throw badRequest(AuthMessages.deactivateReasonRequired);
    return organizationView(ctx, await setActive(ctx, organization_id, { activate, reason, by: 'admin' }));
  }),
  respond(OrganizationRequests.listInactive, (_request, ctx) => inactiveOrganizations(ctx)),
  // Not a user id: a user that has no organizations.
  respond(OrganizationRequests.listByOwner, async ({ user_id }, ctx) => (UUID.test(user_id) ? organizationsOfOwner(ctx, user_id) : [])),
  respond(OrganizationRequests.count, async (_request, ctx) => ({ total_organizations: await countOrganizations(ctx) })),
];
