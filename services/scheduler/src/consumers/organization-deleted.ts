import { consume } from '@planner/service-kit';
import { withdrawOrganizationPublications } from '../commands/publication-requests.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** A deleted organization's auto-schedules go with it, and nothing of it is published any more. */
export const organizationDeleted = consume('organizations.organization.deleted', async ({ organizationId }, { manager }) => {
  await manager.delete(AutoSchedule, { organizationId });
  await withdrawOrganizationPublications(manager, organizationId);
});
