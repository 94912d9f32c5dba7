import { describe, expect, it } from 'vitest';
import { AutoScheduleMessages, OrganizationMessages, PostMessages, type AutoScheduleCreate, type AutoScheduleUpdate } from '@planner/contracts';
import {
  checkedSchedule,
  generatesMedia,
  namedMedia,
  NEW_SCHEDULE,
  scheduleChanges,
  settingsOf,
  updateMessage,
  type RuleContext,
  type ScheduleSettings,
} from '../src/domain/auto-schedule-rules.js';

const now = new Date('2026-06-01T12:00:00Z');
const context: RuleContext = { timeZone: 'America/New_York', now, mediaCount: 0, generatedBefore: false };
const valid = { organization_id: 'org', name: 'Monday tips', platforms: 'X,LinkedIn', day_of_week: 'monday', time_of_day: '09:00' } satisfies AutoScheduleCreate;

const create = (body: Partial<AutoScheduleCreate>, over: Partial<RuleContext> = {}) => checkedSchedule(NEW_SCHEDULE, { ...valid, ...body }, { ...context, ...over });
const problem = (body: Partial<AutoScheduleCreate>, over: Partial<RuleContext> = {}) => {
  const checked = create(body, over);
  return checked.ok ? null : checked.problem;
};
const settings = (body: Partial<AutoScheduleCreate> = {}, over: Partial<RuleContext> = {}): ScheduleSettings => {
  const checked = create(body, over);
  if (!checked.ok) throw new Error(checked.problem);
  return checked.settings;
};

describe('a new schedule', () => {
  it('takes part 2 §9’s defaults for what the body leaves out, platforms as their display names', () => {
    expect(settings({ platforms: ' twitter, linkedin ,x,' })).toEqual({
      ...NEW_SCHEDULE,
      name: 'Monday tips',
      platforms: ['X', 'LinkedIn'],
      dayOfWeek: 'monday',
      timeOfDay: '09:00',
      specificMediaType: 'text',
      reviewPostBeforePublishing: true,
      contentType: 'general',
      active: true,
    });
    expect(settings({ platforms: ['Instagram', 'threads'] }).platforms).toEqual(['Instagram', 'Threads']);
  });

  it('needs a name and a platform, in the spec’s words', () => {
    expect(problem({ name: '   ' })).toBe(PostMessages.scheduleNameRequired);
    expect(problem({ name: undefined })).toBe(PostMessages.scheduleNameRequired);
    expect(problem({ platforms: '' })).toBe(PostMessages.selectPlatform);
    expect(problem({ platforms: [] })).toBe(PostMessages.selectPlatform);
    expect(problem({ platforms: undefined })).toBe(PostMessages.selectPlatform);
    expect(problem({ platforms: 'X,MySpace' })).toBe(PostMessages.unknownPlatform('MySpace'));
    expect(settings({ name: '  Monday tips  ' }).name).toBe('Monday tips');
  });
});

describe('when a schedule posts', () => {
  it('weekly: a day of the week and a time HH:MM, both needed', () => {
    expect(settings({ day_of_week: 'Friday', time_of_day: '17:45' })).toMatchObject({ dayOfWeek: 'friday', timeOfDay: '17:45', specificDate: null });
    expect(problem({ day_of_week: undefined, time_of_day: undefined })).toBe(AutoScheduleMessages.timingRequired);
    expect(problem({ day_of_week: 'monday', time_of_day: null })).toBe(AutoScheduleMessages.timingRequired);
    expect(problem({ day_of_week: 'someday' })).toBe(AutoScheduleMessages.dayOfWeekInvalid);
    for (const time of ['9:00', '24:00', '09:60', 'noon']) expect(problem({ time_of_day: time })).toBe(AutoScheduleMessages.timeOfDayInvalid);
  });

  it('one-off: a date to come, with its offset or as local time in the organization’s zone; never with a day or time', () => {
    const once = { day_of_week: null, time_of_day: null };
    expect(settings({ ...once, specific_date: '2026-12-24T18:00' })).toMatchObject({ specificDate: new Date('2026-12-24T23:00:00Z'), dayOfWeek: null, timeOfDay: null });
    expect(settings({ ...once, specific_date: '2026-12-24T18:00:00Z' }).specificDate).toEqual(new Date('2026-12-24T18:00:00Z'));
    expect(settings({ day_of_week: undefined, time_of_day: undefined, specific_date: '2026-12-24T18:00' }).dayOfWeek).toBeNull();
    expect(problem({ specific_date: '2026-12-24T18:00' })).toBe(AutoScheduleMessages.dateOrWeekly);
    expect(problem({ ...once, specific_date: '2026-02-30T10:00' })).toBe(PostMessages.scheduledTimeInvalid);
    expect(problem({ ...once, specific_date: '2026-06-01T08:00' })).toBe(PostMessages.scheduledTimeInPast);
    expect(problem({ ...once, specific_date: null })).toBe(AutoScheduleMessages.timingRequired);
  });
});

describe('media (part 2 §5)', () => {
  it('text takes none', () => {
    expect(problem({}, { mediaCount: 0 })).toBeNull();
    expect(problem({}, { mediaCount: 1 })).toBe(PostMessages.invalidMediaType);
  });

  it('other types need an upload, or AI-generated media where AI makes that type', () => {
    expect(problem({ specific_media_type: 'image' })).toBe(PostMessages.addMedia('image'));
    expect(problem({ specific_media_type: 'video', generate_media: false })).toBe(PostMessages.addMedia('video'));
    expect(problem({ specific_media_type: 'image' }, { mediaCount: 1 })).toBeNull();
    for (const type of ['image', 'carousel', 'story'] as const) expect(problem({ specific_media_type: type, generate_media: true })).toBeNull();
    expect(problem({ specific_media_type: 'video', generate_media: true })).toBe(AutoScheduleMessages.aiMediaComingSoon('video'));
    expect(problem({ specific_media_type: 'short', generate_media: true })).toBe(AutoScheduleMessages.aiMediaComingSoon('short'));
    expect(problem({ specific_media_type: 'short', generate_media: true }, { mediaCount: 1 })).toBeNull();
  });

  it('a carousel at least 2, counting kept media; a short one file; a story no text', () => {
    expect(problem({ specific_media_type: 'carousel' }, { mediaCount: 1 })).toBe(PostMessages.carouselMinimum);
    expect(problem({ specific_media_type: 'carousel', generate_media: true }, { mediaCount: 1 })).toBe(PostMessages.carouselMinimum);
    expect(problem({ specific_media_type: 'carousel' }, { mediaCount: 2 })).toBeNull();
    expect(problem({ specific_media_type: 'short' }, { mediaCount: 2 })).toBe(PostMessages.shortSingleFile);
    expect(problem({ specific_media_type: 'story', specific_content: 'Hello' }, { mediaCount: 1 })).toBe(PostMessages.storiesWithoutText);
    expect(problem({ specific_media_type: 'story', specific_content: '  ' }, { mediaCount: 1 })).toBeNull();
  });
});

describe('review time (part 2 §5)', () => {
  it('when review is on, 1 to 43200 minutes, or none for the organization’s default', () => {
    expect(settings({ specific_before_post_review_time: 1 }).specificBeforePostReviewTime).toBe(1);
    expect(settings({ specific_before_post_review_time: 43200 }).specificBeforePostReviewTime).toBe(43200);
    expect(settings({ specific_before_post_review_time: null }).specificBeforePostReviewTime).toBeNull();
    expect(problem({ specific_before_post_review_time: 43201 })).toBe(OrganizationMessages.reviewTimeTooLong);
    expect(OrganizationMessages.reviewTimeTooLong).toBe('Review time cannot exceed 43200 minutes (30 days).');
    for (const minutes of [0, -5, 1.5]) expect(problem({ specific_before_post_review_time: minutes })).toBe(OrganizationMessages.reviewTimePositive);
  });

  it('is not checked, nor kept, when review is off', () => {
    expect(settings({ review_post_before_publishing: false, specific_before_post_review_time: 99999 })).toMatchObject({
      reviewPostBeforePublishing: false,
      specificBeforePostReviewTime: null,
    });
  });
});

describe('character counts (part 2 §5)', () => {
  it('1 to 5000 each; the target not above the limit, in the words of the field changed', () => {
    expect(settings({ character_limit: 280, target_character_count: 200 })).toMatchObject({ characterLimit: 280, targetCharacterCount: 200 });
    expect(settings({ character_limit: 280, target_character_count: 280 }).targetCharacterCount).toBe(280);
    expect(problem({ character_limit: 100, target_character_count: 200 })).toBe(PostMessages.targetExceedsLimit);
    expect(PostMessages.targetExceedsLimit).toBe('Target character count cannot exceed character limit');
    expect(problem({ character_limit: 0 })).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(problem({ target_character_count: 5001 })).toBe(OrganizationMessages.characterRange('Target character count'));
    expect(problem({ target_character_count: 10.5 })).toBe(OrganizationMessages.characterRange('Target character count'));

    const saved = settings({ character_limit: 280, target_character_count: 200 });
    const lowered = checkedSchedule(saved, { character_limit: 100 } satisfies AutoScheduleUpdate, context);
    expect(lowered).toEqual({ ok: false, problem: PostMessages.limitBelowTarget });
    expect(PostMessages.limitBelowTarget).toBe('Character limit cannot be less than target character count');
    expect(checkedSchedule(saved, { target_character_count: 300 }, context)).toEqual({ ok: false, problem: PostMessages.targetExceedsLimit });
  });
});

describe('business data and specific content (part 2 §5)', () => {
  it('cannot be combined; blank counts as none', () => {
    expect(problem({ specific_content: 'Our Monday tip', business_data: 'Bakery since 1990' })).toBe(PostMessages.businessDataWithContent);
    expect(PostMessages.businessDataWithContent).toBe('Cannot use Custom Business Data with Specific Post Content.');
    expect(settings({ specific_content: 'Our Monday tip', business_data: '  ' })).toMatchObject({ specificContent: 'Our Monday tip', businessData: null });
    expect(settings({ specific_content: '', business_data: 'Bakery' })).toMatchObject({ specificContent: null, businessData: 'Bakery' });
  });
});

describe('an update', () => {
  const saved = settings({ specific_media_type: 'carousel', topic: 'Sourdough', tone: 'friendly' }, { mediaCount: 2 });

  it('keeps what the body leaves out, and changes the day or time alone of a weekly schedule', () => {
    const checked = checkedSchedule(saved, { time_of_day: '10:30' }, { ...context, mediaCount: 2 });
    expect(checked).toEqual({ ok: true, settings: { ...saved, timeOfDay: '10:30' } });
    expect(checkedSchedule(saved, { day_of_week: null, time_of_day: null }, { ...context, mediaCount: 2 })).toEqual({ ok: false, problem: AutoScheduleMessages.timingRequired });
  });

  it('counts kept media toward the carousel’s two; generated media stays generated unless the body says', () => {
    expect(checkedSchedule(saved, { name: 'Renamed' }, { ...context, mediaCount: 1 })).toEqual({ ok: false, problem: PostMessages.carouselMinimum });
    const generated = settings({ specific_media_type: 'image', generate_media: true });
    expect(checkedSchedule(generated, { name: 'Renamed' }, { ...context, generatedBefore: true }).ok).toBe(true);
    expect(checkedSchedule(generated, { generate_media: false }, { ...context, generatedBefore: true })).toEqual({ ok: false, problem: PostMessages.addMedia('image') });
  });

  it('says what it changed: the time (pending posts rescheduled), what posts are made of (updated), both, or neither', () => {
    const at = (body: AutoScheduleUpdate, mediaChanged = false) => {
      const checked = checkedSchedule(saved, body, { ...context, mediaCount: 2 });
      if (!checked.ok) throw new Error(checked.problem);
      return scheduleChanges(saved, checked.settings, mediaChanged);
    };
    expect(at({ name: 'Renamed', active: false, review_post_before_publishing: false })).toEqual({ timing: false, content: false });
    expect(at({ day_of_week: 'tuesday' })).toEqual({ timing: true, content: false });
    expect(at({ day_of_week: null, time_of_day: null, specific_date: '2026-12-24T18:00' })).toEqual({ timing: true, content: false });
    expect(at({ topic: 'Rye' })).toEqual({ timing: false, content: true });
    expect(at({ platforms: 'LinkedIn,X' })).toEqual({ timing: false, content: true });
    expect(at({ topic: 'Sourdough', tone: 'friendly', time_of_day: '09:00' })).toEqual({ timing: false, content: false });
    expect(at({}, true)).toEqual({ timing: false, content: true });
    expect(at({ time_of_day: '11:00', tone: 'formal' })).toEqual({ timing: true, content: true });

    expect(updateMessage({ timing: false, content: false })).toBe(AutoScheduleMessages.updated);
    expect(updateMessage({ timing: true, content: false })).toBe(AutoScheduleMessages.updatedRescheduled);
    expect(updateMessage({ timing: false, content: true })).toBe(AutoScheduleMessages.updatedContent);
    expect(updateMessage({ timing: true, content: true })).toBe(AutoScheduleMessages.updatedRescheduledAndContent);
    expect(AutoScheduleMessages.updated).toBe('Schedule updated successfully!');
  });

  it('knows a schedule that makes its media by AI: a type other than text without media of its own', () => {
    expect(generatesMedia({ specificMediaType: 'image', specificMedia: [] })).toBe(true);
    expect(generatesMedia({ specificMediaType: 'image', specificMedia: ['a/b.png'] })).toBe(false);
    expect(generatesMedia({ specificMediaType: 'text', specificMedia: [] })).toBe(false);
  });
});

describe('a schedule’s media named by a list (media_to_keep, media_keys)', () => {
  const media = ['org/a.png', 'org/b.png', 'org/c.png'];

  it('are its media the list names, in its order, a list or comma-separated; other paths are told apart', () => {
    expect(namedMedia(media, ['org/c.png', 'org/a.png'])).toEqual({ named: ['org/a.png', 'org/c.png'], unknown: [] });
    expect(namedMedia(media, ' org/b.png , ,other/x.png')).toEqual({ named: ['org/b.png'], unknown: ['other/x.png'] });
    expect(namedMedia(media, [])).toEqual({ named: [], unknown: [] });
    expect(namedMedia(media, '')).toEqual({ named: [], unknown: [] });
  });
});

describe('a saved schedule’s settings', () => {
  it('are its fields without id, organization, media, creator and times', () => {
    const saved = { ...NEW_SCHEDULE, id: 'id', organizationId: 'org', specificMedia: ['org/a.png'], createdBy: 'user', createdAt: now, updatedAt: now, name: 'Saved' };
    expect(settingsOf(saved)).toEqual({ ...NEW_SCHEDULE, name: 'Saved' });
  });
});
