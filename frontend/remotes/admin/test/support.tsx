import type { PublicUser } from '@planner/contracts';
import type { Organization } from '@planner/remote-contract';
import { testHost, user, type Call } from '../../account/test/support.js';

// The account remote's host stand-in and renderer serve every remote's page tests.
export { apiError, renderPage, user, type Call } from '../../account/test/support.js';

export const ADMIN = user({ id: '00000000-0000-4000-8000-0000000000ad', username: 'root', email: 'root@example.com', role: 'admin' });
export const USER_ID = '00000000-0000-4000-8000-000000000007';

/** A route of the stand-in API: method, path (with its query) and the answer (a thrown error is the failure). */
export type Answer = (call: Call) => unknown;

/** An admin's host whose API answers each call from `routes` by "METHOD path" (query included), else from `other`. */
export function adminHost(routes: Record<string, Answer> = {}, other: Answer = () => ({})) {
  return testHost((call) => (routes[`${call.method} ${call.path}`] ?? other)(call), ADMIN);
}

/** The calls made with `method` whose path starts with `path`. */
export function callsTo(calls: Call[], method: string, path: string): Call[] {
  return calls.filter((call) => call.method === method && call.path.startsWith(path));
}

export function member(overrides: Partial<PublicUser> = {}): PublicUser {
  return user({ id: USER_ID, username: 'sam', email: 'sam@example.com', role: 'basic', ...overrides });
}

export function organization(id: string, name: string, overrides: Partial<Organization> = {}): Organization {
  return {
    id,
    name,
    created_at: '2026-03-01T10:00:00.000Z',
    is_active: true,
    deactivated_at: null,
    deactivation_reason: null,
    language: 'en-US',
    default_before_post_review_time: 60,
    timezone: 'UTC',
    platforms: {},
    ...overrides,
  };
}

export const page = (total: number, totalPages = 1, pageNumber = 1) => ({ page: pageNumber, per_page: 10, total, total_pages: totalPages });
