import { AutoScheduleMessages, hasFeature, type Identity, type OrganizationAccess, type OrganizationFacts } from '@planner/contracts';
import { forbidden, notFound, organizationAccess, organizationFacts, rowId, type ServiceContext } from '@planner/service-kit';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** Part 2 §6: Auto-Post needs can_use_auto_post (starter, pro, advanced and admins have it); basic and test are sent to plan selection. */
export function requireAutoPost(caller: Identity): void {
  if (!hasFeature(caller.role, 'auto_post')) throw forbidden(AutoScheduleMessages.notInPlan);
}

/** An organization whose schedules the caller reads: its owner or an admin (404 otherwise, as organizations answers). */
export function organizationToRead(ctx: ServiceContext, caller: Identity, organizationId: string): Promise<OrganizationAccess> {
  return organizationAccess(ctx, caller, organizationId);
}

/** An organization whose schedules the caller changes: as to read, and active (403 with its message); with its time zone and defaults. */
export async function organizationToChange(ctx: ServiceContext, caller: Identity, organizationId: string): Promise<{ access: OrganizationAccess; facts: OrganizationFacts }> {
  const [access, facts] = await Promise.all([organizationAccess(ctx, caller, organizationId, { requireActive: true }), organizationFacts(ctx, organizationId)]);
  return { access, facts };
}

/** The schedule of this id, read without a lock; 404 when there is none. Whose it is, the caller's access decides next. */
export async function findSchedule(ctx: ServiceContext, id: string): Promise<AutoSchedule> {
  const schedule = await ctx.dataSource.getRepository(AutoSchedule).findOneBy({ id: rowId(id) });
  if (!schedule) throw notFound();
  return schedule;
}
