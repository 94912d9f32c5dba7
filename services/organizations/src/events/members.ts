import { type ServiceContext } from '@planner/service-kit';
import { consumeWithInbox } from '@planner/service-kit/data';
import { deleteOrganizations } from '../commands/delete.js';
import { Member } from '../entities/member.entity.js';
import { Connections } from '../routes/connection-service.js';

/** Keeps the members read model in step with auth; a deleted user's organizations go with them (and their connections, revoked). */
export async function followMembers(ctx: ServiceContext, connections = new Connections(ctx)): Promise<void> {
  const common = { bus: ctx.bus, dataSource: ctx.dataSource, logger: ctx.logger, consumer: 'organizations' } as const;
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.registered',
    handle: async ({ userId, role, emailVerified }, _envelope, manager) => {
      await manager.upsert(Member, { userId, role, emailVerified }, ['userId']);
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.verified',
    handle: async ({ userId }, _envelope, manager) => {
      await manager.update(Member, { userId }, { emailVerified: true });
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.role_changed',
    handle: async ({ userId, role }, _envelope, manager) => {
      await manager.update(Member, { userId }, { role });
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'auth.user.deleted',
    handle: async ({ userId }, _envelope, manager) => {
      await deleteOrganizations(ctx, connections, manager, { ownerId: userId }, 'user_deleted');
      await manager.delete(Member, { userId });
    },
  });
}
