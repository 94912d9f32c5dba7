import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AuthMessages, type Identity, type LoginRequest, type PublicUser, type RegisterRequest } from '@planner/contracts';
import { badRequest, conflict, HttpError, rateLimited, unauthorized, type ServiceContext } from '@planner/service-kit';
import { isUniqueViolation } from '@planner/service-kit/data';
import { hashPassword, verifyPassword } from '../adapters/password-hasher.js';
import type { SigningKeys } from '../adapters/signing-keys.js';
import type { SecurityCheck } from '../adapters/turnstile.js';
import type { AuthContext } from '../context.js';
import { emailHash, newSecretToken, tokenHash } from '../domain/secrets.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS, hoursRemaining, isBanActive, judgeRefresh, LOGIN_FAILURE_LIMIT, refreshExpiry } from '../domain/sessions.js';
import { DeletedAccount } from '../entities/deleted-account.entity.js';
import { attemptKeys, countAttempt } from './attempts.js';
import { recordRegistered } from './user-registered.js';
import { endSessions } from './end-sessions.js';
import { freeUsernameFor } from './free-username.js';
import { requestVerification } from './one-time-links.js';
import { toPublicUser } from '../domain/user-view.js';
import { RefreshToken } from '../entities/refresh-token.entity.js';
import { User } from '../entities/user.entity.js';

export interface Session {
  access_token: string;
  refresh_token: string;
  user: PublicUser;
}

/** Spent on unknown e-mails so that a login's timing does not tell which accounts exist. */
const DUMMY_HASH = hashPassword('not-a-real-password-Aa1!');

export function signAccessToken(keys: SigningKeys, user: User, sessionId: string): Promise<string> {
  return keys.signAccessToken(
    { sub: user.id, role: user.role, email_verified: user.emailVerified, sid: sessionId },
    ACCESS_TOKEN_LIFETIME_SECONDS,
  );
}

/** A new refresh token in `familyId` (a new session when absent) and its access token. */
async function openSession(manager: EntityManager, keys: SigningKeys, user: User, stayLoggedIn: boolean, familyId: string = randomUUID()): Promise<Session> {
  const refreshToken = newSecretToken();
  const now = new Date();
  await manager.insert(RefreshToken, {
    userId: user.id,
    familyId,
    tokenHash: tokenHash(refreshToken),
    stayLoggedIn,
    expiresAt: refreshExpiry(now, stayLoggedIn),
  });
  return { access_token: await signAccessToken(keys, user, familyId), refresh_token: refreshToken, user: toPublicUser(user) };
}

async function passSecurityCheck(securityCheck: SecurityCheck, token: string, ip: string): Promise<void> {
  if (!(await securityCheck.verify(token, ip))) throw badRequest(AuthMessages.securityCheckRequired, { field: 'turnstile_token' });
}

function banError(user: User): HttpError {
  return new HttpError(403, AuthMessages.accountBanned, {
    ban_reason: user.banReason,
    ban_expires_at: user.banExpiresAt ? user.banExpiresAt.toISOString() : null,
  });
}

const findByEmail = (manager: EntityManager, email: string) =>
  manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();

/** 403 with `recently_deleted` and the hours left while a deleted account's e-mail is on hold. */
async function refuseRecentlyDeleted(manager: EntityManager, email: string): Promise<void> {
  const hold = await manager.getRepository(DeletedAccount).findOneBy({ emailHash: emailHash(email) });
  const now = new Date();
  if (!hold || hold.holdUntil <= now) return;
  const hours = hoursRemaining(hold.holdUntil, now);
  throw new HttpError(403, AuthMessages.recentlyDeletedWait(hours), { recently_deleted: true, deletion_info: { hours_remaining: hours } });
}

export async function register(ctx: AuthContext, input: RegisterRequest, ip: string): Promise<Session> {
  await passSecurityCheck(ctx.adapters.securityCheck, input.turnstile_token, ip);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.dataSource.transaction(async (manager) => {
      await refuseRecentlyDeleted(manager, input.email);
      if (await findByEmail(manager, input.email)) throw conflict(AuthMessages.emailTaken);
      const sameName = await manager
        .getRepository(User)
        .createQueryBuilder('u')
        .where('lower(u.username) = lower(:username)', { username: input.username })
        .getOne();
      if (sameName) throw conflict(AuthMessages.usernameTaken);
      const users = manager.getRepository(User);
      const user = await users.save(
        users.create({
          username: input.username,
          email: input.email,
          passwordHash,
          role: 'basic',
          emailVerified: false,
          newsletterSubscribed: input.newsletter_subscribe,
          lastLogin: new Date(),
        }),
      );
      await recordRegistered(ctx, manager, user, input.newsletter_subscribe);
      await requestVerification(ctx, manager, user);
      return openSession(manager, ctx.adapters.keys, user, false);
    });
  } catch (error) {
    // Two registrations racing past the checks meet the unique indexes.
    if (isUniqueViolation(error, 'users_email_unique')) throw conflict(AuthMessages.emailTaken);
    if (isUniqueViolation(error, 'users_username_unique')) throw conflict(AuthMessages.usernameTaken);
    throw error;
  }
}

/**
 * A password login. Every attempt on an e-mail is counted before the password
 * is checked, known account or not (so a 429 tells nothing of the account, and
 * guesses sent at once cannot all pass a count not yet made); a success clears
 * the count. Past LOGIN_FAILURE_LIMIT the e-mail's password logins are refused
 * whichever address they come from, the gateway's limits being per address.
 */
export async function login(ctx: AuthContext, input: LoginRequest, ip: string): Promise<Session> {
  await passSecurityCheck(ctx.adapters.securityCheck, input.turnstile_token, ip);
  const failures = attemptKeys.loginFailures(input.email);
  const attempt = await countAttempt(ctx.redis, failures, LOGIN_FAILURE_LIMIT);
  if (attempt.over) throw rateLimited(attempt.resetIn);
  const user = await findByEmail(ctx.dataSource.manager, input.email);
  const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await DUMMY_HASH, input.password), false);
  if (!user || !valid) throw unauthorized(AuthMessages.invalidCredentials);
  await ctx.redis.del(failures);
  if (isBanActive(user, new Date())) throw banError(user);
  return ctx.dataSource.transaction(async (manager) => {
    user.lastLogin = new Date();
    await manager.update(User, { id: user.id }, { lastLogin: user.lastLogin });
    return openSession(manager, ctx.adapters.keys, user, input.stayLoggedIn);
  });
}

/**
 * Signs in with a Google ID token: the account already linked to that Google
 * id, else the one with that (Google-verified) e-mail, else a new one.
 */
export async function googleSignIn(ctx: AuthContext, idToken: string): Promise<Session> {
  if (!ctx.adapters.google.enabled) throw new HttpError(503, AuthMessages.googleLoginFailed);
  const google = await ctx.adapters.google.verify(idToken);
  if (!google || !google.emailVerified) throw unauthorized(AuthMessages.googleLoginFailed);
  try {
    return await ctx.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(User);
      const now = new Date();
      const existing = (await users.findOneBy({ googleId: google.googleId })) ?? (await findByEmail(manager, google.email));
      if (existing) {
        if (isBanActive(existing, now)) throw banError(existing);
        await manager.update(User, { id: existing.id }, { googleId: google.googleId, emailVerified: true, lastLogin: now });
        if (!existing.emailVerified) await ctx.outbox.add(manager, 'auth.user.verified', { userId: existing.id, email: existing.email });
        return openSession(manager, ctx.adapters.keys, Object.assign(existing, { googleId: google.googleId, emailVerified: true, lastLogin: now }), false);
      }
      await refuseRecentlyDeleted(manager, google.email);
      const user = await users.save(
        users.create({
          username: await freeUsernameFor(manager, google.email),
          email: google.email,
          googleId: google.googleId,
          passwordHash: null,
          role: 'basic',
          emailVerified: true,
          lastLogin: now,
        }),
      );
      await recordRegistered(ctx, manager, user);
      return openSession(manager, ctx.adapters.keys, user, false);
    });
  } catch (error) {
    // Two first sign-ins racing: the second finds the unique index; it can simply sign in again.
    if (isUniqueViolation(error)) throw new HttpError(409, AuthMessages.googleLoginFailed);
    throw error;
  }
}

/** Rotates a refresh token: the old one is spent, a new one of the same session replaces it. */
export async function refresh(ctx: AuthContext, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw unauthorized();
  const outcome = await ctx.dataSource.transaction(async (manager) => {
    const token = await manager
      .getRepository(RefreshToken)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.token_hash = :hash', { hash: tokenHash(refreshToken) })
      .getOne();
    if (!token) return { error: unauthorized() };
    const now = new Date();
    const verdict = judgeRefresh(token, now);
    if (verdict === 'reuse') {
      await endSessions(ctx, manager, token.userId, { only: token.familyId }, 'refresh token reused');
      return { error: unauthorized() };
    }
    if (verdict !== 'rotate') return { error: unauthorized() };
    const user = await manager.getRepository(User).findOneByOrFail({ id: token.userId });
    if (isBanActive(user, now)) return { error: banError(user) };
    await manager.update(RefreshToken, { id: token.id }, { usedAt: now });
    return { session: await openSession(manager, ctx.adapters.keys, user, token.stayLoggedIn, token.familyId) };
  });
  // Thrown after commit: the family's revocation must stick even though the caller gets a 401.
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** Ends the caller's session: every refresh token of its family, and its access tokens everywhere. */
export async function logout(ctx: ServiceContext, identity: Identity): Promise<void> {
  const sessionId = identity.sessionId;
  if (!sessionId) return;
  await ctx.dataSource.transaction((manager) => endSessions(ctx, manager, identity.userId, { only: sessionId }, 'logout'));
}

/**
 * The caller's current record. When the token's role or verification is out
 * of date (a role change, a verified e-mail), a renewed access token comes too.
 */
export async function me(
  ctx: AuthContext,
  identity: { userId: string; role: string; emailVerified: boolean; sessionId?: string },
): Promise<{ user: PublicUser; access_token?: string; token_refreshed?: boolean }> {
  const user = await ctx.dataSource.getRepository(User).findOneBy({ id: identity.userId });
  if (!user) throw unauthorized();
  if (isBanActive(user, new Date())) throw banError(user);
  const view = toPublicUser(user);
  if (user.role === identity.role && user.emailVerified === identity.emailVerified) return { user: view };
  return { user: view, access_token: await signAccessToken(ctx.adapters.keys, user, identity.sessionId ?? randomUUID()), token_refreshed: true };
}
