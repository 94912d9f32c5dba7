import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoScheduleListSchema, scheduleCountSchema, SchedulerRequests } from '@planner/contracts';
import { HttpError } from '@planner/service-kit';
import { InboxEvent } from '@planner/service-kit/data';
import { publishEvent, startTestService, type TestServiceContext } from '@planner/service-kit/testing';
import { AutoSchedule } from '../src/entities/auto-schedule.entity.js';
import { schedulerService } from '../src/service.js';

let ctx: TestServiceContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, close } = await startTestService(schedulerService));
});

afterAll(async () => {
  await close?.();
});

/** Auto-schedules of an organization, saved one after another as the scheduler keeps them. */
async function schedulesOf(organizationId: string, schedules: Array<Partial<AutoSchedule>>): Promise<AutoSchedule[]> {
  const repository = ctx.dataSource.getRepository(AutoSchedule);
  const saved: AutoSchedule[] = [];
  for (const schedule of schedules) saved.push(await repository.save(repository.create({ organizationId, name: 'Weekly', platforms: ['X'], ...schedule })));
  return saved;
}

const weekly = { dayOfWeek: 'monday', timeOfDay: '09:00' } as const;
const ask = (organizationId: string) => ctx.bus.request(SchedulerRequests.listForOrganization, { organization_id: organizationId }, 3000);

describe('scheduler.auto_schedule.list_for_organization', () => {
  it('answers the organization’s auto-schedules, oldest first, with their defaults, and no other organization’s', async () => {
    const organizationId = randomUUID();
    const [mondays, christmas] = await schedulesOf(organizationId, [
      { ...weekly, name: 'Mondays', platforms: ['LinkedIn', 'X'] },
      { name: 'Christmas', specificDate: new Date('2026-12-24T18:00:00Z'), specificContent: 'Merry Christmas!', active: false },
    ]);
    await schedulesOf(randomUUID(), [{ ...weekly, name: 'Someone else’s' }]);

    const answer = autoScheduleListSchema.parse(await ask(organizationId));
    expect(answer.map((schedule) => schedule.name)).toEqual(['Mondays', 'Christmas']);
    expect(answer[0]).toEqual({
      id: mondays!.id,
      organization_id: organizationId,
      name: 'Mondays',
      platforms: 'LinkedIn,X',
      specific_media_type: 'text',
      active: true,
      specific_date: null,
      day_of_week: 'monday',
      time_of_day: '09:00',
      specific_content: null,
      specific_media: '',
      review_post_before_publishing: true,
      specific_before_post_review_time: null,
      post_approved: false,
      business_name: null,
      business_data: null,
      character_limit: null,
      target_character_count: null,
      content_type: 'general',
      topic: null,
      context: null,
      time_of_year: null,
      event_details: null,
      tone: null,
      mood: null,
      language: null,
      created_at: mondays!.createdAt.toISOString(),
      updated_at: mondays!.updatedAt.toISOString(),
    });
    expect(answer[1]).toMatchObject({ id: christmas!.id, specific_date: '2026-12-24T18:00:00.000Z', day_of_week: null, time_of_day: null, active: false });
  });

  it('answers an organization without schedules an empty list, and refuses a malformed request with 400', async () => {
    expect(await ask(randomUUID())).toEqual([]);
    const refused = await ask('not-an-id').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(400);
  });

  it('keeps a schedule either one-off or recurring: the table refuses both or neither', async () => {
    const organizationId = randomUUID();
    await expect(schedulesOf(organizationId, [{ name: 'Neither' }])).rejects.toThrow(/auto_schedules_when/);
    await expect(schedulesOf(organizationId, [{ ...weekly, name: 'Both', specificDate: new Date() }])).rejects.toThrow(/auto_schedules_when/);
    await expect(schedulesOf(organizationId, [{ dayOfWeek: 'monday', timeOfDay: '9:00' }])).rejects.toThrow(/time_of_day/);
  });
});

describe('scheduler.auto_schedule.count', () => {
  const count = async (payload: object) => scheduleCountSchema.parse(await ctx.bus.request(SchedulerRequests.count, payload, 3000));

  it('counts the given organizations’ auto-schedules and the active ones, and without organization_ids every organization’s', async () => {
    const [first, second, stranger] = [randomUUID(), randomUUID(), randomUUID()];
    const before = await count({});
    await schedulesOf(first, [weekly, { ...weekly, dayOfWeek: 'friday', active: false }]);
    await schedulesOf(second, [{ name: 'Christmas', specificDate: new Date('2026-12-24T18:00:00Z') }]);
    await schedulesOf(stranger, [weekly, weekly]);

    expect(await count({ organization_ids: [first, second] })).toEqual({ total_schedules: 3, active_schedules: 2 });
    expect(await count({ organization_ids: [first] })).toEqual({ total_schedules: 2, active_schedules: 1 });
    expect(await count({ organization_ids: [] })).toEqual({ total_schedules: 0, active_schedules: 0 });
    expect(await count({})).toEqual({ total_schedules: before.total_schedules + 5, active_schedules: before.active_schedules + 4 });
  });

  it('refuses organization ids that are not ids with 400', async () => {
    const refused = await ctx.bus.request(SchedulerRequests.count, { organization_ids: ['x'] }, 3000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(400);
  });
});

describe('organizations.organization.deleted', () => {
  it('deletes that organization’s auto-schedules and leaves others’; the event is recorded in the inbox', async () => {
    const organizationId = randomUUID();
    const other = randomUUID();
    await schedulesOf(organizationId, [weekly, { ...weekly, dayOfWeek: 'friday' }]);
    await schedulesOf(other, [weekly]);

    const { eventId } = await publishEvent(ctx, 'organizations.organization.deleted', { organizationId, ownerId: randomUUID(), reason: 'user_deleted' });

    const schedules = ctx.dataSource.getRepository(AutoSchedule);
    await expect.poll(() => schedules.countBy({ organizationId }), { timeout: 5000 }).toBe(0);
    expect(await schedules.countBy({ organizationId: other })).toBe(1);
    expect(await ctx.dataSource.getRepository(InboxEvent).countBy({ consumer: 'scheduler', eventId })).toBe(1);
  });
});
