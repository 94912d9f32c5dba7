import { ROLE_LABELS, type PublicUser } from '@planner/contracts';

/** Part 1 §4: a ban lasts until its end, or for good without one. */
export function isBanned(user: Pick<PublicUser, 'is_banned' | 'ban_expires_at'>, now: Date = new Date()): boolean {
  return user.is_banned && (user.ban_expires_at === null || new Date(user.ban_expires_at).getTime() > now.getTime());
}

/** The user list's status column (part 1 §4: Active or Banned). */
export function userStatus(user: Pick<PublicUser, 'is_banned' | 'ban_expires_at'>, now?: Date): 'Active' | 'Banned' {
  return isBanned(user, now) ? 'Banned' : 'Active';
}

export const roleLabel = (user: Pick<PublicUser, 'role'>) => ROLE_LABELS[user.role];
