import { z } from 'zod';
import { CONTENT_TYPES, LANGUAGES, LIMITS, MOODS, OrganizationMessages, TONES } from '@planner/contracts';
import type { Template } from '../entities/template.entity.js';

const text = z.string().max(10_000).nullable().optional();
const option = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, { error: OrganizationMessages.unknownOption(field) }).nullable().optional();
/** 1..5000 or empty; in templates an empty number is stored as null (part 2 §5). */
const characterCount = (field: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ error: OrganizationMessages.characterRange(field) })
      .int(OrganizationMessages.characterRange(field))
      .min(LIMITS.minCharacters, OrganizationMessages.characterRange(field))
      .max(LIMITS.maxCharacters, OrganizationMessages.characterRange(field))
      .nullable()
      .optional(),
  );

const fields = {
  template_name: z.string({ error: OrganizationMessages.templateNameRequired }).trim().min(1, OrganizationMessages.templateNameRequired).max(200),
  is_default: z.boolean().optional(),
  data: z.string().max(20_000).nullable().optional(),
  content_type: option(CONTENT_TYPES, 'content_type'),
  topic: text,
  context: text,
  time_of_year: text,
  event_details: text,
  tone: option(TONES, 'tone'),
  mood: option(MOODS, 'mood'),
  language: option(LANGUAGES, 'language'),
  character_limit: characterCount('Character limit'),
  target_character_count: characterCount('Target character count'),
};
/** A new template's settings as the API names them (part 2 §3, §5). */
export const templateCreateSchema = z.object(fields);
/** A template's changed settings: only those sent change. */
export const templateUpdateSchema = z.object({ ...fields, template_name: fields.template_name.optional() });
export type TemplateInput = z.infer<typeof templateUpdateSchema>;

/** A template as the API shows it (part 2 §3). */
export function toTemplateView(template: Template) {
  return {
    id: template.id,
    template_name: template.templateName,
    is_default: template.isDefault,
    data: template.data,
    content_type: template.contentType,
    topic: template.topic,
    context: template.context,
    time_of_year: template.timeOfYear,
    event_details: template.eventDetails,
    tone: template.tone,
    mood: template.mood,
    language: template.language,
    character_limit: template.characterLimit,
    target_character_count: template.targetCharacterCount,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}
