import { SharedMessages } from '@planner/contracts';
import { isApiError, type Organization } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useShell, useUser, type ShellServices } from './shell-context.js';

/** What the switcher and guard read of an organization (the API's, ApiEndpoints GET /organizations). */
export type OrganizationSummary = Pick<Organization, 'id' | 'name' | 'is_active'>;

/** Shared with the account remote's pages, so a change there refreshes the switcher and guard. */
export const ORGANIZATIONS_KEY = ['organizations'];
/** Part 1 §9: the organization list is cached 24 hours; a fetch gives up after 10 s. */
export const ORGANIZATION_CACHE_MS = 24 * 60 * 60_000;
export const ORGANIZATION_FETCH_TIMEOUT_MS = 10_000;
const CACHE_KEY = 'organizations_cache';

/** Part 2 §8, organizations load. */
export const OrganizationLoadMessages = {
  failed: 'Failed to load organizations',
  showingCached: 'Network error, showing cached organizations',
} as const;

interface Cached {
  userId: string;
  at: number;
  list: OrganizationSummary[];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(SharedMessages.noResponse)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function readCache(storage: Storage, userId: string, now: number): OrganizationSummary[] | null {
  try {
    const cached = JSON.parse(storage.getItem(CACHE_KEY) ?? 'null') as Cached | null;
    if (cached && cached.userId === userId && now - cached.at < ORGANIZATION_CACHE_MS) return cached.list;
  } catch {
    // A damaged cache is as good as none.
  }
  return null;
}

/**
 * The user's organizations: fetched fresh, kept for 24 h in localStorage, and
 * shown from there with a notice when the server cannot be reached.
 */
export async function loadOrganizations(services: ShellServices, userId: string, now: () => number = Date.now): Promise<OrganizationSummary[]> {
  try {
    const list = await withTimeout(services.client.request('GET', '/organizations'), ORGANIZATION_FETCH_TIMEOUT_MS);
    services.storage.setItem(CACHE_KEY, JSON.stringify({ userId, at: now(), list } satisfies Cached));
    return list;
  } catch (error) {
    const unreachable = !isApiError(error) || error.status === 0 || error.status === 503;
    const cached = unreachable ? readCache(services.storage, userId, now()) : null;
    if (cached) {
      services.toasts.show({ kind: 'warning', message: OrganizationLoadMessages.showingCached });
      return cached;
    }
    const limited = isApiError(error) && error.status === 429;
    services.toasts.show({ kind: 'error', message: limited ? SharedMessages.rateLimitedShort : OrganizationLoadMessages.failed });
    throw error;
  }
}

export function useOrganizations() {
  const services = useShell();
  const user = useUser();
  return useQuery({
    queryKey: ORGANIZATIONS_KEY,
    queryFn: () => loadOrganizations(services, user?.id ?? ''),
    enabled: user !== null,
    retry: false,
  });
}
