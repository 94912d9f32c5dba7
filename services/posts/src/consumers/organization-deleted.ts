import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { Post } from '../entities/post.entity.js';

/** A deleted organization's posts go with it, the deleted ones too. */
export async function followOrganizations(ctx: ServiceContext): Promise<void> {
  await consumeWithInbox({
    bus: ctx.bus,
    dataSource: ctx.dataSource,
    logger: ctx.logger,
    consumer: 'posts',
    subject: 'organizations.organization.deleted',
    handle: async ({ organizationId }, _envelope, manager) => {
      await manager.delete(Post, { organizationId });
    },
  });
}
