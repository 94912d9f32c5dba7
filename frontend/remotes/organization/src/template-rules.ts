import { characterCountErrors, characterCountOf, OrganizationMessages, type CharacterCountField } from '@planner/contracts';
import type { Template, TemplateInput } from '@planner/remote-contract';

/** The template form as typed: every field a string, numbers included (empty means none). */
export interface TemplateDraft {
  template_name: string;
  data: string;
  content_type: string;
  topic: string;
  context: string;
  time_of_year: string;
  event_details: string;
  tone: string;
  mood: string;
  language: string;
  character_limit: string;
  target_character_count: string;
}

export type TemplateErrors = Partial<Record<keyof TemplateDraft, string>>;

const TEXT_FIELDS = ['data', 'topic', 'context', 'time_of_year', 'event_details'] as const;
const OPTION_FIELDS = ['content_type', 'tone', 'mood', 'language'] as const;

export function draftOf(template: Template | null): TemplateDraft {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    template_name: text(template?.template_name),
    data: text(template?.data),
    content_type: template?.content_type ?? 'general',
    topic: text(template?.topic),
    context: text(template?.context),
    time_of_year: text(template?.time_of_year),
    event_details: text(template?.event_details),
    tone: text(template?.tone),
    mood: text(template?.mood),
    language: text(template?.language),
    character_limit: text(template?.character_limit),
    target_character_count: text(template?.target_character_count),
  };
}

/**
 * Part 2 §5 template rules, checked before the server sees them: a name, unique
 * among the organization's other templates (case-insensitive), counts from 1 to
 * 5000 with the target not above the limit (the message names the field changed).
 */
export function templateErrors(draft: TemplateDraft, others: readonly Template[], changed?: CharacterCountField): TemplateErrors {
  const errors: TemplateErrors = {};
  const name = draft.template_name.trim();
  if (!name) errors.template_name = OrganizationMessages.templateNameRequired;
  else if (others.some((t) => t.template_name.toLowerCase() === name.toLowerCase())) errors.template_name = OrganizationMessages.templateExists(name);
  return { ...errors, ...characterCountErrors(draft, changed) };
}

/** The request body of a valid draft: trimmed name, empty numbers as null (part 2 §5), empty options left out. */
export function templateInput(draft: TemplateDraft): TemplateInput & { template_name: string } {
  const input: TemplateInput & { template_name: string } = { template_name: draft.template_name.trim() };
  for (const field of TEXT_FIELDS) input[field] = draft[field];
  for (const field of OPTION_FIELDS) if (draft[field]) input[field] = draft[field];
  const limit = characterCountOf(draft.character_limit);
  const target = characterCountOf(draft.target_character_count);
  input.character_limit = typeof limit === 'number' ? limit : null;
  input.target_character_count = typeof target === 'number' ? target : null;
  return input;
}
