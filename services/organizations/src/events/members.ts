import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

/** Keeps the members read model in step with auth; a deleted user's organizations go with them. */
export async function followMembers(ctx: ServiceContext): Promise<void> {
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
      const organizations = await manager.findBy(Organization, { ownerId: userId });
      for (const organization of organizations) {
        await ctx.outbox.add(manager, 'organizations.organization.deleted', { organizationId: organization.id, ownerId: userId, reason: 'user_deleted' });
      }
      // Templates and other per-organization rows go with their organization (ON DELETE CASCADE).
      await manager.delete(Organization, { ownerId: userId });
      await manager.delete(Member, { userId });
    },
  });
}
