import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import type { User } from '../entities/user.entity.js';

/** Records `auth.user.registered` for a new account, in the transaction that created it. */
export function recordRegistered(ctx: ServiceContext, manager: EntityManager, user: User, newsletterSubscribe = false): Promise<unknown> {
  return ctx.outbox.add(manager, 'auth.user.registered', {
    userId: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    newsletterSubscribe,
    emailVerified: user.emailVerified,
  });
}
