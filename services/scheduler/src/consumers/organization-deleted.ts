import { In } from 'typeorm';
import { PublishingMessages } from '@planner/contracts';
import { consume } from '@planner/service-kit';
import { WITHDRAWABLE } from '../domain/publishing.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';
import { Publication } from '../entities/publication.entity.js';

/** A deleted organization's auto-schedules go with it, and nothing of it is published any more. */
export const organizationDeleted = consume('organizations.organization.deleted', async ({ organizationId }, { manager }) => {
  await manager.delete(AutoSchedule, { organizationId });
  await manager.update(Publication, { organizationId, state: In([...WITHDRAWABLE]) }, { state: 'withdrawn', reason: PublishingMessages.deleted });
});
