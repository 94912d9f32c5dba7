/**
 * What only a signed-in user's pages need: the route guards (with the organizations
 * query) and the navigation bar's items for a user (with the organization switcher).
 * One chunk (signed-in-lazy.ts), fetched when the first of them renders, so a
 * visitor's `/` goes without it (the landing page's JavaScript budget).
 */
export { RequireAdmin, RequireAuth, RequireFeature, RequireOrganization } from './guards.js';
export { UserNavLinks } from './UserNavLinks.js';
