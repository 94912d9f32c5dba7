import { describe, expect, it } from 'vitest';
import { AutoScheduleMessages, nextSlot, PostMessages, PostRequests, type DayOfWeek } from '@planner/contracts';
import { ask } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import { waitFor } from '@planner/service-kit/testing';
import { openDueSlots } from '../src/commands/slot-opening.js';
import { NEW_SCHEDULE } from '../src/domain/auto-schedule-rules.js';
import { AutoSchedule } from '../src/entities/auto-schedule.entity.js';
import { Publication } from '../src/entities/publication.entity.js';
import { SandboxPost } from '../src/entities/sandbox-post.entity.js';
import { ScheduleSlot } from '../src/entities/schedule-slot.entity.js';
import { usePublishing } from './publishing-harness.js';

// Slots open only when a test asks (openDueSlots), besides the job's run at start.
const h = usePublishing(() => ({ env: { SLOT_OPENING_MS: '86400000' } }));

const MINUTE = 60_000;

interface PostRow {
  id: string;
  status: string;
  content: string;
  version: number;
  scheduled_time: Date;
  schedule_slot: Date;
  review_notes: string | null;
  created_by: string;
  original_request: Record<string, unknown> | null;
}

/** A user organizations knows with this plan, owner of an organization with Sandbox connections; its time zone and default review time. */
async function organizationOf(role = 'pro', { timezone = 'UTC', reviewMinutes = 60, isActive = true } = {}) {
  const [member] = await h.ctx.dataSource.query<Array<{ user_id: string }>>(
    `INSERT INTO ${h.table('organizations', 'members')} (user_id, role, email_verified) VALUES (gen_random_uuid(), $1, true) RETURNING user_id`,
    [role],
  );
  const ownerId = member!.user_id;
  const organizationId = await h.addOrganization({ ownerId, isActive });
  await h.ctx.dataSource.query(`UPDATE ${h.table('organizations', 'organizations')} SET timezone = $2, default_before_post_review_time = $3 WHERE id = $1`, [
    organizationId,
    timezone,
    reviewMinutes,
  ]);
  return { ownerId, organizationId };
}

/** A schedule as the routes save it; `changedAt` backdates its last change (when the service last saw it set up). */
async function scheduleOf(organizationId: string, settings: Partial<AutoSchedule>, changedAt?: Date): Promise<AutoSchedule> {
  const schedules = h.ctx.dataSource.getRepository(AutoSchedule);
  const saved = await schedules.save(schedules.create({ ...NEW_SCHEDULE, name: 'Bread', platforms: ['X'], specificContent: 'Fresh bread today!', organizationId, ...settings }));
  if (changedAt) await schedules.query(`UPDATE auto_schedules SET updated_at = $2 WHERE id = $1`, [saved.id, changedAt]);
  return (await schedules.findOneBy({ id: saved.id }))!;
}

const postsOf = (scheduleId: string) =>
  h.ctx.dataSource.query<PostRow[]>(
    `SELECT id, status, content, version, scheduled_time, schedule_slot, review_notes, created_by, original_request
       FROM ${h.table('posts', 'posts')} WHERE auto_schedule_id = $1 ORDER BY schedule_slot`,
    [scheduleId],
  );
const postOf = async (scheduleId: string, accept: (post: PostRow) => boolean = () => true) =>
  (await waitFor(() => postsOf(scheduleId), (rows) => rows.length === 1 && accept(rows[0]!), 20_000))[0]!;
const slotsOf = (autoScheduleId: string) => h.ctx.dataSource.getRepository(ScheduleSlot).find({ where: { autoScheduleId }, order: { slotAt: 'ASC' } });
const eventsOf = async (autoScheduleId: string, subject: string) =>
  (await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject })).filter((event) => (event.envelope.data as { autoScheduleId: string }).autoScheduleId === autoScheduleId);
/** A minute's start: schedules name times to the minute. */
const minuteOf = (time: number) => new Date(Math.floor(time / MINUTE) * MINUTE);
/** The weekday and HH:MM of an instant in a time zone, as a weekly schedule names them. */
function wallClock(instant: Date, timeZone: string): { dayOfWeek: DayOfWeek; timeOfDay: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return { dayOfWeek: part('weekday').toLowerCase() as DayOfWeek, timeOfDay: `${part('hour')}:${part('minute')}` };
}

/** The scheduler's auto-schedule routes, as the organization's owner (a pro user). */
async function asOwner(ownerId: string, method: 'PUT' | 'PATCH', url: string, body: unknown) {
  const token = await h.ctx.keys.sign({ sub: ownerId, role: 'pro' });
  const response = await fetch(`${h.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('opening a slot', () => {
  it('opens a slot whose post is due once, with two runs at once; the post waits for review at its slot; a one-off opens nothing more', async () => {
    const { ownerId, organizationId } = await organizationOf();
    const slot = minuteOf(Date.now() + 30 * MINUTE);
    // Its own review time, an hour, has come.
    const schedule = await scheduleOf(organizationId, { specificDate: slot, specificBeforePostReviewTime: 60, platforms: ['X', 'LinkedIn'] });

    const runs = await Promise.all([openDueSlots(h.ctx), openDueSlots(h.ctx)]);
    expect(runs.reduce((sum, run) => sum + run.opened, 0)).toBe(1);
    expect((await slotsOf(schedule.id)).map((row) => [row.slotAt.toISOString(), row.state])).toEqual([[slot.toISOString(), 'opened']]);
    const [event] = await eventsOf(schedule.id, 'scheduler.auto_schedule.slot_opened');
    expect(event!.envelope.data).toMatchObject({
      organizationId,
      slotAt: slot.toISOString(),
      platforms: ['X', 'LinkedIn'],
      specificContent: 'Fresh bread today!',
      reviewBeforePublishing: true,
      // No creator kept: the owner's.
      createdBy: ownerId,
      generation: { businessName: 'Acme' },
    });

    const post = await postOf(schedule.id);
    expect(post).toMatchObject({ status: 'pending_review', content: 'Fresh bread today!', version: 1, review_notes: null, created_by: ownerId });
    expect([post.scheduled_time.toISOString(), post.schedule_slot.toISOString()]).toEqual([slot.toISOString(), slot.toISOString()]);
    expect(post.original_request).toMatchObject({ auto_schedule_id: schedule.id, schedule_option: 'later', scheduled_time: slot.toISOString() });
    // Pending review: nothing asked the scheduler to publish it.
    expect(await h.ctx.dataSource.getRepository(Publication).findBy({ postId: post.id })).toEqual([]);

    expect(await openDueSlots(h.ctx)).toMatchObject({ opened: 0 });
    expect(await openDueSlots(h.ctx, new Date(slot.getTime() + 24 * 60 * MINUTE))).toEqual({ opened: 0, skipped: 0 });
    expect(await eventsOf(schedule.id, 'scheduler.auto_schedule.slot_opened')).toHaveLength(1);
    expect(await postsOf(schedule.id)).toHaveLength(1);
  });

  it('with review off the post is approved, generated from the settings, and published through the Sandbox connection at its slot', async () => {
    const { ownerId, organizationId } = await organizationOf();
    const slot = new Date(Date.now() + 8000);
    // No review time of its own: the organization's (60 minutes) puts its post in the past, so it is due.
    const schedule = await scheduleOf(organizationId, {
      specificDate: slot,
      reviewPostBeforePublishing: false,
      specificContent: null,
      topic: 'Sourdough',
      createdBy: ownerId,
    });
    expect(await openDueSlots(h.ctx)).toMatchObject({ opened: 1 });

    const post = await postOf(schedule.id);
    expect(post.status).toBe('approved');
    expect(post.content).not.toBe('');
    expect(post.original_request).toMatchObject({ business_name: 'Acme', topic: 'Sourdough', platforms: ['X'] });
    const [publication] = await waitFor(
      () => h.ctx.dataSource.getRepository(Publication).findBy({ postId: post.id }),
      (rows) => rows.length === 1 && rows[0]!.state === 'published',
      30_000,
    );
    expect(publication!.dueAt.toISOString()).toBe(slot.toISOString());
    expect(publication!.publishedAt!.getTime()).toBeGreaterThanOrEqual(slot.getTime());
    const feed = (await h.ctx.dataSource.getRepository(SandboxPost).findBy({ organizationId })).map((row) => row.text);
    expect(feed).toEqual([post.content]);
    await waitFor(() => postOf(schedule.id), (row) => row.status === 'published', 20_000);
  });

  it('a post still unreviewed at its slot is not published, and its view says it missed its slot', async () => {
    const { organizationId } = await organizationOf();
    const slot = new Date(Date.now() + 3000);
    const schedule = await scheduleOf(organizationId, { specificDate: slot });
    await openDueSlots(h.ctx);
    const post = await postOf(schedule.id);
    const view = async () => (await ask(h.ctx, PostRequests.listForOrganization, { organization_id: organizationId })).find((item) => item.id === post.id)!;
    expect((await view()).missed_slot).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, slot.getTime() - Date.now() + 500));
    expect(await view()).toMatchObject({ status: 'pending_review', missed_slot: PostMessages.missedSlot });
    expect(await h.ctx.dataSource.getRepository(Publication).findBy({ postId: post.id })).toEqual([]);
  });
});

describe('weekly and one-off schedules', () => {
  it('a weekly schedule opens its next slot in the organization’s time zone, then the next week’s when that one is due', async () => {
    const timezone = 'America/New_York';
    const { organizationId } = await organizationOf('pro', { timezone, reviewMinutes: 90 });
    const slot = minuteOf(Date.now() + 60 * MINUTE);
    const schedule = await scheduleOf(organizationId, wallClock(slot, timezone));
    expect(await openDueSlots(h.ctx)).toMatchObject({ opened: 1 });
    const post = await postOf(schedule.id);
    expect(post.scheduled_time.toISOString()).toBe(slot.toISOString());

    const following = nextSlot({ kind: 'weekly', ...wallClock(slot, timezone) }, timezone, slot)!;
    // Not before its post is due (90 minutes ahead), then once.
    expect(await openDueSlots(h.ctx, new Date(following.getTime() - 91 * MINUTE))).toEqual({ opened: 0, skipped: 0 });
    expect(await openDueSlots(h.ctx, new Date(following.getTime() - 90 * MINUTE))).toEqual({ opened: 1, skipped: 0 });
    expect((await slotsOf(schedule.id)).map((row) => row.slotAt.toISOString())).toEqual([slot.toISOString(), following.toISOString()]);
    await waitFor(() => postsOf(schedule.id), (rows) => rows.length === 2, 20_000);
  });

  it('a one-off schedule whose slot passed while the service was down is skipped, once, and makes no post', async () => {
    const { organizationId } = await organizationOf();
    const schedule = await scheduleOf(organizationId, { specificDate: new Date(Date.now() - 5 * MINUTE) }, new Date(Date.now() - 2 * 60 * MINUTE));
    expect(await openDueSlots(h.ctx)).toMatchObject({ opened: 0, skipped: 1 });
    expect(await openDueSlots(h.ctx)).toMatchObject({ opened: 0, skipped: 0 });
    expect((await slotsOf(schedule.id)).map((row) => row.state)).toEqual(['skipped']);
    expect(await eventsOf(schedule.id, 'scheduler.auto_schedule.slot_opened')).toEqual([]);
  });

  it('a paused schedule, an inactive organization’s and one whose owner has no Auto-Post open nothing', async () => {
    const soon = { specificDate: new Date(Date.now() + 10 * MINUTE) };
    const paused = await scheduleOf((await organizationOf()).organizationId, { ...soon, active: false });
    const inactive = await scheduleOf((await organizationOf('pro', { isActive: false })).organizationId, soon);
    const basic = await scheduleOf((await organizationOf('basic')).organizationId, soon);
    await openDueSlots(h.ctx);
    for (const schedule of [paused, inactive, basic]) expect(await slotsOf(schedule.id)).toEqual([]);
  });
});

describe('updating a schedule', () => {
  it('moves its pending posts to the new slot and gives them the new text; an approved one is asked for again at its new time', async () => {
    const { ownerId, organizationId } = await organizationOf();
    const slot = minuteOf(Date.now() + 40 * MINUTE);
    const schedule = await scheduleOf(organizationId, { ...wallClock(slot, 'UTC'), reviewPostBeforePublishing: false });
    await openDueSlots(h.ctx);
    const before = await postOf(schedule.id, (post) => post.status === 'approved');
    await waitFor(() => h.ctx.dataSource.getRepository(Publication).findBy({ postId: before.id }), (rows) => rows.length === 1, 20_000);

    const moved = minuteOf(Date.now() + 50 * MINUTE);
    const { dayOfWeek, timeOfDay } = wallClock(moved, 'UTC');
    const response = await asOwner(ownerId, 'PUT', `/auto-schedule/${schedule.id}`, { day_of_week: dayOfWeek, time_of_day: timeOfDay, specific_content: 'Fresh rye today!' });
    expect(response).toMatchObject({ status: 200, body: { changes: { timing: true, content: true }, message: AutoScheduleMessages.updatedRescheduledAndContent } });
    expect((await slotsOf(schedule.id)).map((row) => row.slotAt.toISOString())).toEqual([moved.toISOString()]);

    const after = await postOf(schedule.id, (post) => post.version === 2);
    expect(after).toMatchObject({ id: before.id, status: 'approved', content: 'Fresh rye today!' });
    expect([after.scheduled_time.toISOString(), after.schedule_slot.toISOString()]).toEqual([moved.toISOString(), moved.toISOString()]);
    const publications = await waitFor(
      () => h.ctx.dataSource.getRepository(Publication).find({ where: { postId: before.id }, order: { version: 'ASC' } }),
      (rows) => rows.length === 2 && rows[0]!.state === 'withdrawn',
      20_000,
    );
    expect(publications.map((row) => [row.version, row.state, row.dueAt.toISOString()])).toEqual([
      [1, 'withdrawn', slot.toISOString()],
      [2, 'queued', moved.toISOString()],
    ]);
    // The moved slot does not open again.
    expect(await openDueSlots(h.ctx)).toMatchObject({ opened: 0 });
  });

  it('renaming or pausing a schedule tells its posts nothing', async () => {
    const { ownerId, organizationId } = await organizationOf();
    const schedule = await scheduleOf(organizationId, { specificDate: minuteOf(Date.now() + 30 * MINUTE) });
    await openDueSlots(h.ctx);
    await postOf(schedule.id);
    expect((await asOwner(ownerId, 'PUT', `/auto-schedule/${schedule.id}`, { name: 'Rye' })).status).toBe(200);
    expect((await asOwner(ownerId, 'PATCH', `/auto-schedule/${schedule.id}/active`, { active: false })).status).toBe(200);
    expect(await eventsOf(schedule.id, 'scheduler.auto_schedule.updated')).toEqual([]);
    expect(await postOf(schedule.id)).toMatchObject({ version: 1, content: 'Fresh bread today!' });
  });
});
