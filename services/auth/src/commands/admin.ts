import type { EntityManager } from 'typeorm';
import { AuthMessages, offsetOf, pageOf, type Identity, type Pagination, type PublicUser, type Role, type UserSearchField } from '@planner/contracts';
import { badRequest, notFound, type ServiceContext } from '@planner/service-kit';
import { defaultRole } from '../domain/roles.js';
import { isBanActive } from '../domain/sessions.js';
import { toPublicUser } from '../domain/user-view.js';
import { User } from '../entities/user.entity.js';
import { endSessions } from './end-sessions.js';

const SEARCHED_COLUMNS: Record<UserSearchField, string> = {
  all: 'u.username ILIKE :pattern OR u.email ILIKE :pattern',
  username: 'u.username ILIKE :pattern',
  email: 'u.email ILIKE :pattern',
};

export async function listUsers(
  ctx: ServiceContext,
  query: { search?: string; search_by: UserSearchField; page: number; per_page: number },
): Promise<{ users: PublicUser[]; pagination: Pagination }> {
  const qb = ctx.dataSource.getRepository(User).createQueryBuilder('u').orderBy('u.created_at', 'DESC');
  if (query.search) {
    // A literal search: % and _ in the input match themselves.
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb.where(SEARCHED_COLUMNS[query.search_by], { pattern });
  }
  const [users, total] = await qb.skip(offsetOf(query.page, query.per_page)).take(query.per_page).getManyAndCount();
  return {
    users: users.map(toPublicUser),
    pagination: pageOf(query.page, query.per_page, total),
  };
}

export async function userExists(ctx: ServiceContext, id: string): Promise<boolean> {
  return ctx.dataSource.getRepository(User).existsBy({ id });
}

/** Where to mail a user (another service's mail about their organizations); 404 when the account is gone. */
export async function userContact(ctx: ServiceContext, id: string): Promise<{ email: string; username: string }> {
  const { email, username } = await getUser(ctx, id);
  return { email, username };
}

async function findUser(manager: EntityManager, id: string): Promise<User> {
  const user = await manager.getRepository(User).findOneBy({ id });
  if (!user) throw notFound(AuthMessages.userNotFound);
  return user;
}

export const getUser = (ctx: ServiceContext, id: string) => findUser(ctx.dataSource.manager, id);

async function setRole(ctx: ServiceContext, manager: EntityManager, user: User, role: Role): Promise<User> {
  if (user.role === role) return user;
  await manager.update(User, { id: user.id }, { role });
  await ctx.outbox.add(manager, 'auth.user.role_changed', { userId: user.id, role, previousRole: user.role });
  return { ...user, role } as User;
}

export function changeRole(ctx: ServiceContext, id: string, role: Role): Promise<User> {
  return ctx.dataSource.transaction(async (manager) => setRole(ctx, manager, await findUser(manager, id), role));
}

/** Back to the role the user's plan gives (basic without a live subscription). */
export function resetRole(ctx: ServiceContext, id: string): Promise<User> {
  return ctx.dataSource.transaction(async (manager) => {
    const user = await findUser(manager, id);
    return setRole(ctx, manager, user, defaultRole(user.planType, user.subscriptionStatus));
  });
}

/** Bans a user for whole hours, or for good: their sessions end at once, everywhere. */
export function banUser(ctx: ServiceContext, admin: Identity, input: { user_id: string; reason: string; duration_hours?: number | null }): Promise<User> {
  if (input.user_id === admin.userId) throw badRequest('You cannot ban yourself.');
  return ctx.dataSource.transaction(async (manager) => {
    const user = await findUser(manager, input.user_id);
    const now = new Date();
    const expiresAt = input.duration_hours ? new Date(now.getTime() + input.duration_hours * 3600_000) : null;
    const changes = { isBanned: true, banReason: input.reason, bannedAt: now, banExpiresAt: expiresAt };
    await manager.update(User, { id: user.id }, changes);
    await ctx.outbox.add(manager, 'auth.user.banned', { userId: user.id, reason: input.reason, expiresAt: expiresAt?.toISOString() ?? null });
    await endSessions(ctx, manager, user.id, { all: true }, 'banned');
    return { ...user, ...changes } as User;
  });
}

export function unbanUser(ctx: ServiceContext, id: string): Promise<User> {
  return ctx.dataSource.transaction(async (manager) => {
    const user = await findUser(manager, id);
    const changes = { isBanned: false, banReason: null, bannedAt: null, banExpiresAt: null };
    await manager.update(User, { id: user.id }, changes);
    await ctx.outbox.add(manager, 'auth.user.unbanned', { userId: user.id });
    return { ...user, ...changes } as User;
  });
}

export async function bannedUsers(ctx: ServiceContext): Promise<PublicUser[]> {
  const now = new Date();
  const users = await ctx.dataSource.getRepository(User).find({ where: { isBanned: true }, order: { bannedAt: 'DESC' } });
  return users.filter((user) => isBanActive(user, now)).map(toPublicUser);
}
