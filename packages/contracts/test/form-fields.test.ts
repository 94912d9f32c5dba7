import { describe, expect, it } from 'vitest';
import { characterCountErrors, characterCountOf, LANGUAGE_GROUPS, LANGUAGES, OrganizationMessages, platformIdOf, PostMessages } from '../src/index.js';

describe('character counts as forms hold them (part 2 §5)', () => {
  it('reads 1 to 5000, empty as none, anything else as invalid', () => {
    expect(characterCountOf('')).toBeNull();
    expect(characterCountOf(' 280 ')).toBe(280);
    for (const value of ['0', '5001', '2.5', 'ten']) expect(characterCountOf(value)).toBe('invalid');
  });

  it('names the range per field, and a target above the limit after the field changed last', () => {
    expect(characterCountErrors({ character_limit: '0', target_character_count: 'x' })).toEqual({
      character_limit: OrganizationMessages.characterRange('Character limit'),
      target_character_count: OrganizationMessages.characterRange('Target character count'),
    });
    const over = { character_limit: '100', target_character_count: '150' };
    expect(characterCountErrors(over)).toEqual({ target_character_count: PostMessages.targetExceedsLimit });
    expect(characterCountErrors(over, 'character_limit')).toEqual({ character_limit: PostMessages.limitBelowTarget });
    expect(characterCountErrors({ character_limit: '', target_character_count: '150' })).toEqual({});
  });
});

describe('platform names', () => {
  it('reads any spelling of the eight platforms, twitter as X', () => {
    expect(platformIdOf(' LinkedIn ')).toBe('linkedin');
    expect(platformIdOf('twitter')).toBe('x');
    expect(platformIdOf('Pinterest')).toBeNull();
  });
});

describe('language groups (part 2 §2)', () => {
  it('groups every language once', () => {
    expect(LANGUAGE_GROUPS.flatMap(([, codes]) => codes).sort()).toEqual([...LANGUAGES].sort());
  });
});
