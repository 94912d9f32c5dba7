import { z } from 'zod';
import { AuthMessages } from './messages.js';
import { OrganizationMessages } from './organizations.js';
import { LIMITS } from './plans.js';
import { capabilitiesSchema, roleSchema } from './roles.js';

/** Part 1 §5: at most 30 characters of letters, digits, dot and underscore. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, AuthMessages.registrationFailed)
  .max(LIMITS.usernameMaxLength, AuthMessages.usernameTooLong)
  .regex(/^[A-Za-z0-9._]+$/, AuthMessages.usernameCharacters);

/** Part 1 §5: at least 8 characters with an uppercase letter, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= LIMITS.passwordMinLength &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const strongPasswordSchema = z.string().refine(isStrongPassword, AuthMessages.weakPassword);

export const emailSchema = z.string().trim().min(1, AuthMessages.enterEmail).email(AuthMessages.enterValidEmail).max(254);

const securityCheck = z
  .string({ error: AuthMessages.securityCheckRequired })
  .trim()
  .min(1, AuthMessages.securityCheckRequired);
const requiredEmail = z.string({ error: AuthMessages.enterEmail }).pipe(emailSchema);

/** POST /auth/register (part 1 §3, §7). */
export const registerRequestSchema = z.object({
  username: z.string({ error: AuthMessages.registrationFailed }).pipe(usernameSchema),
  email: requiredEmail,
  password: z.string({ error: AuthMessages.weakPassword }).pipe(strongPasswordSchema),
  newsletter_subscribe: z.boolean().default(false),
  turnstile_token: securityCheck,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /auth/login. */
export const loginRequestSchema = z.object({
  email: requiredEmail,
  password: z.string({ error: AuthMessages.invalidCredentials }).min(1, AuthMessages.invalidCredentials).max(1024),
  turnstile_token: securityCheck,
  stayLoggedIn: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The user as the API shows it (part 1 §3): never a password hash or token. */
export const publicUserSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  email_verified: z.boolean(),
  newsletter_subscribed: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  is_banned: z.boolean(),
  ban_reason: z.string().nullable(),
  banned_at: z.string().nullable(),
  ban_expires_at: z.string().nullable(),
  capabilities: capabilitiesSchema,
  subscription: z.object({ plan_type: z.string(), status: z.string() }).nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const sessionResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: publicUserSchema,
});

export const meResponseSchema = z.object({
  user: publicUserSchema,
  access_token: z.string().optional(),
  token_refreshed: z.boolean().optional(),
});

/** POST /auth/change-password. */
export const changePasswordRequestSchema = z.object({
  current_password: z.string({ error: AuthMessages.currentPasswordWrong }).min(1, AuthMessages.currentPasswordWrong).max(1024),
  new_password: z.string({ error: AuthMessages.weakPasswordChange }).refine(isStrongPassword, AuthMessages.weakPasswordChange),
});

/** DELETE /auth/delete-account: the exact phrase, typed by the user. */
export const deleteAccountRequestSchema = z.object({
  confirmation: z.literal(AuthMessages.deleteConfirmationPhrase, { error: AuthMessages.deleteConfirmationMismatch }),
});

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });

/** POST /auth/reset-password: asks for a reset link. */
export const resetRequestSchema = z.object({
  email: requiredEmail,
  turnstile_token: securityCheck,
});

/** POST /auth/reset-password/{token}. */
export const resetPasswordSchema = z.object({
  new_password: z
    .string({ error: AuthMessages.resetPasswordTooShort })
    .min(LIMITS.passwordMinLength, AuthMessages.resetPasswordTooShort)
    .refine(isStrongPassword, AuthMessages.weakPassword),
});

/**
 * GET /auth/verify-email/{token}: verified now, or `already_verified` when the link (used, expired or superseded) is
 * one of an address verified before: a success, the page says so instead of a failure (docs/decisions/verify-email.md).
 */
export const verifyEmailResponseSchema = z.object({ message: z.string(), already_verified: z.boolean() });

export const resendVerificationResponseSchema = z.object({
  message: z.string(),
  attempts_remaining: z.number().int(),
  reset_in: z.number().int(),
});

/** POST /auth/admin/ban-user: a reason, and whole hours (at least 1) or none for a permanent ban. */
export const banRequestSchema = z.object({
  user_id: z.string().uuid(AuthMessages.noUserId),
  reason: z.string({ error: AuthMessages.banReasonRequired }).trim().min(1, AuthMessages.banReasonRequired).max(500),
  duration_hours: z
    .number()
    .int(AuthMessages.banDurationInvalid)
    .min(LIMITS.banMinHours, AuthMessages.banDurationInvalid)
    .max(24 * 365 * 10, AuthMessages.banDurationInvalid)
    .nullable()
    .optional(),
});

export const userIdBodySchema = z.object({ user_id: z.string().uuid(AuthMessages.noUserId) });

export const roleChangeSchema = z.object({ role: roleSchema });

/** POST /auth/admin/organization-status: deactivating needs a reason (part 1 §5). */
export const organizationStatusSchema = z
  .object({
    // A UUID, checked here: anything else names no organization, and a long one would not fit in the request to organizations.
    organization_id: z.string({ error: OrganizationMessages.noOrganizationSelected }).uuid(OrganizationMessages.noOrganizationSelected),
    activate: z.boolean(),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.activate || (body.reason ?? '').length > 0, {
    message: AuthMessages.deactivateReasonRequired,
    path: ['reason'],
  });

/** What the admin's user search looks in: username or e-mail, or both (the panel's searchType). */
export const USER_SEARCH_FIELDS = ['all', 'username', 'email'] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];

export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  search_by: z.enum(USER_SEARCH_FIELDS, { error: AuthMessages.userSearchField }).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /auth/google-callback: the ID token from Google's sign-in button. */
export const googleCallbackSchema = z.object({
  id_token: z.string({ error: AuthMessages.googleLoginFailed }).min(1, AuthMessages.googleLoginFailed).max(8192),
});

/** Requests the auth service answers (request/reply over NATS). */
export const AuthRequests = {
  /** Whether a user id names an account (billing's admin update refuses an unknown one: 'User not found'). */
  userExists: 'auth.user.exists',
  /** Where to mail a user about their organizations (notifications: a connection about to expire); 404 when the account is gone. */
  userContact: 'auth.user.contact',
} as const;

export const userExistsRequestSchema = z.object({ user_id: z.string().uuid() }).strict();
export const userExistsSchema = z.object({ exists: z.boolean() });
export const userContactRequestSchema = z.object({ user_id: z.string().uuid() }).strict();
export const userContactSchema = z.object({ email: z.string().email(), username: z.string() });
export type UserContact = z.infer<typeof userContactSchema>;
