import { consume } from '@planner/service-kit';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** A deleted organization's auto-schedules go with it. */
export const organizationDeleted = consume('organizations.organization.deleted', async ({ organizationId }, { manager }) => {
  await manager.delete(AutoSchedule, { organizationId });
});
