import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** A deleted organization's auto-schedules go with it. */
export async function followOrganizations(ctx: ServiceContext): Promise<void> {
  await consumeWithInbox({
    bus: ctx.bus,
    dataSource: ctx.dataSource,
    logger: ctx.logger,
    consumer: 'scheduler',
    subject: 'organizations.organization.deleted',
    handle: async ({ organizationId }, _envelope, manager) => {
      await manager.delete(AutoSchedule, { organizationId });
    },
  });
}
