import { organizationScopedRequestSchema, scheduleCountRequestSchema, SchedulerRequests, SharedMessages, type AutoScheduleView, type ScheduleCount } from '@planner/contracts';
import { badRequest, type ServiceContext } from '@planner/service-kit';
import { toAutoScheduleView } from '../domain/auto-schedule-view.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/**
 * Answers the organizations service's composite reads (part 2 §7 calendar-data,
 * autopost-data) and the posts service's statistics (schedule counts).
 */
export function autoScheduleResponders(ctx: ServiceContext): void {
  ctx.bus.reply<unknown, AutoScheduleView[]>(SchedulerRequests.listForOrganization, 'scheduler', async (payload) => {
    const parsed = organizationScopedRequestSchema.safeParse(payload);
    if (!parsed.success) throw badRequest(SharedMessages.badRequest);
    const schedules = await ctx.dataSource.getRepository(AutoSchedule).find({ where: { organizationId: parsed.data.organization_id }, order: { createdAt: 'ASC' } });
    return schedules.map(toAutoScheduleView);
  });

  ctx.bus.reply<unknown, ScheduleCount>(SchedulerRequests.count, 'scheduler', async (payload) => {
    const parsed = scheduleCountRequestSchema.safeParse(payload);
    if (!parsed.success) throw badRequest(SharedMessages.badRequest);
    const ids = parsed.data.organization_ids;
    const [row] = await ctx.dataSource.query<ScheduleCount[]>(
      `SELECT count(*)::int AS total_schedules, count(*) FILTER (WHERE active)::int AS active_schedules
         FROM auto_schedules ${ids ? 'WHERE organization_id = ANY($1::uuid[])' : ''}`,
      ids ? [ids] : [],
    );
    return row!;
  });
}
