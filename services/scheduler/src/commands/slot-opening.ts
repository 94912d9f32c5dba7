import { In, MoreThan, type EntityManager } from 'typeorm';
import { nextSlot, nextSlots, type OrganizationFacts, type ScheduleChanges } from '@planner/contracts';
import { organizationFacts, type ServiceContext } from '@planner/service-kit';
import { dueSlots, postSettingsOf, slotMoves, slotsHeldBack } from '../domain/slot-opening.js';
import { reviewLeadMinutes, timingOf } from '../domain/slots.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';
import { ScheduleSlot } from '../entities/schedule-slot.entity.js';

/** Organizations asked for their facts at once by one run. */
const FACTS_AT_ONCE = 8;

/** Each organization's facts, asked a few at a time; one that cannot be had now is left out (logged) and tried again next run. */
async function factsOf(ctx: ServiceContext, organizationIds: string[]): Promise<Map<string, OrganizationFacts>> {
  const facts = new Map<string, OrganizationFacts>();
  for (let start = 0; start < organizationIds.length; start += FACTS_AT_ONCE) {
    await Promise.all(
      organizationIds.slice(start, start + FACTS_AT_ONCE).map(async (organizationId) => {
        try {
          facts.set(organizationId, await organizationFacts(ctx, organizationId));
        } catch (error) {
          ctx.logger.warn({ err: error, organizationId }, 'organization facts unavailable; its schedules open no slot this run');
        }
      }),
    );
  }
  return facts;
}

/** Per schedule, the latest slot dealt with (opened or skipped). */
async function latestSlots(ctx: ServiceContext, scheduleIds: string[]): Promise<Map<string, Date>> {
  const rows = await ctx.dataSource.query<Array<{ auto_schedule_id: string; latest: Date }>>(
    `SELECT auto_schedule_id, max(slot_at) AS latest FROM schedule_slots WHERE auto_schedule_id = ANY($1::uuid[]) GROUP BY auto_schedule_id`,
    [scheduleIds],
  );
  return new Map(rows.map((row) => [row.auto_schedule_id, new Date(row.latest)]));
}

/** Writes the slot's row unless one is there (opened or skipped already): whether this call wrote it. */
async function recordSlot(manager: EntityManager, autoScheduleId: string, slotAt: Date, state: ScheduleSlot['state']): Promise<boolean> {
  const inserted = await manager
    .createQueryBuilder()
    .insert()
    .into(ScheduleSlot)
    .values({ autoScheduleId, slotAt, state })
    .orIgnore()
    .returning(['auto_schedule_id'])
    .execute();
  return inserted.raw.length > 0;
}

/**
 * Opens one slot: its row and `scheduler.auto_schedule.slot_opened` in one
 * transaction, under a share lock on the schedule (an update waits, and is
 * waited for). A schedule changed, paused or deleted since it was read opens
 * nothing now: the next run sees it as it is. Another process that opened the
 * slot first leaves no row to insert. Answers whether this call opened it.
 */
async function openSlot(ctx: ServiceContext, read: AutoSchedule, slotAt: Date, facts: OrganizationFacts): Promise<boolean> {
  return ctx.dataSource.transaction(async (manager) => {
    const schedule = await manager.getRepository(AutoSchedule).findOne({ where: { id: read.id }, lock: { mode: 'pessimistic_read' } });
    if (!schedule?.active || schedule.updatedAt.getTime() !== read.updatedAt.getTime()) return false;
    if (!(await recordSlot(manager, schedule.id, slotAt, 'opened'))) return false;
    await ctx.outbox.add(manager, 'scheduler.auto_schedule.slot_opened', {
      ...postSettingsOf(schedule, facts),
      autoScheduleId: schedule.id,
      organizationId: schedule.organizationId,
      slotAt: slotAt.toISOString(),
      createdBy: schedule.createdBy ?? facts.owner_id,
    });
    return true;
  });
}

/** Records a slot that passed before it could be opened (once, and logged): its post is not made. */
async function skipSlot(ctx: ServiceContext, schedule: AutoSchedule, slotAt: Date): Promise<boolean> {
  if (!(await recordSlot(ctx.dataSource.manager, schedule.id, slotAt, 'skipped'))) return false;
  ctx.logger.warn(
    { autoScheduleId: schedule.id, organizationId: schedule.organizationId, slotAt: slotAt.toISOString() },
    'an auto-schedule slot passed before its post could be made; skipped',
  );
  return true;
}

/**
 * Slot opening (part 2 §3): for each active schedule, the slots whose post is
 * due by now — `review time` minutes before the slot, the schedule's own or
 * its organization's default, in the organization's time zone — are opened
 * once each; slots that passed unopened (the service was down) are skipped.
 * An inactive organization, or an owner without Auto-Post, opens none. Safe
 * with any number of API processes: the slot's row decides.
 */
export async function openDueSlots(ctx: ServiceContext, now = new Date()): Promise<{ opened: number; skipped: number }> {
  const schedules = await ctx.dataSource.getRepository(AutoSchedule).findBy({ active: true });
  const result = { opened: 0, skipped: 0 };
  if (schedules.length === 0) return result;
  const [latest, facts] = await Promise.all([
    latestSlots(ctx, schedules.map((schedule) => schedule.id)),
    factsOf(ctx, [...new Set(schedules.map((schedule) => schedule.organizationId))]),
  ]);
  for (const schedule of schedules) {
    const organization = facts.get(schedule.organizationId);
    if (!organization) continue;
    const heldBack = slotsHeldBack(organization);
    if (heldBack) {
      ctx.logger.debug({ autoScheduleId: schedule.id, organizationId: schedule.organizationId, why: heldBack }, 'auto-schedule opens no slots');
      continue;
    }
    const lastSlot = latest.get(schedule.id);
    const since = lastSlot && lastSlot > schedule.updatedAt ? lastSlot : schedule.updatedAt;
    const lead = reviewLeadMinutes(schedule, organization.default_before_post_review_time);
    const { open, missed } = dueSlots(timingOf(schedule), organization.timezone, lead, now, since);
    for (const slot of missed) if (await skipSlot(ctx, schedule, slot)) result.skipped += 1;
    for (const slot of open) if (await openSlot(ctx, schedule, slot, organization)) result.opened += 1;
  }
  return result;
}

/**
 * After an update of a schedule's timing or content settings, in the
 * update's transaction (the schedule's row is locked): its opened slots still
 * ahead move to the new timing's slots (their rows with them, so a moved slot
 * does not open again), and `scheduler.auto_schedule.updated` tells the posts
 * service to move and update their pending posts.
 */
export async function announceScheduleUpdate(
  ctx: ServiceContext,
  manager: EntityManager,
  schedule: AutoSchedule,
  facts: OrganizationFacts,
  changes: ScheduleChanges,
  now: Date,
): Promise<void> {
  const slotRows = manager.getRepository(ScheduleSlot);
  const opened = (await slotRows.find({ where: { autoScheduleId: schedule.id, state: 'opened', slotAt: MoreThan(now) }, order: { slotAt: 'ASC' } })).map(
    (row) => row.slotAt,
  );
  const timing = timingOf(schedule);
  const slots = slotMoves(opened, changes.timing ? nextSlots(timing, facts.timezone, now, opened.length) : opened);
  const moved = slots.filter((slot): slot is { from: Date; to: Date } => slot.to !== null && slot.to.getTime() !== slot.from.getTime());
  if (moved.length > 0) {
    await slotRows.delete({ autoScheduleId: schedule.id, slotAt: In(moved.map((slot) => slot.from)) });
    await slotRows.insert(moved.map((slot) => ({ autoScheduleId: schedule.id, slotAt: slot.to, state: 'opened' as const })));
  }
  await ctx.outbox.add(manager, 'scheduler.auto_schedule.updated', {
    ...postSettingsOf(schedule, facts),
    autoScheduleId: schedule.id,
    organizationId: schedule.organizationId,
    changes,
    nextSlot: nextSlot(timing, facts.timezone, now)?.toISOString() ?? null,
    slots: slots.map(({ from, to }) => ({ from: from.toISOString(), to: to?.toISOString() ?? null })),
  });
}
