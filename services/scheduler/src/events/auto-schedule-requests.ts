import { organizationScopedRequestSchema, SchedulerRequests, SharedMessages, type AutoScheduleView } from '@planner/contracts';
import { badRequest, type ServiceContext } from '@planner/service-kit';
import { toAutoScheduleView } from '../domain/auto-schedule-view.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** Answers the organizations service's composite reads (part 2 §7 calendar-data, autopost-data). */
export function autoScheduleResponders(ctx: ServiceContext): void {
  ctx.bus.reply<unknown, AutoScheduleView[]>(SchedulerRequests.listForOrganization, 'scheduler', async (payload) => {
    const parsed = organizationScopedRequestSchema.safeParse(payload);
    if (!parsed.success) throw badRequest(SharedMessages.badRequest);
    const schedules = await ctx.dataSource.getRepository(AutoSchedule).find({ where: { organizationId: parsed.data.organization_id }, order: { createdAt: 'ASC' } });
    return schedules.map(toAutoScheduleView);
  });
}
