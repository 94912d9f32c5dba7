import { describe, expect, it } from 'vitest';
import { AutoScheduleMessages, OrganizationMessages, PostMessages } from '@planner/contracts';
import { changeDraft, createBody, draftOf, draftTiming, newDraft, pickerValue, scheduleErrors, updateBody, type ScheduleDraft, type Upload } from '../src/schedule-rules.js';
import { ORG_ID, schedule, template } from './support.js';

const ZONE = 'America/New_York';
// Wednesday 1 July 2026, 14:05 UTC = 10:05 in New York.
const NOW = new Date('2026-07-01T14:05:00Z');
const valid = (over: Partial<ScheduleDraft> = {}): ScheduleDraft => ({ ...newDraft(ZONE, NOW), name: 'Weekly bread', platforms: ['X'], ...over });
const errorsOf = (draft: ScheduleDraft, uploads: Upload[] = []) => scheduleErrors(draft, uploads, { timeZone: ZONE, now: NOW });
const file = (name: string, type: string): Upload => ({ name, type, data: `data:${type};base64,AAAA` });

describe('a new schedule (part 2 §9 defaults)', () => {
  it('is weekly on Monday at the time it is now in the account’s zone, text, review on, content type general', () => {
    expect(newDraft(ZONE, NOW)).toMatchObject({ timing: 'weekly', day_of_week: 'monday', time_of_day: '10:05', media_type: 'text', review: true, content_type: 'general', language: '' });
    expect(pickerValue(NOW, 'Asia/Tokyo')).toBe('2026-07-01T23:05');
  });
});

describe('the form’s rules (part 2 §5), each in the spec’s words at its field', () => {
  it('accepts a valid weekly schedule', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it('needs a name and a platform', () => {
    expect(errorsOf(valid({ name: '  ', platforms: [] }))).toEqual({ name: PostMessages.scheduleNameRequired, platforms: PostMessages.selectPlatform });
  });

  it('needs a time for a weekly schedule, and a date to come for a one-off', () => {
    expect(errorsOf(valid({ time_of_day: '' })).time_of_day).toBe(AutoScheduleMessages.timingRequired);
    expect(errorsOf(valid({ time_of_day: '25:00' })).time_of_day).toBe(AutoScheduleMessages.timeOfDayInvalid);
    const once = (specific_date: string) => errorsOf(valid({ timing: 'once', specific_date })).specific_date;
    expect(once('')).toBe(AutoScheduleMessages.timingRequired);
    expect(once('2026-02-30T10:00')).toBe(PostMessages.scheduledTimeInvalid);
    // 10:00 in New York has passed at 10:05; 10:10 has not.
    expect(once('2026-07-01T10:00')).toBe(PostMessages.scheduledTimeInPast);
    expect(once('2026-07-01T10:10')).toBeUndefined();
  });

  it('needs media for a type other than text: uploads, or AI media where AI can make them', () => {
    expect(errorsOf(valid({ media_type: 'image' })).media).toBe(PostMessages.addMedia('image'));
    expect(errorsOf(valid({ media_type: 'image', generate_media: true })).media).toBeUndefined();
    expect(errorsOf(valid({ media_type: 'video', generate_media: true })).media).toBe(PostMessages.addMedia('video'));
    expect(errorsOf(valid({ media_type: 'image' }), [file('a.png', 'image/png')])).toEqual({});
  });

  it('checks each upload’s type, a short’s one file, a carousel’s two, a story’s lack of text', () => {
    expect(errorsOf(valid({ media_type: 'image' }), [file('a.mp4', 'video/mp4')]).media).toBe(PostMessages.invalidMediaType);
    expect(errorsOf(valid({ media_type: 'short' }), [file('a.webm', 'video/webm')]).media).toBe(PostMessages.invalidMediaType);
    expect(errorsOf(valid({ media_type: 'story' }), [file('a.gif', 'image/gif')]).media).toBe(PostMessages.invalidMediaType);
    expect(errorsOf(valid({ media_type: 'short' }), [file('a.mp4', 'video/mp4'), file('b.mov', 'video/quicktime')]).media).toBe(PostMessages.shortSingleFile);
    expect(errorsOf(valid({ media_type: 'carousel' }), [file('a.png', 'image/png')]).media).toBe(PostMessages.carouselMinimum);
    // On update the media it keeps count.
    expect(errorsOf(valid({ media_type: 'carousel', keep_media: ['org/kept.png'] }), [file('a.png', 'image/png')]).media).toBeUndefined();
    expect(errorsOf(valid({ media_type: 'story', specific_content: 'Hello' }), [file('a.png', 'image/png')]).specific_content).toBe(PostMessages.storiesWithoutText);
  });

  it('takes a review time of 1 to 43200 minutes while review is on; empty is the account’s default', () => {
    expect(errorsOf(valid({ review_time: '0' })).review_time).toBe(OrganizationMessages.reviewTimePositive);
    expect(errorsOf(valid({ review_time: '43201' })).review_time).toBe(OrganizationMessages.reviewTimeTooLong);
    expect(errorsOf(valid({ review_time: '' })).review_time).toBeUndefined();
    expect(errorsOf(valid({ review: false, review_time: '43201' })).review_time).toBeUndefined();
  });

  it('keeps the target count within the limit, in the words of the field changed, and both 1 to 5000', () => {
    const counts = valid({ character_limit: '100', target_character_count: '200' });
    expect(scheduleErrors(counts, [], { timeZone: ZONE, now: NOW, lastCount: 'target_character_count' }).target_character_count).toBe(PostMessages.targetExceedsLimit);
    expect(scheduleErrors(counts, [], { timeZone: ZONE, now: NOW, lastCount: 'character_limit' }).character_limit).toBe(PostMessages.limitBelowTarget);
    expect(errorsOf(valid({ character_limit: '0' })).character_limit).toBe(OrganizationMessages.characterRange('Character limit'));
  });

  it('does not combine Custom Business Data with Specific Post Content', () => {
    expect(errorsOf(valid({ specific_content: 'Hello', business_data: 'We bake' })).business_data).toBe(PostMessages.businessDataWithContent);
  });
});

describe('the template and specific-content interplay, and the timing modes (part 2 §4)', () => {
  const weekly = template('t1', 'Weekly', { data: 'We bake bread', tone: 'friendly', character_limit: 280 });

  it('a template fills the generated-content settings, opens them and clears the specific content', () => {
    const typed = changeDraft(valid(), { kind: 'specific_content', value: 'Fixed text' });
    const chosen = changeDraft(typed, { kind: 'template', template: weekly });
    expect(chosen).toMatchObject({ template_id: 't1', business_data: 'We bake bread', tone: 'friendly', character_limit: '280', specific_content: '', settings_open: true });
  });

  it('typing specific content clears the template and closes the settings; opening them again clears the content', () => {
    const chosen = changeDraft(valid(), { kind: 'template', template: weekly });
    const typed = changeDraft(chosen, { kind: 'specific_content', value: 'Fixed text' });
    expect(typed).toMatchObject({ template_id: '', settings_open: false, specific_content: 'Fixed text' });
    expect(changeDraft(typed, { kind: 'settings_open', open: true })).toMatchObject({ settings_open: true, specific_content: '' });
  });

  it('one-off mode clears the day and time; recurring mode the date', () => {
    const once = changeDraft(valid(), { kind: 'timing', value: 'once' });
    expect(once).toMatchObject({ timing: 'once', time_of_day: '' });
    const back = changeDraft({ ...once, specific_date: '2026-07-02T09:00' }, { kind: 'timing', value: 'weekly' });
    expect(back).toMatchObject({ timing: 'weekly', specific_date: '' });
  });

  it('text takes no media: switching to it drops the kept media and AI media', () => {
    const image = valid({ media_type: 'image', generate_media: true, keep_media: ['org/a.png'] });
    expect(changeDraft(image, { kind: 'media_type', value: 'text' })).toMatchObject({ keep_media: [], generate_media: false });
    expect(changeDraft(image, { kind: 'media_type', value: 'video' }).generate_media).toBe(false);
  });
});

describe('what the form sends', () => {
  it('creates with the timing of its mode, nulls for blank settings, numbers as numbers', () => {
    const body = createBody(valid({ review_time: '120', character_limit: '280', tone: 'friendly', topic: '  ' }), [], ORG_ID);
    expect(body).toMatchObject({
      organization_id: ORG_ID,
      name: 'Weekly bread',
      platforms: ['X'],
      specific_media_type: 'text',
      day_of_week: 'monday',
      time_of_day: '10:05',
      specific_content: null,
      review_post_before_publishing: true,
      specific_before_post_review_time: 120,
      character_limit: 280,
      target_character_count: null,
      tone: 'friendly',
      topic: null,
      language: null,
    });
    expect('specific_date' in body).toBe(false);
    expect('generate_media' in body).toBe(false);
    const once = createBody(valid({ timing: 'once', specific_date: '2026-07-02T09:00', media_type: 'image', generate_media: true }), [file('a.png', 'image/png')], ORG_ID);
    expect(once).toMatchObject({ specific_date: '2026-07-02T09:00', generate_media: true, specific_media: [{ name: 'a.png', data: 'data:image/png;base64,AAAA' }] });
    expect('day_of_week' in once).toBe(false);
  });

  it('updates with the other mode’s timing cleared and the media it keeps', () => {
    const body = updateBody(valid({ timing: 'once', specific_date: '2026-07-02T09:00', media_type: 'image', keep_media: ['org/a.png'] }), []);
    expect(body).toMatchObject({ specific_date: '2026-07-02T09:00', day_of_week: null, time_of_day: null, media_to_keep: ['org/a.png'] });
    expect('organization_id' in body).toBe(false);
    expect(updateBody(valid(), [])).toMatchObject({ specific_date: null, media_to_keep: [] });
  });

  it('reads a saved schedule back into the form, its date in the account’s zone', () => {
    const saved = schedule('s1', { specific_date: '2026-12-24T23:00:00.000Z', day_of_week: null, time_of_day: null, specific_media_type: 'image', specific_media: 'org/a.png,org/b.png', tone: 'casual', specific_before_post_review_time: 60 });
    expect(draftOf(saved, ZONE, NOW)).toMatchObject({ timing: 'once', specific_date: '2026-12-24T18:00', media_type: 'image', keep_media: ['org/a.png', 'org/b.png'], generate_media: false, tone: 'casual', review_time: '60', platforms: ['X', 'LinkedIn'] });
    expect(draftOf(schedule('s2', { specific_media_type: 'image' }), ZONE, NOW).generate_media).toBe(true);
    expect(draftTiming(draftOf(saved, ZONE, NOW), ZONE)).toEqual({ kind: 'once', at: new Date('2026-12-24T23:00:00.000Z') });
  });
});
