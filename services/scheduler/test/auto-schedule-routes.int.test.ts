import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autoScheduleDeletedResponseSchema,
  autoScheduleListSchema,
  AutoScheduleMessages,
  autoScheduleResponseSchema,
  autoScheduleUpdateResponseSchema,
  OrganizationMessages,
  PostMessages,
  SharedMessages,
  type Role,
} from '@planner/contracts';
import type { App } from '@planner/service-kit';
import { removeNamespace, startServiceProcess, startTestService, type TestProcess, type TestServiceContext } from '@planner/service-kit/testing';
import { AutoSchedule } from '../src/entities/auto-schedule.entity.js';
import { schedulerService } from '../src/service.js';

const servicesDir = fileURLToPath(new URL('../../', import.meta.url));
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduler-media-'));
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduler-logs-'));

let ctx: TestServiceContext;
let app: App;
let close: () => Promise<void>;
/** The real organizations (access, facts) and posts (media storage, related posts) services, as processes in this file's namespace. */
let peers: TestProcess[] = [];

beforeAll(async () => {
  // No slot opens but at start, before there are schedules: these tests count the posts they add.
  ({ ctx, app, close } = await startTestService(schedulerService, { env: { SLOT_OPENING_MS: '86400000' } }));
  peers = await Promise.all([
    startServiceProcess(path.join(servicesDir, 'organizations'), { namespace: ctx.id, logDir }),
    startServiceProcess(path.join(servicesDir, 'posts'), { namespace: ctx.id, logDir, env: { MEDIA_DIR: mediaDir } }),
  ]);
});

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.stop()));
  await close?.();
  await removeNamespace(ctx.id);
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(logDir, { recursive: true, force: true });
});

const table = (service: string, name: string) => `"${ctx.id}_${service}".${name}`;

/** A user as organizations knows them from auth's events, with an access token of their role. */
async function member(role: Role): Promise<{ id: string; token: string }> {
  const [row] = await ctx.dataSource.query<Array<{ user_id: string }>>(
    `INSERT INTO ${table('organizations', 'members')} (user_id, role, email_verified) VALUES (gen_random_uuid(), $1, true) RETURNING user_id`,
    [role],
  );
  return { id: row!.user_id, token: await ctx.keys.sign({ sub: row!.user_id, role }) };
}

/** An organization of the owner in the organizations service's table. */
async function organization(ownerId: string, { isActive = true, timezone = 'America/New_York' } = {}): Promise<string> {
  const [row] = await ctx.dataSource.query<Array<{ id: string }>>(
    `INSERT INTO ${table('organizations', 'organizations')} (owner_id, name, is_active, timezone) VALUES ($1, 'Bakery', $2, $3) RETURNING id`,
    [ownerId, isActive, timezone],
  );
  return row!.id;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, token: string | null, body?: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { message?: string } };
}

const png = (bytes = 256) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 1)]);
const jpeg = (bytes = 256) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 2)]);
const upload = (name: string, bytes: Buffer) => ({ name, data: bytes.toString('base64') });

const weekly = { name: 'Monday tips', platforms: 'X,LinkedIn', day_of_week: 'monday', time_of_day: '09:00', specific_content: 'Fresh bread every Monday!' };

const stored = (key: string) => fs.existsSync(path.join(mediaDir, key));
const mediaRows = async (organizationId: string) =>
  (await ctx.dataSource.query<Array<{ key: string }>>(`SELECT key FROM ${table('posts', 'media')} WHERE organization_id = $1 ORDER BY key`, [organizationId])).map(
    (row) => row.key,
  );
const schedulesOf = (organizationId: string) => ctx.dataSource.getRepository(AutoSchedule).findBy({ organizationId });

let owner: { id: string; token: string };
let organizationId: string;

beforeAll(async () => {
  owner = await member('pro');
  organizationId = await organization(owner.id);
});

/** A fresh organization of the owner. */
const newOrganization = () => organization(owner.id);

/** Creates a schedule as the owner: its answer's body (201 expected). */
async function created(body: Record<string, unknown>, by = owner, organization = organizationId) {
  const response = await call('POST', '/auto-schedule', by.token, { organization_id: organization, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return autoScheduleResponseSchema.parse(response.body);
}

describe('POST and GET /auto-schedule', () => {
  it('creates a weekly schedule with part 2 §9’s defaults and lists it with the organization’s others, oldest first', async () => {
    const organization = await newOrganization();
    const schedule = await created(weekly, owner, organization);
    expect(schedule).toMatchObject({
      organization_id: organization,
      name: 'Monday tips',
      platforms: 'X,LinkedIn',
      specific_media_type: 'text',
      active: true,
      day_of_week: 'monday',
      time_of_day: '09:00',
      specific_date: null,
      review_post_before_publishing: true,
      specific_before_post_review_time: null,
      content_type: 'general',
      message: AutoScheduleMessages.added,
    });
    expect(AutoScheduleMessages.added).toBe('Schedule added successfully!');
    const later = await created({ ...weekly, name: 'Fridays', day_of_week: 'friday', specific_content: null, topic: 'Weekend specials' }, owner, organization);

    const list = await call('GET', `/auto-schedule?organization_id=${organization}`, owner.token);
    expect(list.status).toBe(200);
    const { message: _message, ...first } = schedule;
    expect(autoScheduleListSchema.parse(list.body)).toEqual([first, expect.objectContaining({ id: later.id, name: 'Fridays' })]);
    expect((await call('GET', `/auto-schedule?organization_id=${await newOrganization()}`, owner.token)).body).toEqual([]);
  });

  it('creates a one-off schedule at a local time in the organization’s zone, a skipped time at the first minute after the jump', async () => {
    const once = { ...weekly, day_of_week: null, time_of_day: null };
    expect((await created({ ...once, specific_date: '2031-12-24T18:00' })).specific_date).toBe('2031-12-24T23:00:00.000Z');
    expect((await created({ ...once, specific_date: '2031-03-09T02:30' })).specific_date).toBe('2031-03-09T07:00:00.000Z');
    expect((await created({ ...once, specific_date: '2031-07-01T09:00:00+02:00' })).specific_date).toBe('2031-07-01T07:00:00.000Z');
  });

  it('refuses every broken rule of part 2 §5 with the spec’s message, saving nothing', async () => {
    const organization = await newOrganization();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, PostMessages.scheduleNameRequired],
      [{ name: undefined }, PostMessages.scheduleNameRequired],
      [{ platforms: '' }, PostMessages.selectPlatform],
      [{ platforms: ['X', 'MySpace'] }, PostMessages.unknownPlatform('MySpace')],
      [{ specific_media_type: 'image', specific_content: null }, PostMessages.addMedia('image')],
      [{ specific_media_type: 'video', specific_content: null, generate_media: true }, AutoScheduleMessages.aiMediaComingSoon('video')],
      [{ specific_media_type: 'carousel', specific_content: null, specific_media: [upload('one.png', png())] }, PostMessages.carouselMinimum],
      [{ specific_media_type: 'short', specific_content: null, specific_media: [upload('a.png', png()), upload('b.png', png())] }, PostMessages.shortSingleFile],
      [{ specific_media_type: 'story', specific_media: [upload('a.png', png())] }, PostMessages.storiesWithoutText],
      [{ specific_media: [upload('a.png', png())] }, PostMessages.invalidMediaType],
      [{ specific_before_post_review_time: 43201 }, 'Review time cannot exceed 43200 minutes (30 days).'],
      [{ specific_before_post_review_time: 0 }, OrganizationMessages.reviewTimePositive],
      [{ specific_before_post_review_time: 'soon' }, OrganizationMessages.reviewTimePositive],
      [{ character_limit: 100, target_character_count: 200 }, 'Target character count cannot exceed character limit'],
      [{ character_limit: 0 }, OrganizationMessages.characterRange('Character limit')],
      [{ target_character_count: 0 }, OrganizationMessages.characterRange('Target character count')],
      [{ business_data: 'Family bakery since 1990' }, 'Cannot use Custom Business Data with Specific Post Content.'],
      [{ day_of_week: null, time_of_day: null }, AutoScheduleMessages.timingRequired],
      [{ specific_date: '2031-12-24T18:00' }, AutoScheduleMessages.dateOrWeekly],
      [{ day_of_week: null, time_of_day: null, specific_date: '2020-01-01T09:00' }, PostMessages.scheduledTimeInPast],
      [{ day_of_week: null, time_of_day: null, specific_date: 'next week' }, PostMessages.scheduledTimeInvalid],
      [{ day_of_week: 'caturday' }, AutoScheduleMessages.dayOfWeekInvalid],
      [{ time_of_day: '25:00' }, AutoScheduleMessages.timeOfDayInvalid],
      [{ specific_media_type: 'gif' }, PostMessages.invalidMediaType],
      [{ tone: 'grumpy' }, OrganizationMessages.unknownOption('tone')],
      [{ specific_media_type: 'image', specific_content: null, specific_media: [{ name: 'a.png', data: 'not base64!' }] }, AutoScheduleMessages.uploadNotBase64('a.png')],
      [{ specific_media_type: 'image', specific_content: null, specific_media: [{ name: 'a.png' }] }, AutoScheduleMessages.uploadInvalid],
      [{ specific_media_type: 'video', specific_content: null, specific_media: [upload('photo.png', png())] }, PostMessages.invalidMediaType],
    ];
    for (const [body, message] of refusals) {
      const response = await call('POST', '/auto-schedule', owner.token, { organization_id: organization, ...weekly, ...body });
      expect([response.status, response.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await schedulesOf(organization)).toEqual([]);
    expect(await mediaRows(organization)).toEqual([]);
  });

  it('answers a request without organization_id “Organization ID is missing.”', async () => {
    expect(PostMessages.organizationIdMissing).toBe('Organization ID is missing.');
    for (const response of [
      await call('POST', '/auto-schedule', owner.token, weekly),
      await call('POST', '/auto-schedule', owner.token, { ...weekly, organization_id: ' ' }),
      await call('GET', '/auto-schedule', owner.token),
    ]) {
      expect([response.status, response.body.message]).toEqual([400, PostMessages.organizationIdMissing]);
    }
  });

  it('stores uploads with the posts service (a file past NATS’s max payload too) and keeps their paths in order', async () => {
    const organization = await newOrganization();
    const large = png(3 * 1024 * 1024);
    const schedule = await created(
      {
        ...weekly,
        specific_content: null,
        specific_media_type: 'carousel',
        specific_media: [upload('large.png', large), { name: 'photo.jpg', data: `data:image/jpeg;base64,${jpeg().toString('base64')}` }],
      },
      owner,
      organization,
    );
    const paths = schedule.specific_media.split(',');
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(new RegExp(`^${organization}/[0-9a-f-]{36}\\.png$`));
    expect(paths[1]).toMatch(/\.jpg$/);
    expect(fs.readFileSync(path.join(mediaDir, paths[0]!)).equals(large)).toBe(true);
    expect(await mediaRows(organization)).toEqual([...paths].sort());
  });

  it('creates a schedule whose images AI makes, without uploads', async () => {
    const schedule = await created({ ...weekly, specific_content: null, specific_media_type: 'image', generate_media: true });
    expect(schedule).toMatchObject({ specific_media_type: 'image', specific_media: '' });
  });
});

describe('PUT /auto-schedule/{id}', () => {
  it('changes what is sent, keeps the rest, and says what happens to pending posts', async () => {
    const schedule = await created({ ...weekly, specific_content: null, topic: 'Sourdough' });
    const update = async (body: Record<string, unknown>) => {
      const response = await call('PUT', `/auto-schedule/${schedule.id}`, owner.token, body);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return autoScheduleUpdateResponseSchema.parse(response.body);
    };

    expect(await update({ name: 'Renamed', review_post_before_publishing: false })).toMatchObject({
      name: 'Renamed',
      topic: 'Sourdough',
      day_of_week: 'monday',
      review_post_before_publishing: false,
      changes: { timing: false, content: false },
      message: AutoScheduleMessages.updated,
    });
    expect(await update({ time_of_day: '10:30' })).toMatchObject({ time_of_day: '10:30', changes: { timing: true, content: false }, message: AutoScheduleMessages.updatedRescheduled });
    expect(await update({ topic: 'Rye', tone: 'friendly' })).toMatchObject({ topic: 'Rye', changes: { timing: false, content: true }, message: AutoScheduleMessages.updatedContent });
    expect(await update({ day_of_week: null, time_of_day: null, specific_date: '2031-12-24T18:00', platforms: 'Telegram' })).toMatchObject({
      specific_date: '2031-12-24T23:00:00.000Z',
      day_of_week: null,
      platforms: 'Telegram',
      changes: { timing: true, content: true },
      message: AutoScheduleMessages.updatedRescheduledAndContent,
    });
    expect(AutoScheduleMessages.updated).toBe('Schedule updated successfully!');
  });

  it('counts kept media toward the rules, deletes what it does not keep once saved, and refuses paths not its own', async () => {
    const organization = await newOrganization();
    const schedule = await created(
      { ...weekly, specific_content: null, specific_media_type: 'carousel', specific_media: [upload('a.png', png()), upload('b.png', png()), upload('c.jpg', jpeg())] },
      owner,
      organization,
    );
    const [a, b, c] = schedule.specific_media.split(',') as [string, string, string];
    const put = (body: Record<string, unknown>) => call('PUT', `/auto-schedule/${schedule.id}`, owner.token, body);

    const tooFew = await put({ media_to_keep: [a] });
    expect([tooFew.status, tooFew.body.message]).toEqual([400, PostMessages.carouselMinimum]);
    const notOurs = await put({ media_to_keep: [a, b, `${organization}/${randomUUID()}.png`] });
    expect([notOurs.status, notOurs.body.message]).toEqual([400, PostMessages.mediaNotFound]);
    expect([stored(a), stored(b), stored(c)]).toEqual([true, true, true]);

    const kept = await put({ media_to_keep: `${c},${a}`, specific_media: [upload('d.png', png())] });
    expect(kept.status).toBe(200);
    const paths = autoScheduleUpdateResponseSchema.parse(kept.body).specific_media.split(',');
    expect(paths.slice(0, 2)).toEqual([a, c]);
    expect(paths).toHaveLength(3);
    expect(kept.body.changes).toEqual({ timing: false, content: true });
    expect([stored(a), stored(b), stored(c), stored(paths[2]!)]).toEqual([true, false, true, true]);
    expect(await mediaRows(organization)).toEqual([...paths].sort());

    // Without media_to_keep every medium stays; a type that takes none then is refused.
    expect((await put({ name: 'Still a carousel' })).status).toBe(200);
    const toText = await put({ specific_media_type: 'text', specific_content: 'Hello' });
    expect([toText.status, toText.body.message]).toEqual([400, PostMessages.invalidMediaType]);
    const emptied = await put({ specific_media_type: 'text', specific_content: 'Hello', media_to_keep: [] });
    expect(emptied.status).toBe(200);
    expect(emptied.body.specific_media).toBe('');
    expect(await mediaRows(organization)).toEqual([]);
  });

  it('refuses a broken rule with the spec’s message and changes nothing', async () => {
    const schedule = await created({ ...weekly, specific_content: null, character_limit: 280, target_character_count: 200 });
    const lowered = await call('PUT', `/auto-schedule/${schedule.id}`, owner.token, { character_limit: 100 });
    expect([lowered.status, lowered.body.message]).toEqual([400, 'Character limit cannot be less than target character count']);
    const raised = await call('PUT', `/auto-schedule/${schedule.id}`, owner.token, { target_character_count: 300 });
    expect([raised.status, raised.body.message]).toEqual([400, 'Target character count cannot exceed character limit']);
    const review = await call('PUT', `/auto-schedule/${schedule.id}`, owner.token, { specific_before_post_review_time: 50000 });
    expect([review.status, review.body.message]).toEqual([400, 'Review time cannot exceed 43200 minutes (30 days).']);
    const content = await call('PUT', `/auto-schedule/${schedule.id}`, owner.token, { specific_content: 'Fixed text', business_data: 'Our story' });
    expect([content.status, content.body.message]).toEqual([400, 'Cannot use Custom Business Data with Specific Post Content.']);
    expect(await ctx.dataSource.getRepository(AutoSchedule).findOneBy({ id: schedule.id })).toMatchObject({ characterLimit: 280, targetCharacterCount: 200 });
  });
});

describe('PATCH /auto-schedule/{id}/active', () => {
  it('pauses and activates the schedule; the body must say which', async () => {
    const schedule = await created(weekly);
    const paused = await call('PATCH', `/auto-schedule/${schedule.id}/active`, owner.token, { active: false });
    expect([paused.status, paused.body.active, paused.body.message]).toEqual([200, false, AutoScheduleMessages.paused]);
    const active = await call('PATCH', `/auto-schedule/${schedule.id}/active`, owner.token, { active: true });
    expect([active.status, active.body.active, active.body.message]).toEqual([200, true, AutoScheduleMessages.activated]);
    for (const body of [{}, { active: 'yes' }]) {
      const refused = await call('PATCH', `/auto-schedule/${schedule.id}/active`, owner.token, body);
      expect([refused.status, refused.body.message]).toEqual([400, AutoScheduleMessages.activeRequired]);
    }
  });
});

describe('DELETE /auto-schedule/{id}', () => {
  /** A post of the schedule in the posts service's table. */
  async function postOf(organization: string, autoScheduleId: string, status: string, mediaPaths: string[] = []): Promise<string> {
    const [row] = await ctx.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO ${table('posts', 'posts')} (organization_id, auto_schedule_id, status, content, platforms, media_type, media_paths)
       VALUES ($1, $2, $3, 'Hello', '{X}', $4, $5) RETURNING id`,
      [organization, autoScheduleId, status, mediaPaths.length > 0 ? 'image' : 'text', mediaPaths],
    );
    return row!.id;
  }
  const liveStatuses = async (organization: string) =>
    (await ctx.dataSource.query<Array<{ status: string }>>(`SELECT status FROM ${table('posts', 'posts')} WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY status`, [organization])).map(
      (row) => row.status,
    );

  it('deletes the schedule, and of media_keys its own media except what a post still shows; its posts stay', async () => {
    const organization = await newOrganization();
    const schedule = await created(
      { ...weekly, specific_content: null, specific_media_type: 'carousel', specific_media: [upload('a.png', png()), upload('b.png', png()), upload('c.png', png())] },
      owner,
      organization,
    );
    const [a, b, c] = schedule.specific_media.split(',') as [string, string, string];
    await postOf(organization, schedule.id, 'published', [b]);
    const someoneElses = (await created({ ...weekly, specific_content: null, specific_media_type: 'image', specific_media: [upload('x.png', png())] })).specific_media;

    const response = await call('DELETE', `/auto-schedule/${schedule.id}`, owner.token, { media_keys: [a, b, someoneElses], delete_related_posts: false });
    expect(response.status).toBe(200);
    expect(autoScheduleDeletedResponseSchema.parse(response.body)).toEqual({ message: AutoScheduleMessages.deleted, deleted_media: [a], media_in_use: [b] });
    expect(AutoScheduleMessages.deleted).toBe('Schedule deleted successfully!');
    expect(await schedulesOf(organization)).toEqual([]);
    expect([stored(a), stored(b), stored(c), stored(someoneElses)]).toEqual([false, true, true, true]);
    expect(await liveStatuses(organization)).toEqual(['published']);
    expect((await call('DELETE', `/auto-schedule/${schedule.id}`, owner.token)).status).toBe(404);
  });

  it('with delete_related_posts deletes its posts that have not gone out, then the schedule and its media', async () => {
    const organization = await newOrganization();
    const schedule = await created({ ...weekly, specific_content: null, specific_media_type: 'image', specific_media: [upload('a.png', png())] }, owner, organization);
    const other = await created(weekly, owner, organization);
    const key = schedule.specific_media;
    await postOf(organization, schedule.id, 'pending_review', [key]);
    await postOf(organization, schedule.id, 'approved');
    await postOf(organization, schedule.id, 'published');
    await postOf(organization, other.id, 'pending_review');

    const response = await call('DELETE', `/auto-schedule/${schedule.id}`, owner.token, { media_keys: key, delete_related_posts: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: AutoScheduleMessages.deletedWithPosts, deleted_media: [key], media_in_use: [] });
    expect(AutoScheduleMessages.deletedWithPosts).toBe('Schedule and all related posts deleted successfully!');
    expect(await liveStatuses(organization)).toEqual(['pending_review', 'published']);
    expect((await schedulesOf(organization)).map((row) => row.id)).toEqual([other.id]);
    expect(stored(key)).toBe(false);
  });
});

describe('who may use auto-schedules', () => {
  it('needs a login (401) and Auto-Post: basic and test users get 403 on every route', async () => {
    const schedule = await created(weekly);
    const routes = (token: string | null) => [
      call('GET', `/auto-schedule?organization_id=${organizationId}`, token),
      call('POST', '/auto-schedule', token, { organization_id: organizationId, ...weekly }),
      call('PUT', `/auto-schedule/${schedule.id}`, token, { name: 'Mine now' }),
      call('PATCH', `/auto-schedule/${schedule.id}/active`, token, { active: false }),
      call('DELETE', `/auto-schedule/${schedule.id}`, token, {}),
    ];
    for (const response of await Promise.all(routes(null))) expect([response.status, response.body.message]).toEqual([401, SharedMessages.authenticationRequired]);
    for (const role of ['basic', 'test'] as const) {
      const user = await member(role);
      // Even on their own organization.
      await ctx.dataSource.query(`UPDATE ${table('organizations', 'organizations')} SET owner_id = $1 WHERE id = $2`, [user.id, organizationId]);
      for (const response of await Promise.all(routes(user.token))) expect([response.status, response.body.message]).toEqual([403, AutoScheduleMessages.notInPlan]);
    }
    await ctx.dataSource.query(`UPDATE ${table('organizations', 'organizations')} SET owner_id = $1 WHERE id = $2`, [owner.id, organizationId]);
    expect(await ctx.dataSource.getRepository(AutoSchedule).findOneBy({ id: schedule.id })).toMatchObject({ name: 'Monday tips', active: true });
  });

  it('answers 404 for another user’s organization or schedule on every route, and for a schedule that does not exist', async () => {
    const stranger = await member('advanced');
    const schedule = await created(weekly);
    const missing = randomUUID();
    for (const response of [
      await call('GET', `/auto-schedule?organization_id=${organizationId}`, stranger.token),
      await call('POST', '/auto-schedule', stranger.token, { organization_id: organizationId, ...weekly }),
      await call('PUT', `/auto-schedule/${schedule.id}`, stranger.token, { name: 'Mine now' }),
      await call('PATCH', `/auto-schedule/${schedule.id}/active`, stranger.token, { active: false }),
      await call('DELETE', `/auto-schedule/${schedule.id}`, stranger.token, { delete_related_posts: true }),
      await call('PUT', `/auto-schedule/${missing}`, owner.token, { name: 'Nothing' }),
      await call('PATCH', '/auto-schedule/not-an-id/active', owner.token, { active: false }),
      await call('DELETE', `/auto-schedule/${missing}`, owner.token),
      await call('GET', '/auto-schedule?organization_id=not-an-id', owner.token),
    ]) {
      expect([response.status, response.body.message]).toEqual([404, SharedMessages.notFound]);
    }
    expect(await ctx.dataSource.getRepository(AutoSchedule).findOneBy({ id: schedule.id })).toMatchObject({ name: 'Monday tips', active: true });
  });

  it('lets an admin act on any organization', async () => {
    const admin = await member('admin');
    const schedule = await created(weekly, admin);
    expect(schedule.organization_id).toBe(organizationId);
    expect((await call('PATCH', `/auto-schedule/${schedule.id}/active`, admin.token, { active: false })).status).toBe(200);
    expect((await call('GET', `/auto-schedule?organization_id=${organizationId}`, admin.token)).status).toBe(200);
  });

  it('lists an inactive organization’s schedules but refuses changes with its message (403)', async () => {
    const organization = await newOrganization();
    const schedule = await created(weekly, owner, organization);
    await ctx.dataSource.query(`UPDATE ${table('organizations', 'organizations')} SET is_active = false WHERE id = $1`, [organization]);
    expect((await call('GET', `/auto-schedule?organization_id=${organization}`, owner.token)).status).toBe(200);
    for (const response of [
      await call('POST', '/auto-schedule', owner.token, { organization_id: organization, ...weekly }),
      await call('PUT', `/auto-schedule/${schedule.id}`, owner.token, { name: 'Renamed' }),
      await call('PATCH', `/auto-schedule/${schedule.id}/active`, owner.token, { active: false }),
      await call('DELETE', `/auto-schedule/${schedule.id}`, owner.token),
    ]) {
      expect([response.status, response.body.message]).toEqual([403, OrganizationMessages.inactive]);
    }
    expect(await schedulesOf(organization)).toHaveLength(1);
  });

  it('refuses a body past its limit with 413 before storing anything', async () => {
    const organization = await newOrganization();
    const huge = await call('POST', '/auto-schedule', owner.token, {
      organization_id: organization,
      ...weekly,
      specific_content: null,
      specific_media_type: 'image',
      specific_media: [{ name: 'huge.png', data: 'A'.repeat(41 * 1024 * 1024) }],
    });
    expect(huge.status).toBe(413);
    expect(await mediaRows(organization)).toEqual([]);
  });
});

describe('ids and sizes checked at the edge (issue 28)', () => {
  it('answers a path id that is no UUID 404, on the schedule routes and a publication’s confirmation, never a 500', async () => {
    for (const [method, url, body] of [
      ['POST', '/publications/not-a-uuid/confirm', { link: 'https://x.com/bakery/status/1' }],
      ['POST', '/publications/%00/confirm', { link: 'https://x.com/bakery/status/1' }],
      ['PUT', '/auto-schedule/not-a-uuid', { name: 'x' }],
      ['DELETE', '/auto-schedule/12345', undefined],
      ['PATCH', '/auto-schedule/not-a-uuid/active', { active: false }],
      ['GET', '/sandbox/posts/not-a-uuid', undefined],
    ] as const) {
      const response = await call(method, url, owner.token, body);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
    }
  });

  it('answers a 1 MB organization_id 404 as a short wrong one, without asking organizations (no 503)', async () => {
    for (const id of ['not-an-id', 'x'.repeat(1024 * 1024)]) {
      const created = await call('POST', '/auto-schedule', owner.token, { ...weekly, organization_id: id });
      expect({ status: created.status, message: created.body.message }).toEqual({ status: 404, message: SharedMessages.notFound });
      const listed = await call('GET', `/auto-schedule?organization_id=${id.slice(0, 1000)}`, owner.token);
      expect(listed.status).toBe(404);
    }
  });

  it('refuses 1 MB of media_keys on a delete with a 400 (within the body limit; past it a 413), and keeps the schedule', async () => {
    const schedule = await created(weekly, owner, await newOrganization());
    for (const media_keys of ['k'.repeat(1_000_000), Array.from({ length: 20 }, () => 'k'.repeat(50_000))]) {
      const response = await call('DELETE', `/auto-schedule/${schedule.id}`, owner.token, { media_keys });
      expect(response.status).toBe(400);
    }
    expect(await ctx.dataSource.getRepository(AutoSchedule).existsBy({ id: schedule.id })).toBe(true);
  });
});
