import { describe, expect, it } from 'vitest';
import { autoScheduleSchema } from '@planner/contracts';
import { toAutoScheduleView } from '../src/domain/auto-schedule-view.js';
import { AutoSchedule } from '../src/entities/auto-schedule.entity.js';

const recurring = Object.assign(new AutoSchedule(), {
  id: '6a0f2a4e-3b1c-4d2e-8f90-1a2b3c4d5e6f',
  organizationId: '0b7d5c3e-2f44-4b9a-8c55-6e7f8a9b0c1d',
  name: 'Monday tips',
  platforms: ['LinkedIn', 'X'],
  specificMediaType: 'carousel',
  active: true,
  specificDate: null,
  dayOfWeek: 'monday',
  timeOfDay: '09:30',
  specificContent: null,
  specificMedia: ['schedules/a.png', 'schedules/b.png'],
  reviewPostBeforePublishing: true,
  specificBeforePostReviewTime: null,
  postApproved: false,
  businessName: 'Bakery',
  businessData: 'Fresh bread daily',
  characterLimit: 280,
  targetCharacterCount: 200,
  contentType: 'educational',
  topic: 'Sourdough',
  context: null,
  timeOfYear: null,
  eventDetails: null,
  tone: 'friendly',
  mood: 'positive',
  language: 'en-US',
  createdBy: null,
  createdAt: new Date('2026-03-01T09:00:00.000Z'),
  updatedAt: new Date('2026-03-01T09:05:00.000Z'),
} satisfies AutoSchedule);

describe('auto-schedule view (part 2 §3)', () => {
  it('shows a recurring schedule with its day and time, platforms and media comma-separated', () => {
    const view = toAutoScheduleView(recurring);
    expect(view).toMatchObject({
      platforms: 'LinkedIn,X',
      specific_media: 'schedules/a.png,schedules/b.png',
      specific_date: null,
      day_of_week: 'monday',
      time_of_day: '09:30',
      specific_before_post_review_time: null,
      created_at: '2026-03-01T09:00:00.000Z',
    });
    expect(autoScheduleSchema.parse(view)).toEqual(view);
  });

  it('shows a one-off schedule by its date, without day or time', () => {
    const oneOff = { ...recurring, specificDate: new Date('2026-12-24T18:00:00.000Z'), dayOfWeek: null, timeOfDay: null, specificMedia: [] };
    expect(toAutoScheduleView(oneOff)).toMatchObject({ specific_date: '2026-12-24T18:00:00.000Z', day_of_week: null, time_of_day: null, specific_media: '' });
  });
});
