import { describe, expect, it } from 'vitest';
import { autoScheduleSchema, generatorSettingsShape, originalRequestSchema, templateValuesSchema } from '../src/index.js';

const settings = {
  content_type: 'event',
  topic: 'Cinnamon buns',
  context: null,
  time_of_year: 'Autumn',
  event_details: null,
  tone: 'friendly',
  mood: null,
  language: 'de-DE',
  character_limit: 280,
  target_character_count: 200,
};
const template = { id: '4b0f5a70-1f4e-4e43-9b43-5a4de3a8a0a1', template_name: 'Weekly', data: 'Bakery', ...settings };
const schedule = {
  id: '4b0f5a70-1f4e-4e43-9b43-5a4de3a8a0a1',
  organization_id: '7d9e3c1a-2b4f-4c6d-8e0f-1a2b3c4d5e6f',
  name: 'Weekly',
  platforms: 'X',
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
  business_name: 'Fjord Bakery',
  business_data: null,
  ...settings,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

describe('generator settings, one shape for templates, auto-schedules and original requests', () => {
  it('is the same list in the three schemas', () => {
    const fields = Object.keys(generatorSettingsShape);
    for (const schema of [templateValuesSchema, autoScheduleSchema, originalRequestSchema]) {
      expect(Object.keys(schema.shape)).toEqual(expect.arrayContaining(fields));
    }
  });

  it('keeps a template’s and a schedule’s unchosen settings as null', () => {
    expect(templateValuesSchema.parse(template)).toEqual(template);
    expect(autoScheduleSchema.parse(schedule)).toEqual(schedule);
    expect(templateValuesSchema.parse({ ...template, character_limit: null, target_character_count: null }).character_limit).toBeNull();
  });

  it('holds character counts to whole numbers from 1 to 5000 in every schema', () => {
    for (const count of [0, 5001, 12.5]) {
      expect(templateValuesSchema.safeParse({ ...template, character_limit: count }).success).toBe(false);
      expect(autoScheduleSchema.safeParse({ ...schedule, target_character_count: count }).success).toBe(false);
      expect(originalRequestSchema.safeParse({ business_name: 'Fjord Bakery', character_limit: count }).success).toBe(false);
    }
    expect(templateValuesSchema.safeParse({ ...template, character_limit: 5000, target_character_count: 1 }).success).toBe(true);
  });

  it('fills an original request’s absent settings with the generator’s defaults, and refuses a null text', () => {
    expect(originalRequestSchema.parse({ business_name: 'Fjord Bakery' })).toMatchObject({
      content_type: 'general',
      topic: '',
      context: '',
      time_of_year: '',
      event_details: '',
      tone: 'casual',
      mood: 'positive',
      language: 'en-US',
      character_limit: null,
      target_character_count: null,
    });
    expect(originalRequestSchema.parse({ business_name: 'Fjord Bakery', tone: 'formal', character_limit: 300 })).toMatchObject({ tone: 'formal', character_limit: 300 });
    expect(originalRequestSchema.safeParse({ business_name: 'Fjord Bakery', topic: null }).success).toBe(false);
    expect(originalRequestSchema.safeParse({ business_name: 'Fjord Bakery', tone: null }).success).toBe(false);
  });
});
