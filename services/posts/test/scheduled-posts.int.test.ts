import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostMessages, type SchedulePostSettings } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { bearer, publishEvent, waitFor } from '@planner/service-kit/testing';
import { LocalDiskStorage } from '../src/adapters/media-storage.js';
import { placeholderPng } from '../src/adapters/sandbox-generators.js';
import { quotaKey } from '../src/commands/quotas.js';
import { quotaDay } from '../src/domain/quotas.js';
import { Media } from '../src/entities/media.entity.js';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';
import { ERRORS, imagesResponse, postsCompletion, useOpenAIStandIn } from './support/openai-stand-in.js';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-slots-'));
const openai = useOpenAIStandIn();
// The real generators from config, against the OpenAI stand-in.
const h = usePosts(() => ({
  env: { OPENAI_API_KEY: 'sk-standin-test-key-0000000000005678', OPENAI_BASE_URL: openai.url },
  adapters: { storage: new LocalDiskStorage(mediaDir) },
}));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const HOUR = 3_600_000;
let owner: { id: string; token: string };
let organizationId: string;
beforeAll(async () => {
  owner = await h.addMember('pro');
  organizationId = await h.addOrganization(owner.id, { timezone: 'Europe/London' });
});

const settings = (extra: Partial<SchedulePostSettings> = {}): SchedulePostSettings => ({
  platforms: ['X', 'LinkedIn'],
  mediaType: 'text',
  specificContent: null,
  specificMediaPaths: [],
  generateMedia: false,
  reviewBeforePublishing: false,
  generation: {
    businessName: 'Fjord Bakery',
    businessData: null,
    characterLimit: null,
    targetCharacterCount: null,
    contentType: 'general',
    topic: 'Cinnamon buns',
    context: null,
    timeOfYear: null,
    eventDetails: null,
    tone: null,
    mood: null,
    language: 'en-GB',
  },
  ...extra,
});
const slotOpened = (autoScheduleId: string, slotAt: Date, extra: Partial<SchedulePostSettings> = {}) => ({
  ...settings(extra),
  autoScheduleId,
  organizationId,
  slotAt: slotAt.toISOString(),
  createdBy: owner.id,
});
const postsOf = (autoScheduleId: string) => h.ctx.dataSource.getRepository(Post).find({ where: { autoScheduleId }, withDeleted: true });
const madePost = async (autoScheduleId: string, accept: (post: Post) => boolean = () => true) =>
  (await waitFor(() => postsOf(autoScheduleId), (posts) => posts.length === 1 && accept(posts[0]!), 20_000))[0]!;
const publishRequests = async (postId: string) =>
  (await h.ctx.dataSource.getRepository(OutboxEvent).find({ where: { subject: 'posts.post.publish_requested' }, order: { createdAt: 'ASC' } }))
    .map((event) => event.envelope.data as { postId: string; version: number; dueAt: string | null })
    .filter((data) => data.postId === postId);
const contentUnitsUsed = async () => Number((await h.ctx.redis.get(quotaKey(owner.id, 'content', quotaDay(new Date(), 'Europe/London').day))) ?? 0);

describe('a slot’s post', () => {
  it('is written by the model from the schedule’s settings, approved and asked for at its slot, without the daily quota; once per slot', async () => {
    const scheduleId = randomUUID();
    const slot = new Date(Date.now() + 2 * HOUR);
    openai.reply(postsCompletion({ x: 'Warm buns at 9!', linkedin: 'Fjord Bakery: warm cinnamon buns from 9 every morning.' }));
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(scheduleId, slot));

    const post = await madePost(scheduleId);
    // The text fits every platform it goes to: X's.
    expect(post).toMatchObject({ status: 'approved', content: 'Warm buns at 9!', platforms: ['X', 'LinkedIn'], createdBy: owner.id, reviewNotes: null });
    expect([post.scheduledTime?.toISOString(), post.scheduleSlot?.toISOString()]).toEqual([slot.toISOString(), slot.toISOString()]);
    expect(post.originalRequest).toMatchObject({ business_name: 'Fjord Bakery', topic: 'Cinnamon buns', auto_schedule_id: scheduleId, language: 'en-GB' });
    expect(await publishRequests(post.id)).toEqual([expect.objectContaining({ version: 1, dueAt: slot.toISOString() })]);
    expect(await contentUnitsUsed()).toBe(0);

    // The slot's event again (as a new event, not a redelivery): no second post, no second generation.
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(scheduleId, slot));
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(scheduleId, new Date(slot.getTime() + 7 * 24 * HOUR), { specificContent: 'Next week' }));
    await waitFor(() => postsOf(scheduleId), (posts) => posts.length === 2, 20_000);
    expect(openai.requests).toHaveLength(1);
  });

  it('still made when generation fails: pending review whatever the schedule says, the notes saying why', async () => {
    const scheduleId = randomUUID();
    openai.reply(ERRORS.invalidKey);
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(scheduleId, new Date(Date.now() + HOUR)));
    const post = await madePost(scheduleId);
    expect(post).toMatchObject({ status: 'pending_review', content: '', reviewNotes: PostMessages.slotGenerationFailed });
    expect(post.originalRequest).toMatchObject({ topic: 'Cinnamon buns' });
    expect(await publishRequests(post.id)).toEqual([]);
  });

  it('gets images drawn for a schedule whose media AI makes: one for an image post, two for a carousel', async () => {
    for (const [mediaType, images] of [
      ['image', 1],
      ['carousel', 2],
    ] as const) {
      const scheduleId = randomUUID();
      openai.reply(postsCompletion({ x: 'Buns!', linkedin: 'Buns from Fjord Bakery.' }), ...Array.from({ length: images }, () => imagesResponse(placeholderPng(4, 4))));
      await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(scheduleId, new Date(Date.now() + HOUR), { mediaType, generateMedia: true }));
      const post = await madePost(scheduleId);
      expect(post).toMatchObject({ status: 'approved', mediaType, content: 'Buns!' });
      expect(post.mediaPaths).toHaveLength(images);
      const media = await h.ctx.dataSource.getRepository(Media).findBy({ organizationId });
      for (const key of post.mediaPaths) expect(media.find((item) => item.key === key)).toMatchObject({ source: 'generated', mime: 'image/jpeg' });
    }
  });

  it('waits for review with review on, and the notes name a rule its content breaks with review off', async () => {
    const reviewed = randomUUID();
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(reviewed, new Date(Date.now() + HOUR), { specificContent: 'Fresh bread', reviewBeforePublishing: true }));
    expect(await madePost(reviewed)).toMatchObject({ status: 'pending_review', content: 'Fresh bread', reviewNotes: null });

    const tooLong = randomUUID();
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(tooLong, new Date(Date.now() + HOUR), { mediaType: 'image', specificContent: 'No image' }));
    expect(await madePost(tooLong)).toMatchObject({ status: 'pending_review', reviewNotes: PostMessages.addMedia('image') });
    expect(openai.requests).toEqual([]);
  });
});

describe('a schedule’s update', () => {
  it('that comes before its slot’s post is made waits for it, then moves it and gives it the new text', async () => {
    const scheduleId = randomUUID();
    const [slot, moved] = [new Date(Date.now() + 2 * HOUR), new Date(Date.now() + 3 * HOUR)];
    await publishEvent(h.ctx, 'scheduler.auto_schedule.updated', {
      ...settings({ specificContent: 'New text' }),
      autoScheduleId: scheduleId,
      organizationId,
      changes: { timing: true, content: true },
      nextSlot: moved.toISOString(),
      slots: [{ from: slot.toISOString(), to: moved.toISOString() }],
    });
    await publishEvent(h.ctx, 'scheduler.auto_schedule.slot_opened', slotOpened(scheduleId, slot, { specificContent: 'Old text' }));

    const post = await madePost(scheduleId, (made) => made.version === 2);
    expect(post).toMatchObject({ status: 'approved', content: 'New text' });
    expect([post.scheduledTime?.toISOString(), post.scheduleSlot?.toISOString()]).toEqual([moved.toISOString(), moved.toISOString()]);
    expect((await publishRequests(post.id)).map((request) => [request.version, request.dueAt])).toEqual([
      [1, slot.toISOString()],
      [2, moved.toISOString()],
    ]);
  });

  it('leaves published, rejected and deleted posts as they are, but moves their slots with the schedule’s', async () => {
    const scheduleId = randomUUID();
    const [first, second, third] = [1, 2, 3].map((hours) => new Date(Date.now() + hours * HOUR)) as [Date, Date, Date];
    const published = await h.addPost(organizationId, { autoScheduleId: scheduleId, scheduleSlot: first, scheduledTime: first, status: 'published', content: 'Out' });
    const rejected = await h.addPost(organizationId, { autoScheduleId: scheduleId, scheduleSlot: second, scheduledTime: second, status: 'rejected', content: 'No' });
    const pending = await h.addPost(organizationId, { autoScheduleId: scheduleId, scheduleSlot: third, scheduledTime: third, status: 'pending_review', content: 'Soon' });
    // Each moves a slot along: the first post's new slot is the one the second leaves.
    const slots = [first, second, third].map((from) => ({ from: from.toISOString(), to: new Date(from.getTime() + HOUR).toISOString() }));
    await publishEvent(h.ctx, 'scheduler.auto_schedule.updated', {
      ...settings({ specificContent: 'New text' }),
      autoScheduleId: scheduleId,
      organizationId,
      changes: { timing: true, content: true },
      nextSlot: slots[0]!.to,
      slots,
    });
    const posts = await waitFor(
      () => postsOf(scheduleId),
      (rows) => rows.find((row) => row.id === pending)?.version === 2,
      20_000,
    );
    const byId = new Map(posts.map((post) => [post.id, post]));
    expect(byId.get(published)).toMatchObject({ content: 'Out', version: 1, scheduledTime: first, scheduleSlot: second });
    expect(byId.get(rejected)).toMatchObject({ content: 'No', version: 1, scheduledTime: second, scheduleSlot: third });
    expect(byId.get(pending)).toMatchObject({ content: 'New text', status: 'pending_review', scheduledTime: new Date(third.getTime() + HOUR) });
  });
});

describe('approving a post that missed its slot', () => {
  const call = (url: string, payload?: object) => h.api.send({ method: 'POST', url, headers: bearer(owner.token), ...(payload === undefined ? {} : { payload }) });
  const missed = () =>
    h.addPost(organizationId, { autoScheduleId: randomUUID(), status: 'pending_review', scheduledTime: new Date(Date.now() - HOUR), platforms: ['X'], content: 'Late bread' });

  it('the post says it missed its slot; approving it sets the new time asked, in the organization’s time zone', async () => {
    const id = await missed();
    const view = await h.api.send({ method: 'GET', url: `/posts/${id}`, headers: bearer(owner.token) });
    expect(view.json()).toMatchObject({ status: 'pending_review', missed_slot: PostMessages.missedSlot });

    // Local time in London, without its offset: 12:00 BST is 11:00 UTC.
    const res = await call(`/posts/${id}/approve`, { scheduled_time: '2031-07-01T12:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().post).toMatchObject({ status: 'approved', scheduled_time: '2031-07-01T11:00:00.000Z', version: 2, missed_slot: null });
    expect(await publishRequests(id)).toEqual([expect.objectContaining({ version: 2, dueAt: '2031-07-01T11:00:00.000Z' })]);
  });

  it('without a time it is published now, and its time stays; a time that passed, or null, is now', async () => {
    const kept = await missed();
    expect((await call(`/posts/${kept}/approve`)).json().post).toMatchObject({ status: 'approved', version: 1 });
    expect((await publishRequests(kept)).map((request) => request.dueAt)).toEqual([null]);

    for (const scheduledTime of [null, '2020-01-01T09:00:00Z']) {
      const id = await missed();
      const before = Date.now();
      const post = (await call(`/posts/${id}/approve`, { scheduled_time: scheduledTime })).json().post as { scheduled_time: string; version: number };
      expect(Date.parse(post.scheduled_time)).toBeGreaterThanOrEqual(before - 1000);
      expect(post.version).toBe(2);
      expect((await publishRequests(id)).map((request) => request.dueAt)).toEqual([null]);
    }
  });

  it('refuses a time it cannot read, in the post form’s words', async () => {
    const id = await missed();
    const res = await call(`/posts/${id}/approve`, { scheduled_time: 'tomorrow' });
    expect([res.statusCode, res.json().message]).toEqual([400, PostMessages.scheduledTimeInvalid]);
    expect((await h.ctx.dataSource.getRepository(Post).findOneBy({ id }))!.status).toBe('pending_review');
  });
});
