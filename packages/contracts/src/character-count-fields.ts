import { CHARACTER_COUNT_RANGE } from './character-counts.js';
import { PostMessages } from './messages.js';
import { OrganizationMessages } from './organizations.js';

// The character limit and target as forms hold them (the generator's, a template's): text, each
// checked the way the services check the numbers, so the form says it before the server does.

export type CharacterCountField = 'character_limit' | 'target_character_count';

/** A count as typed: a whole number from 1 to 5000, null when empty (part 2 §5: the platform's default), 'invalid' otherwise. */
export function characterCountOf(value: string): number | null | 'invalid' {
  if (!value.trim()) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= CHARACTER_COUNT_RANGE.min && n <= CHARACTER_COUNT_RANGE.max ? n : 'invalid';
}

/**
 * Part 2 §5: each count 1 to 5000 or empty, the target not above the limit;
 * that refusal is named after the field changed last (the limit lowered:
 * 'Character limit cannot be less than target character count').
 */
export function characterCountErrors(
  counts: Record<CharacterCountField, string>,
  changed?: CharacterCountField,
): Partial<Record<CharacterCountField, string>> {
  const errors: Partial<Record<CharacterCountField, string>> = {};
  const limit = characterCountOf(counts.character_limit);
  const target = characterCountOf(counts.target_character_count);
  if (limit === 'invalid') errors.character_limit = OrganizationMessages.characterRange('Character limit');
  if (target === 'invalid') errors.target_character_count = OrganizationMessages.characterRange('Target character count');
  if (typeof limit === 'number' && typeof target === 'number' && target > limit) {
    if (changed === 'character_limit') errors.character_limit = PostMessages.limitBelowTarget;
    else errors.target_character_count = PostMessages.targetExceedsLimit;
  }
  return errors;
}
