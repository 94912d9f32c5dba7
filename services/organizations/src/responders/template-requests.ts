import { OrganizationRequests } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { getTemplate } from '../commands/templates.js';
import { toTemplateView } from '../domain/templates.js';

/**
 * The posts service's generator fills the fields a user left empty from a
 * chosen template (part 2 §3). The asker has checked the caller's access to
 * the organization; a template of another organization is a 404 here.
 */
export const templateRequests = [
  respond(OrganizationRequests.template, async ({ organization_id, template_id }, ctx) => toTemplateView(await getTemplate(ctx, organization_id, template_id))),
];
