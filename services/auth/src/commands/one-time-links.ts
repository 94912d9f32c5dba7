import { IsNull, type EntityManager } from 'typeorm';
import { AuthMessages, type Identity } from '@planner/contracts';
import { badRequest, HttpError, unauthorized, type ServiceContext } from '@planner/service-kit';
import { hashPassword } from '../adapters/password-hasher.js';
import type { AuthContext } from '../context.js';
import { newSecretToken, tokenHash } from '../domain/secrets.js';
import { isBanActive, RESEND_LIMIT, RESET_MAIL_LIMIT, RESET_PASSWORD_LIFETIME_MS, VERIFY_EMAIL_LIFETIME_MS } from '../domain/sessions.js';
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

/**
 * Verifies the address of a verification link; `alreadyVerified` when the address was verified before, whether the
 * link was spent, expired or superseded by a newer one (its owner has nothing left to do). Any other unusable link fails.
 */
export async function verifyEmail(ctx: AuthContext, token: string): Promise<{ alreadyVerified: boolean }> {
  return ctx.dataSource.transaction(async (manager) => {
    const spent = await spendToken(manager, token, 'verify_email');
    const userId = spent?.userId ?? (await manager.getRepository(OneTimeToken).findOneBy({ tokenHash: tokenHash(token), purpose: 'verify_email' }))?.userId;
    const user = userId ? await manager.getRepository(User).findOneBy({ id: userId }) : null;
    if (user?.emailVerified) return { alreadyVerified: true };
    if (!spent || !user) throw badRequest(AuthMessages.verifyFailed);
    await manager.update(User, { id: user.id }, { emailVerified: true });
    await ctx.outbox.add(manager, 'auth.user.verified', { userId: user.id, email: user.email });
    return { alreadyVerified: false };
  });
}

export const PASSWORD_RESET_QUEUE = 'password-reset-mail';
export type ResetMailJob = { email: string };

const resetQueues = new WeakMap<object, ReturnType<typeof makeResetQueue>>();
const makeResetQueue = (ctx: ServiceContext) =>
  ctx.queues.queue<ResetMailJob>(PASSWORD_RESET_QUEUE, {
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
    // The job holds an e-mail address: gone from Redis once done, either way.
    removeOnComplete: true,
    removeOnFail: true,
  });

/** The service's one queue of reset mails (made once per context). */
export function passwordResetQueue(ctx: ServiceContext): ReturnType<typeof makeResetQueue> {
  let queue = resetQueues.get(ctx.queues);
  if (!queue) resetQueues.set(ctx.queues, (queue = makeResetQueue(ctx)));
  return queue;
}

/**
 * A reset request queues one job, whatever the e-mail: the request does the
 * same work whether the account exists or not, so neither its answer nor its
 * time tells (issue 28). The worker looks the account up (mailPasswordReset).
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  await passwordResetQueue(ctx).add('mail', { email });
}

/**
 * Mails a reset link when the account exists, is not banned, and has had fewer
 * than RESET_MAIL_LIMIT.attempts requests in the window; otherwise nothing
 * (the requester was answered alike already).
 */
export async function mailPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const user = await ctx.dataSource.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  if (!user || isBanActive(user, new Date())) return;
  if ((await countAttempt(ctx.redis, attemptKeys.resetMail(user.email), RESET_MAIL_LIMIT)).over) return;
  await ctx.dataSource.transaction(async (manager) => {
    const token = await issueToken(manager, user.id, 'reset_password', RESET_PASSWORD_LIFETIME_MS);
    const resetUrl = new URL('/reset-password', ctx.config.APP_URL);
    resetUrl.searchParams.set('token', token);
    await ctx.outbox.add(manager, 'auth.password_reset.requested', { userId: user.id, email: user.email, username: user.username, resetUrl: resetUrl.toString() });
  });
}

/**
 * Sets the new password, spends every open reset link of the account (an
 * older mail must not reset it again), ends every session, and lifts a lock
 * of failed logins: the link proved the mailbox is the owner's.
 */
export async function resetPassword(ctx: AuthContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const email = await ctx.dataSource.transaction(async (manager) => {
    const spent = await spendToken(manager, token, 'reset_password');
    if (!spent) throw badRequest(AuthMessages.invalidResetLink, { error: AuthMessages.invalidResetLink });
    await manager.update(OneTimeToken, { userId: spent.userId, purpose: 'reset_password', usedAt: IsNull() }, { usedAt: new Date() });
    await manager.update(User, { id: spent.userId }, { passwordHash });
    await endSessions(ctx, manager, spent.userId, { all: true }, 'password reset');
    return (await manager.getRepository(User).findOneByOrFail({ id: spent.userId })).email;
  });
  await ctx.redis.del(attemptKeys.loginFailures(email));
}
