import { isStrongPassword } from '@planner/contracts';
import { type ServiceContext } from '@planner/service-kit';
import { advisoryLock } from '@planner/service-kit/data';
import { hashPassword } from '../adapters/password-hasher.js';
import { User } from '../entities/user.entity.js';
import { recordRegistered } from './user-registered.js';
import { freeUsernameFor } from './free-username.js';

export type SeedResult = 'created' | 'promoted' | 'unchanged';

/**
 * Makes sure the configured admin exists (idempotent, safe with replicas
 * starting together): creates it verified, or gives an existing account with
 * that e-mail the admin role. An existing password is never overwritten.
 */
export async function seedAdmin(ctx: ServiceContext, email: string, password: string): Promise<SeedResult> {
  if (!isStrongPassword(password)) {
    throw new Error('ADMIN_PASSWORD must have at least 8 characters with an uppercase letter, a digit and a special character');
  }
  const passwordHash = await hashPassword(password);
  return ctx.dataSource.transaction(async (manager) => {
    // Serialises concurrent seeds across replicas for the rest of this transaction.
    await advisoryLock(manager, 'seed-admin');
    const users = manager.getRepository(User);
    const existing = await users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
    if (existing) {
      if (existing.role === 'admin' || existing.role === 'superadmin') return 'unchanged';
      const previousRole = existing.role;
      await users.update({ id: existing.id }, { role: 'admin' });
      await ctx.outbox.add(manager, 'auth.user.role_changed', { userId: existing.id, role: 'admin', previousRole });
      return 'promoted';
    }
    const user = await users.save(
      users.create({
        username: await freeUsernameFor(manager, email),
        email,
        passwordHash,
        role: 'admin',
        emailVerified: true,
      }),
    );
    await recordRegistered(ctx, manager, user);
    return 'created';
  });
}
