import { createContext, useContext } from 'react';
import type { OrganizationSummary } from './organizations.js';

/**
 * The organization <RequireOrganization> selected, for the remote pages' `host.organization`. Apart from
 * guards.tsx, which is part of the signed-in chunk: RemotePage reads it on every page, a visitor's too.
 */
export const SelectedOrganization = createContext<OrganizationSummary | null>(null);

/** The selected organization inside <RequireOrganization>, null outside it. */
export function useSelectedOrganizationOrNull(): OrganizationSummary | null {
  return useContext(SelectedOrganization);
}
