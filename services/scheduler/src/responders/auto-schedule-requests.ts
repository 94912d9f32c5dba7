import { SchedulerRequests } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { countSchedules, listOrganizationSchedules } from '../commands/auto-schedules.js';

/** The organizations service's composite reads (part 2 §7 calendar-data, autopost-data) and the posts service's statistics. */
export const autoScheduleRequests = [
  respond(SchedulerRequests.listForOrganization, ({ organization_id }, ctx) => listOrganizationSchedules(ctx, organization_id)),
  respond(SchedulerRequests.count, ({ organization_ids }, ctx) => countSchedules(ctx, organization_ids)),
];
