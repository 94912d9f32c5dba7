/**
 * The organization selected in the shell's switcher, kept here for the shell (its switcher and guards) and the remotes: its id in localStorage under
 * SELECTED_ORGANIZATION_KEY, and an ORGANIZATION_SELECTED_EVENT on window so this tab's switcher and guard read it
 * again (other tabs hear `storage`). A page outside /organization/* (the home dashboard) selects an organization
 * with it before opening one of that organization's pages that takes no id in its path (Post Review).
 */
export const SELECTED_ORGANIZATION_KEY = 'selected_organization_id';
export const ORGANIZATION_SELECTED_EVENT = 'planner:organization-selected';

export function selectOrganization(storage: Storage, id: string): void {
  storage.setItem(SELECTED_ORGANIZATION_KEY, id);
  window.dispatchEvent(new Event(ORGANIZATION_SELECTED_EVENT));
}
