import { consume, type ConsumedEvent } from '@planner/service-kit';
import { deleteOrganizations } from '../commands/delete.js';
import type { OrganizationsContext } from '../context.js';
import { Member } from '../entities/member.entity.js';

/** Keeps the members read model in step with auth; a deleted user's organizations go with them (and their connections, revoked). */
export const memberConsumers = [
  consume('auth.user.registered', async ({ userId, role, emailVerified }, { manager }) => {
    await manager.upsert(Member, { userId, role, emailVerified }, ['userId']);
  }),
  consume('auth.user.verified', async ({ userId }, { manager }) => {
    await manager.update(Member, { userId }, { emailVerified: true });
  }),
  consume('auth.user.role_changed', async ({ userId, role }, { manager }) => {
    await manager.update(Member, { userId }, { role });
  }),
  consume('auth.user.deleted', async ({ userId }, { ctx, manager }: ConsumedEvent<'auth.user.deleted', OrganizationsContext>) => {
    await deleteOrganizations(ctx, manager, { ownerId: userId }, 'user_deleted');
    await manager.delete(Member, { userId });
  }),
];
