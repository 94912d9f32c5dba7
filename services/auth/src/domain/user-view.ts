import { effectiveCapabilities, type PublicUser } from '@planner/contracts';
import type { User } from '../entities/user.entity.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The user as the API shows it: capabilities resolved, no secrets. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    email_verified: user.emailVerified,
    newsletter_subscribed: user.newsletterSubscribed,
    created_at: user.createdAt.toISOString(),
    last_login: iso(user.lastLogin),
    is_banned: user.isBanned,
    ban_reason: user.banReason,
    banned_at: iso(user.bannedAt),
    ban_expires_at: iso(user.banExpiresAt),
    capabilities: effectiveCapabilities(user.role, {
      can_use_generator: user.canUseGenerator,
      can_use_calendar: user.canUseCalendar,
      can_use_auto_post: user.canUseAutoPost,
      can_use_post_review: user.canUsePostReview,
    }),
    subscription: user.planType && user.subscriptionStatus ? { plan_type: user.planType, status: user.subscriptionStatus } : null,
  };
}
