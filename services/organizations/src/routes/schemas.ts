import { z } from 'zod';
import { OrganizationMessages } from '@planner/contracts';

/** Text to be stored: Postgres refuses U+0000 in text, so it is refused here with a 400 instead of failing the write. */
export function storedText<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !value.includes('\u0000'), { message: OrganizationMessages.nulCharacter });
}

/** The organization a query or body acts on (part 2 §7 `organization_id`): missing or not an id, none is selected. */
export const organizationIdSchema = z.string({ error: OrganizationMessages.noOrganizationSelected }).uuid(OrganizationMessages.noOrganizationSelected);
