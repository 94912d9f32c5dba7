import { describe, expect, it } from 'vitest';
import { OrganizationMessages, PostMessages } from '@planner/contracts';
import { draftOf, templateErrors, templateInput } from '../src/template-rules.js';
import { template } from './support.js';

const draft = (over: Partial<ReturnType<typeof draftOf>> = {}) => ({ ...draftOf(null), template_name: 'Weekly', ...over });

describe('template rules (part 2 §5)', () => {
  it('needs a name, unique among the other templates whatever its case', () => {
    expect(templateErrors(draft({ template_name: '   ' }), []).template_name).toBe(OrganizationMessages.templateNameRequired);
    expect(templateErrors(draft({ template_name: ' weekly ' }), [template('t1', 'WEEKLY')]).template_name).toBe(OrganizationMessages.templateExists('weekly'));
    expect(templateErrors(draft(), [template('t1', 'Monthly')])).toEqual({});
  });

  it('takes counts from 1 to 5000 or empty, the target never above the limit, named by the field changed', () => {
    expect(templateErrors(draft({ character_limit: '0' }), []).character_limit).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(templateErrors(draft({ target_character_count: '5001' }), []).target_character_count).toBe(OrganizationMessages.characterRange('Target character count'));
    expect(templateErrors(draft({ character_limit: '2.5' }), []).character_limit).toBeDefined();
    const over = draft({ character_limit: '100', target_character_count: '200' });
    expect(templateErrors(over, [], 'target_character_count')).toEqual({ target_character_count: PostMessages.targetExceedsLimit });
    expect(templateErrors(over, [], 'character_limit')).toEqual({ character_limit: PostMessages.limitBelowTarget });
    expect(templateErrors(draft({ character_limit: '200', target_character_count: '200' }), [])).toEqual({});
  });

  it('sends the name trimmed, empty numbers as null and empty options left out', () => {
    const input = templateInput(draft({ template_name: ' Weekly ', character_limit: '', target_character_count: '120', tone: '' }));
    expect(input).toMatchObject({ template_name: 'Weekly', character_limit: null, target_character_count: 120, content_type: 'general' });
    expect('tone' in input).toBe(false);
  });

  it('a template read back into the form keeps its values', () => {
    const stored = template('t1', 'Weekly', { character_limit: 280, target_character_count: null, topic: 'bread' });
    expect(draftOf(stored)).toMatchObject({ template_name: 'Weekly', character_limit: '280', target_character_count: '', topic: 'bread' });
  });
});
