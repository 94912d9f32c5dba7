import type { AutoScheduleView, ScheduleCount } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { toAutoScheduleView } from '../domain/auto-schedule-view.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** An organization's auto-schedules, oldest first. */
export async function listOrganizationSchedules(ctx: ServiceContext, organizationId: string): Promise<AutoScheduleView[]> {
  const schedules = await ctx.dataSource.getRepository(AutoSchedule).find({ where: { organizationId }, order: { createdAt: 'ASC' } });
  return schedules.map(toAutoScheduleView);
}

/** How many auto-schedules, and how many active: of these organizations, or without ids of every one. */
export async function countSchedules(ctx: ServiceContext, organizationIds: string[] | undefined): Promise<ScheduleCount> {
  const [row] = await ctx.dataSource.query<ScheduleCount[]>(
    `SELECT count(*)::int AS total_schedules, count(*) FILTER (WHERE active)::int AS active_schedules
       FROM auto_schedules ${organizationIds ? 'WHERE organization_id = ANY($1::uuid[])' : ''}`,
    organizationIds ? [organizationIds] : [],
  );
  return row!;
}
