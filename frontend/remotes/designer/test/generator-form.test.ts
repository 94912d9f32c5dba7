import { describe, expect, it } from 'vitest';
import { OrganizationMessages, PostMessages } from '@planner/contracts';
import { clearedForm, emptyForm, formFromRequest, generateRequest, generatorErrors, withTemplate } from '../src/generator/generator-form.js';
import { ORG_ID, template } from './support.js';

const valid = () => ({ ...emptyForm('Acme Bakery', ['X']), topic: 'Bread' });

describe('the generator form (part 2 §3–§5)', () => {
  it('starts with the organization as business name, casual, positive, en-US, general, and a single available platform chosen', () => {
    expect(emptyForm('Acme Bakery', ['X'])).toMatchObject({ businessName: 'Acme Bakery', selectedPlatformNames: ['X'], tone: 'casual', mood: 'positive', language: 'en-US', contentType: 'general' });
    expect(emptyForm('Acme Bakery', ['X', 'LinkedIn']).selectedPlatformNames).toEqual([]);
  });

  it('starts in the organization’s language; a template without one keeps it (issue 30)', () => {
    const form = emptyForm('Acme Bakery', ['X'], 'fr-FR');
    expect(form.language).toBe('fr-FR');
    expect(withTemplate(form, template('t2', 'Plain', { language: null })).language).toBe('fr-FR');
    expect(withTemplate(form, template('t3', 'British', { language: 'en-GB' })).language).toBe('en-GB');
  });

  it('a template fills its fields (numbers as text, nulls empty) and keeps the name and platforms; Clear keeps only those', () => {
    const form = withTemplate({ ...valid(), businessName: 'Acme', selectedPlatformNames: ['X', 'LinkedIn'] }, template('t1', 'Autumn', { context: null }));
    expect(form).toMatchObject({
      businessName: 'Acme',
      selectedPlatformNames: ['X', 'LinkedIn'],
      businessData: 'We bake sourdough every morning',
      contentType: 'promotion',
      tone: 'friendly',
      mood: 'excited',
      language: 'en-GB',
      characterLimit: '200',
      targetCharacterCount: '150',
      context: '',
      selectedTemplateId: 't1',
    });
    expect(clearedForm(form, 'fr-FR')).toEqual({ ...emptyForm('Acme', [], 'fr-FR'), selectedPlatformNames: ['X', 'LinkedIn'] });
  });

  it("an edited post's original request prefills it", () => {
    const form = formFromRequest(
      {
        business_name: 'Acme', business_data: 'Bread', content_type: 'event', topic: 'Fair', context: '', time_of_year: '', event_details: 'Saturday 10:00',
        tone: 'formal', mood: 'serious', language: 'fr-FR', character_limit: 100, target_character_count: null, platform: 'X', platforms: ['X'],
        schedule_option: 'now', content: '', media_type: 'text', media_paths: '', scheduled_time: null, auto_schedule_id: null,
      },
      ['X', 'LinkedIn'],
    );
    expect(form).toMatchObject({ businessName: 'Acme', contentType: 'event', eventDetails: 'Saturday 10:00', characterLimit: '100', targetCharacterCount: '', selectedPlatformNames: ['X', 'LinkedIn'] });
  });

  it('needs a business name, a content type and a platform, in the posts service’s words', () => {
    expect(generatorErrors(valid())).toEqual({});
    expect(generatorErrors({ ...valid(), businessName: '  ', contentType: '', selectedPlatformNames: [] })).toEqual({
      businessName: PostMessages.businessNameRequired,
      contentType: PostMessages.contentTypeRequired,
      selectedPlatformNames: PostMessages.selectPlatform,
    });
  });

  it('takes counts from 1 to 5000 or empty, the desired count not above the limit, named after the field changed', () => {
    expect(generatorErrors({ ...valid(), characterLimit: '0' }).characterLimit).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(generatorErrors({ ...valid(), characterLimit: '5001' }).characterLimit).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(generatorErrors({ ...valid(), targetCharacterCount: '1.5' }).targetCharacterCount).toBe(OrganizationMessages.characterRange('Target character count'));
    expect(generatorErrors({ ...valid(), characterLimit: '5000', targetCharacterCount: '1' })).toEqual({});
    const over = { ...valid(), characterLimit: '100', targetCharacterCount: '150' };
    expect(generatorErrors(over, 'target_character_count')).toEqual({ targetCharacterCount: PostMessages.targetExceedsLimit });
    expect(generatorErrors(over, 'character_limit')).toEqual({ characterLimit: PostMessages.limitBelowTarget });
  });

  it('asks for one platform, with event details only for an event and the counts as numbers when given', () => {
    const form = { ...valid(), contentType: 'news', eventDetails: 'left over', characterLimit: '200', targetCharacterCount: '' };
    expect(generateRequest(form, ORG_ID, ['X'])).toEqual({
      organization_id: ORG_ID, business_name: 'Acme Bakery', business_data: '', platforms: ['X'], content_type: 'news', topic: 'Bread', context: '', time_of_year: '',
      event_details: '', platform: 'X', content: '', schedule_option: 'now', media_type: 'text', tone: 'casual', mood: 'positive', language: 'en-US', character_limit: 200,
    });
    expect(generateRequest({ ...form, contentType: 'event' }, ORG_ID, ['X', 'LinkedIn'])).toMatchObject({ event_details: 'left over', platform: '', platforms: ['X', 'LinkedIn'] });
  });
});
