import {
  AutoScheduleMessages,
  PostMessages,
  PostRequests,
  type AutoScheduleCreate,
  type AutoScheduleDelete,
  type AutoScheduleUpdate,
  type AutoScheduleView,
  type DeletedMedia,
  type Identity,
  type ScheduleChanges,
  type ScheduleCount,
} from '@planner/contracts';
import { ask, badRequest, conflict, notFound, type ServiceContext } from '@planner/service-kit';
import { checkedSchedule, generatesMedia, namedMedia, NEW_SCHEDULE, scheduleChanges, settingsOf, type CheckedSchedule } from '../domain/auto-schedule-rules.js';
import { toAutoScheduleView } from '../domain/auto-schedule-view.js';
import { AutoSchedule } from '../entities/auto-schedule.entity.js';
import { findSchedule, organizationToChange, organizationToRead, requireAutoPost } from './schedule-access.js';
import { deleteMedia, storeUploads, uploadedFiles } from './schedule-media.js';
import { announceScheduleUpdate } from './slot-opening.js';

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

/** GET /auto-schedule: the schedules of an organization the caller may see. */
export async function readSchedules(ctx: ServiceContext, caller: Identity, organizationId: string): Promise<AutoScheduleView[]> {
  requireAutoPost(caller);
  const access = await organizationToRead(ctx, caller, organizationId);
  return listOrganizationSchedules(ctx, access.organization_id);
}

function settingsOrRefusal(checked: CheckedSchedule) {
  if (!checked.ok) throw badRequest(checked.problem);
  return checked.settings;
}

/**
 * POST /auto-schedule: a schedule of an active organization the caller may
 * change, by part 2 §5's rules; its uploads stored by the posts service
 * first, and deleted again when the schedule is not saved.
 */
export async function createSchedule(ctx: ServiceContext, caller: Identity, body: AutoScheduleCreate): Promise<AutoScheduleView> {
  requireAutoPost(caller);
  const { access, facts } = await organizationToChange(ctx, caller, body.organization_id);
  const uploads = body.specific_media ?? [];
  const settings = settingsOrRefusal(
    checkedSchedule(NEW_SCHEDULE, body, { timeZone: facts.timezone, now: new Date(), mediaCount: uploads.length, generatedBefore: false }),
  );
  const paths = await storeUploads(ctx, access.organization_id, settings.specificMediaType, uploadedFiles(uploads), caller.userId);
  try {
    const schedules = ctx.dataSource.getRepository(AutoSchedule);
    return toAutoScheduleView(
      await schedules.save(schedules.create({ ...settings, organizationId: access.organization_id, specificMedia: paths, createdBy: caller.userId })),
    );
  } catch (error) {
    await deleteMedia(ctx, access.organization_id, paths);
    throw error;
  }
}

/**
 * PUT /auto-schedule/{id}: the body's settings over the schedule's, by part 2
 * §5's rules with the kept media and the new uploads counted; saved under the
 * row's lock, with its pending posts told to follow a change of when it posts
 * or what its posts are made of (announceScheduleUpdate). The media it no
 * longer keeps are deleted once it is saved. Answers what changed.
 */
export async function updateSchedule(
  ctx: ServiceContext,
  caller: Identity,
  id: string,
  body: AutoScheduleUpdate,
): Promise<{ schedule: AutoScheduleView; changes: ScheduleChanges }> {
  requireAutoPost(caller);
  const current = await findSchedule(ctx, id);
  const { facts } = await organizationToChange(ctx, caller, current.organizationId);
  // Without media_to_keep every medium stays; naming one that is not the schedule's is refused.
  const toKeep = body.media_to_keep === undefined ? { named: current.specificMedia, unknown: [] } : namedMedia(current.specificMedia, body.media_to_keep);
  if (toKeep.unknown.length > 0) throw badRequest(PostMessages.mediaNotFound, { field: 'media_to_keep' });
  const kept = toKeep.named;
  const uploads = body.specific_media ?? [];
  const now = new Date();
  const settings = settingsOrRefusal(
    checkedSchedule(settingsOf(current), body, {
      timeZone: facts.timezone,
      now,
      mediaCount: kept.length + uploads.length,
      generatedBefore: generatesMedia(current),
    }),
  );
  const added = await storeUploads(ctx, current.organizationId, settings.specificMediaType, uploadedFiles(uploads), caller.userId);
  let saved: { schedule: AutoSchedule; dropped: string[]; changes: ScheduleChanges };
  try {
    saved = await ctx.dataSource.transaction(async (manager) => {
      const locked = await manager.getRepository(AutoSchedule).findOne({ where: { id: current.id }, lock: { mode: 'pessimistic_write' } });
      if (!locked) throw notFound();
      // Another update dropped (and deleted) media this one keeps meanwhile.
      if (kept.some((path) => !locked.specificMedia.includes(path))) throw conflict(AutoScheduleMessages.changedMeanwhile);
      const dropped = locked.specificMedia.filter((path) => !kept.includes(path));
      const changes = scheduleChanges(settingsOf(locked), settings, added.length > 0 || dropped.length > 0);
      Object.assign(locked, settings, { specificMedia: [...kept, ...added] });
      const schedule = await manager.save(locked);
      if (changes.timing || changes.content) await announceScheduleUpdate(ctx, manager, schedule, facts, changes, now);
      return { schedule, dropped, changes };
    });
  } catch (error) {
    await deleteMedia(ctx, current.organizationId, added);
    throw error;
  }
  await deleteMedia(ctx, current.organizationId, saved.dropped);
  return { schedule: toAutoScheduleView(saved.schedule), changes: saved.changes };
}

/**
 * DELETE /auto-schedule/{id}: with `delete_related_posts` its posts that have
 * not gone out are deleted first (by the posts service; unreachable, nothing
 * is deleted: 503); then the schedule; then of `media_keys` those that are its
 * media (others are not this route's to delete), except where a post still
 * shows them.
 */
export async function deleteSchedule(ctx: ServiceContext, caller: Identity, id: string, body: AutoScheduleDelete): Promise<DeletedMedia> {
  requireAutoPost(caller);
  const schedule = await findSchedule(ctx, id);
  await organizationToChange(ctx, caller, schedule.organizationId);
  if (body?.delete_related_posts) {
    await ask(ctx, PostRequests.deleteForSchedule, { organization_id: schedule.organizationId, auto_schedule_id: schedule.id });
  }
  const { affected } = await ctx.dataSource.getRepository(AutoSchedule).delete({ id: schedule.id });
  if (!affected) throw notFound();
  return deleteMedia(ctx, schedule.organizationId, namedMedia(schedule.specificMedia, body?.media_keys ?? []).named);
}

/** PATCH /auto-schedule/{id}/active: activates or pauses the schedule (paused, it opens no new slots). */
export async function setScheduleActive(ctx: ServiceContext, caller: Identity, id: string, active: boolean): Promise<AutoScheduleView> {
  requireAutoPost(caller);
  const schedule = await findSchedule(ctx, id);
  await organizationToChange(ctx, caller, schedule.organizationId);
  const schedules = ctx.dataSource.getRepository(AutoSchedule);
  const { affected } = await schedules.update({ id: schedule.id }, { active });
  if (!affected) throw notFound();
  return toAutoScheduleView((await schedules.findOneBy({ id: schedule.id }))!);
}
