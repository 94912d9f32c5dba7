import { isApiError } from '@planner/remote-contract';
import { reloadUser, type ShellServices } from '../shell-context.js';

/** Part 1 §4, §9: the user's role is rechecked every 5 minutes. */
export const ROLE_CHECK_MS = 5 * 60_000;

/**
 * Rechecks the logged-in user: a changed role or verification is stored (and so
 * reaches the other tabs); a user who no longer exists is logged out. A 401 is
 * the API client's (refresh, then the session-expired redirect).
 */
export async function checkUser(services: ShellServices): Promise<void> {
  if (!services.session.user) return;
  try {
    await reloadUser(services);
  } catch (error) {
    if (isApiError(error) && error.status === 404) services.session.clear();
  }
}

export function startSessionChecks(services: ShellServices): () => void {
  void checkUser(services);
  const timer = setInterval(() => void checkUser(services), ROLE_CHECK_MS);
  return () => clearInterval(timer);
}
