import type { EntityManager } from 'typeorm';
import { AuthMessages, type Identity } from '@planner/contracts';
import { badRequest, HttpError, unauthorized } from '@planner/service-kit';
import { hashPassword } from '../adapters/password-hasher.js';
import type { AuthContext } from '../context.js';
import { newSecretToken, tokenHash } from '../domain/secrets.js';
import { isBanActive, RESEND_LIMIT, RESET_PASSWORD_LIFETIME_MS, VERIFY_EMAIL_LIFETIME_MS } from '../domain/sessions.js';
import { OneTimeToken, type OneTimeTokenPurpose } from '../entities/one-time-token.entity.js';
import { User } from '../entities/user.entity.js';
import { attemptKeys, countAttempt } from './attempts.js';
import { endSessions } from './end-sessions.js';

async function issueToken(manager: EntityManager, userId: string, purpose: OneTimeTokenPurpose, lifetimeMs: number): Promise<string> {
  const token = newSecretToken();
  await manager.insert(OneTimeToken, { userId, purpose, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

/** Spends a valid token of that purpose (locked, so two clicks cannot both use it); null when none. */
async function spendToken(manager: EntityManager, token: string, purpose: OneTimeTokenPurpose): Promise<OneTimeToken | null> {
  const row = await manager
    .getRepository(OneTimeToken)
    .createQueryBuilder('t')
    .setLock('pessimistic_write')
    .where('t.token_hash = :hash AND t.purpose = :purpose AND t.used_at IS NULL AND t.expires_at > now()', { hash: tokenHash(token), purpose })
    .getOne();
  if (!row) return null;
  await manager.update(OneTimeToken, { id: row.id }, { usedAt: new Date() });
  return row;
}

/** Writes a verification token and the event that has notifications mail its link. */
export async function requestVerification(ctx: AuthContext, manager: EntityManager, user: User): Promise<void> {
  const token = await issueToken(manager, user.id, 'verify_email', VERIFY_EMAIL_LIFETIME_MS);
  const verifyUrl = new URL('/verify-email', ctx.config.APP_URL);
  verifyUrl.searchParams.set('token', token);
  await ctx.outbox.add(manager, 'auth.email_verification.requested', {
    userId: user.id,
    email: user.email,
    username: user.username,
    verifyUrl: verifyUrl.toString(),
  });
}

/** Another verification mail, at most RESEND_LIMIT.attempts per e-mail per window. */
export async function resendVerification(ctx: AuthContext, identity: Identity): Promise<{ message: string; attempts_remaining: number; reset_in: number }> {
  const user = await ctx.dataSource.getRepository(User).findOneBy({ id: identity.userId });
  if (!user) throw unauthorized();
  if (user.emailVerified) throw badRequest(AuthMessages.alreadyVerified);
  const { count, over, resetIn } = await countAttempt(ctx.redis, attemptKeys.resend(user.email), RESEND_LIMIT);
  if (over) {
    throw new HttpError(429, AuthMessages.tooManyResends(Math.ceil(resetIn / 60)), { reset_in: resetIn, attempts_remaining: 0 });
  }
  await ctx.dataSource.transaction((manager) => requestVerification(ctx, manager, user));
  return { message: AuthMessages.verificationSent, attempts_remaining: RESEND_LIMIT.attempts - count, reset_in: resetIn };
}

export async function verifyEmail(ctx: AuthContext, token: string): Promise<void> {
  await ctx.dataSource.transaction(async (manager) => {
    const spent = await spendToken(manager, token, 'verify_email');
    if (!spent) throw badRequest(AuthMessages.verifyFailed);
    const user = await manager.getRepository(User).findOneByOrFail({ id: spent.userId });
    if (user.emailVerified) return;
    await manager.update(User, { id: user.id }, { emailVerified: true });
    await ctx.outbox.add(manager, 'auth.user.verified', { userId: user.id, email: user.email });
  });
}

/** Mails a reset link when the account exists; the caller learns nothing either way. */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  await ctx.dataSource.transaction(async (manager) => {
    const user = await manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
    if (!user || isBanActive(user, new Date())) return;
    const token = await issueToken(manager, user.id, 'reset_password', RESET_PASSWORD_LIFETIME_MS);
    const resetUrl = new URL('/reset-password', ctx.config.APP_URL);
    resetUrl.searchParams.set('token', token);
    await ctx.outbox.add(manager, 'auth.password_reset.requested', { userId: user.id, email: user.email, username: user.username, resetUrl: resetUrl.toString() });
  });
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(ctx: AuthContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await ctx.dataSource.transaction(async (manager) => {
    const spent = await spendToken(manager, token, 'reset_password');
    if (!spent) throw badRequest(AuthMessages.invalidResetLink, { error: AuthMessages.invalidResetLink });
    await manager.update(User, { id: spent.userId }, { passwordHash });
    await endSessions(ctx, manager, spent.userId, { all: true }, 'password reset');
  });
}
