import { z } from 'zod';
import { OrganizationMessages } from '@planner/contracts';

/** The organization a query or body acts on (part 2 §7 `organization_id`): missing or not an id, none is selected. */
export const organizationIdSchema = z.string({ error: OrganizationMessages.noOrganizationSelected }).uuid(OrganizationMessages.noOrganizationSelected);
