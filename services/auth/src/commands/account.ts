import { AuthMessages, type Identity } from '@planner/contracts';
import { badRequest, unauthorized, type ServiceContext } from '@planner/service-kit';
import { hashPassword, verifyPassword } from '../adapters/password-hasher.js';
import { emailHash } from '../domain/secrets.js';
import { DELETED_ACCOUNT_HOLD_MS } from '../domain/sessions.js';
import { DeletedAccount } from '../entities/deleted-account.entity.js';
import { User } from '../entities/user.entity.js';
import { endSessions } from './end-sessions.js';

/** Checks the current password, stores the new one and ends the caller's other sessions. */
export async function changePassword(ctx: ServiceContext, identity: Identity, currentPassword: string, newPassword: string): Promise<void> {
  const user = await ctx.dataSource.getRepository(User).findOneBy({ id: identity.userId });
  if (!user) throw unauthorized();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest(AuthMessages.currentPasswordWrong, { field: 'current_password' });
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.dataSource.transaction(async (manager) => {
    await manager.update(User, { id: user.id }, { passwordHash });
    await endSessions(ctx, manager, user.id, { allBut: identity.sessionId }, 'password changed');
  });
}

/**
 * Deletes the caller's account: its sessions go with it, the e-mail is held
 * for 30 days, and `auth.user.deleted` tells every service to delete its data.
 */
export async function deleteAccount(ctx: ServiceContext, identity: Identity): Promise<void> {
  await ctx.dataSource.transaction(async (manager) => {
    const user = await manager.getRepository(User).findOneBy({ id: identity.userId });
    if (!user) throw unauthorized();
    const now = new Date();
    await manager.upsert(DeletedAccount, { emailHash: emailHash(user.email), deletedAt: now, holdUntil: new Date(now.getTime() + DELETED_ACCOUNT_HOLD_MS) }, ['emailHash']);
    await endSessions(ctx, manager, user.id, { all: true }, 'account deleted');
    await manager.delete(User, { id: user.id }); // refresh tokens cascade
    await ctx.outbox.add(manager, 'auth.user.deleted', { userId: user.id, email: user.email });
  });
}
