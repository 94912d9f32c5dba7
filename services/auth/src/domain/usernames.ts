import { LIMITS } from '@planner/contracts';

/**
 * A valid username (part 1 §5) made from an e-mail's local part, for accounts
 * created without one (the seeded admin, Google sign-in).
 */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.replace(/[^A-Za-z0-9._]/g, '').slice(0, LIMITS.usernameMaxLength);
  return cleaned.length > 0 ? cleaned : 'user';
}

/** `base`, or `base` with the smallest numeric suffix not taken, within 30 characters. */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  const lowerTaken = new Set([...taken].map((name) => name.toLowerCase()));
  if (!lowerTaken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, LIMITS.usernameMaxLength - suffix.length) + suffix;
    if (!lowerTaken.has(candidate.toLowerCase())) return candidate;
  }
}
