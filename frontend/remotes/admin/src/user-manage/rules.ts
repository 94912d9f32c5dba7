import { AuthMessages, LIMITS } from '@planner/contracts';

/**
 * Part 1 §5: a ban needs a reason that is not blank, and a duration of whole
 * hours, at least 1; no duration is a permanent ban.
 */
export function checkBan(reason: string, hours: string): { ban: { reason: string; duration_hours: number | null } } | { errors: Partial<Record<'reason' | 'hours', string>> } {
  const errors: Partial<Record<'reason' | 'hours', string>> = {};
  if (!reason.trim()) errors.reason = AuthMessages.banReasonRequired;
  const typed = hours.trim();
  if (typed && (!/^\d+$/.test(typed) || Number(typed) < LIMITS.banMinHours)) errors.hours = AuthMessages.banDurationInvalid;
  if (errors.reason || errors.hours) return { errors };
  return { ban: { reason: reason.trim(), duration_hours: typed ? Number(typed) : null } };
}

/** Part 1 §5: an admin deactivating an organization gives a reason. */
export function checkDeactivation(reason: string): { reason: string } | { error: string } {
  return reason.trim() ? { reason: reason.trim() } : { error: AuthMessages.deactivateReasonRequired };
}

/** Where the page was opened from (returnTo, only a path of this site) with the origin's tab and search, to go back to. */
export function originPath(params: URLSearchParams): string {
  const returnTo = params.get('returnTo');
  const base = returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\') ? returnTo : '/admin';
  const back = new URLSearchParams();
  for (const key of ['tab', 'searchQuery', 'searchType']) {
    const value = params.get(key);
    if (value) back.set(key, value);
  }
  const query = back.toString();
  if (!query) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
