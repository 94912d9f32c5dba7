import { describe, expect, it } from 'vitest';
import { originalRequestSchema, type PlatformOutcome, type SchedulePostSettings } from '@planner/contracts';
import { generationBrief } from '../src/domain/generation.js';
import { missedSlot } from '../src/domain/post-view.js';
import { imagesToDraw } from '../src/domain/regeneration.js';
import { approvedTime, type PublishedFields } from '../src/domain/review.js';
import { followedContent, isPendingSchedulePost, scheduleGenerationInput, scheduleOriginalRequest } from '../src/domain/scheduled-posts.js';

const scheduleId = '6a0f2a4e-3b1c-4d2e-8f90-1a2b3c4d5e6f';
const slot = new Date('2026-06-01T08:00:00Z');
const settings: SchedulePostSettings = {
  platforms: ['X', 'LinkedIn'],
  mediaType: 'text',
  specificContent: null,
  specificMediaPaths: [],
  generateMedia: false,
  reviewBeforePublishing: true,
  generation: {
    businessName: 'Bakery',
    businessData: 'Fresh bread daily',
    characterLimit: 200,
    targetCharacterCount: 120,
    contentType: 'educational',
    topic: 'Sourdough',
    context: null,
    timeOfYear: null,
    eventDetails: null,
    tone: null,
    mood: 'positive',
    language: 'fr-FR',
  },
};
const outcome = (status: PlatformOutcome['status']): PlatformOutcome => ({ status, link: null, reason: null, at: slot.toISOString() });

describe('a schedule’s settings as a generation', () => {
  it('make a request the generator accepts, for the schedule’s platforms, limit and language', () => {
    const checked = generationBrief(scheduleGenerationInput(settings));
    expect('brief' in checked && checked.brief).toMatchObject({
      businessName: 'Bakery',
      businessData: 'Fresh bread daily',
      contentType: 'educational',
      topic: 'Sourdough',
      tone: 'casual',
      mood: 'positive',
      language: 'fr-FR',
      platforms: [
        { platform: 'x', limit: 200, target: 120 },
        { platform: 'linkedin', limit: 200, target: 120 },
      ],
    });
  });

  it('are kept as the post’s original request, for Regenerate: later, at its time, naming the schedule', () => {
    const request = scheduleOriginalRequest(settings, slot, scheduleId);
    expect(originalRequestSchema.parse(request)).toEqual(request);
    expect(request).toMatchObject({
      business_name: 'Bakery',
      platforms: ['X', 'LinkedIn'],
      platform: 'X',
      schedule_option: 'later',
      scheduled_time: '2026-06-01T08:00:00.000Z',
      auto_schedule_id: scheduleId,
      character_limit: 200,
      tone: 'casual',
      language: 'fr-FR',
      content: '',
    });
    expect(scheduleOriginalRequest({ ...settings, specificContent: 'Fresh bread!', specificMediaPaths: ['org/a.png', 'org/b.png'] }, null, scheduleId)).toMatchObject({
      content: 'Fresh bread!',
      media_paths: 'org/a.png,org/b.png',
      scheduled_time: null,
    });
  });

  it('draw images as generate_media does: one for an image or story, two or more for a carousel, none for video', () => {
    expect(['text', 'image', 'story', 'carousel', 'short', 'video'].map((type) => imagesToDraw(type as PublishedFields['mediaType']))).toEqual([0, 1, 1, 2, 0, 0]);
    expect(imagesToDraw('carousel', 4)).toBe(4);
  });
});

describe('a schedule’s pending posts', () => {
  const post = (status: 'pending_review' | 'approved' | 'rejected' | 'published' | 'failed', publications: Record<string, PlatformOutcome> = {}, deletedAt: Date | null = null) => ({
    status,
    publications,
    deletedAt,
  });

  it('are those pending review, or approved and out on no platform yet', () => {
    expect(isPendingSchedulePost(post('pending_review'))).toBe(true);
    expect(isPendingSchedulePost(post('approved', { x: outcome('queued') }))).toBe(true);
    expect(isPendingSchedulePost(post('approved', { x: outcome('published'), linkedin: outcome('queued') }))).toBe(false);
    for (const status of ['rejected', 'published', 'failed'] as const) expect(isPendingSchedulePost(post(status))).toBe(false);
    expect(isPendingSchedulePost(post('pending_review', {}, slot))).toBe(false);
  });

  const generated: PublishedFields = { content: 'Our sourdough rises for 36 hours.', platforms: ['X'], mediaType: 'image', mediaPaths: ['org/drawn.png'], scheduledTime: slot, platformOptions: {} };

  it('take the schedule’s new text when it has one, and keep a generated text otherwise', () => {
    expect(followedContent(generated, { ...settings, mediaType: 'image', generateMedia: true, specificContent: 'Fresh bread!' })).toEqual({
      content: 'Fresh bread!',
      platforms: ['X', 'LinkedIn'],
      mediaType: 'image',
      mediaPaths: ['org/drawn.png'],
    });
    expect(followedContent(generated, { ...settings, mediaType: 'image', generateMedia: true }).content).toBe(generated.content);
  });

  it('take the schedule’s own media; keep their AI media while the type stays; else have none', () => {
    const uploads = { ...settings, mediaType: 'carousel' as const, specificMediaPaths: ['org/a.png', 'org/b.png'] };
    expect(followedContent(generated, uploads).mediaPaths).toEqual(['org/a.png', 'org/b.png']);
    expect(followedContent(generated, { ...settings, mediaType: 'carousel', generateMedia: true }).mediaPaths).toEqual([]);
    expect(followedContent(generated, { ...settings, mediaType: 'text' })).toMatchObject({ mediaType: 'text', mediaPaths: [] });
  });
});

describe('a post that missed its slot', () => {
  const now = new Date('2026-06-01T08:00:30Z');
  it('is an auto-schedule’s post still pending review when its time came', () => {
    expect(missedSlot({ status: 'pending_review', autoScheduleId: scheduleId, scheduledTime: slot }, now)).toBe(true);
    expect(missedSlot({ status: 'pending_review', autoScheduleId: scheduleId, scheduledTime: new Date('2026-06-01T08:01:00Z') }, now)).toBe(false);
    expect(missedSlot({ status: 'approved', autoScheduleId: scheduleId, scheduledTime: slot }, now)).toBe(false);
    expect(missedSlot({ status: 'pending_review', autoScheduleId: null, scheduledTime: slot }, now)).toBe(false);
  });

  it('is approved for the time asked while it is ahead, else for now', () => {
    const later = new Date('2026-06-02T08:00:00Z');
    expect(approvedTime(later, now)).toEqual(later);
    expect(approvedTime(slot, now)).toEqual(now);
    expect(approvedTime(null, now)).toEqual(now);
  });
});
