/** Access tokens are short-lived: a role change or ban reaches every service within this. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/** "Stay logged in" keeps a session 30 days; otherwise it lasts a working day. */
export const REFRESH_LIFETIME_MS = { stayLoggedIn: 30 * 24 * 3600_000, session: 24 * 3600_000 } as const;

export function refreshExpiry(now: Date, stayLoggedIn: boolean): Date {
  return new Date(now.getTime() + (stayLoggedIn ? REFRESH_LIFETIME_MS.stayLoggedIn : REFRESH_LIFETIME_MS.session));
}

export interface RefreshTokenState {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

/**
 * What presenting a refresh token leads to: a fresh one (rotate); a 401 for a
 * revoked or expired one; and for a token already rotated away, the theft
 * signal: revoke its whole family.
 */
export type RefreshVerdict = 'rotate' | 'reuse' | 'revoked' | 'expired';

export function judgeRefresh(token: RefreshTokenState, now: Date): RefreshVerdict {
  if (token.revokedAt) return 'revoked';
  if (token.usedAt) return 'reuse';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'rotate';
}

export interface BanState {
  isBanned: boolean;
  banExpiresAt: Date | null;
}

/** A ban holds while it has no end or its end is still ahead. */
export function isBanActive(user: BanState, now: Date): boolean {
  return user.isBanned && (user.banExpiresAt === null || user.banExpiresAt.getTime() > now.getTime());
}

/** Part 1 / issue 3: a deleted account's e-mail may not register again for 30 days. */
export const DELETED_ACCOUNT_HOLD_MS = 30 * 24 * 3600_000;

/** Whole hours left on a hold, rounded up so that "0 hours" never shows while it still holds. */
export function hoursRemaining(holdUntil: Date, now: Date): number {
  return Math.max(0, Math.ceil((holdUntil.getTime() - now.getTime()) / 3600_000));
}

/** Lifetimes of mailed single-use links. */
export const VERIFY_EMAIL_LIFETIME_MS = 24 * 3600_000;
export const RESET_PASSWORD_LIFETIME_MS = 3600_000;

/** At most `attempts` per window of `windowSeconds`, the window starting with the first. */
export interface AttemptLimit {
  attempts: number;
  windowSeconds: number;
}

/** Resends of the verification mail per e-mail: this many per window. */
export const RESEND_LIMIT: AttemptLimit = { attempts: 3, windowSeconds: 3600 };

/** Reset mails per account, as resends (issue 28): more requests are answered alike and mail nothing. */
export const RESET_MAIL_LIMIT: AttemptLimit = { attempts: 3, windowSeconds: 3600 };

/**
 * Password attempts per e-mail, from any address (issue 28): past this many
 * without a success, password logins of that e-mail are refused (429) for the
 * rest of the window, the right password too. See docs/decisions/credential-limits.md.
 */
export const LOGIN_FAILURE_LIMIT: AttemptLimit = { attempts: 10, windowSeconds: 15 * 60 };
