import {
  characterCountErrors,
  characterCountOf,
  DEFAULT_CONTENT_TYPE,
  DEFAULT_LANGUAGE,
  PostMessages,
  type CharacterCountField,
  type GenerateRequest,
  type OriginalRequest,
} from '@planner/contracts';
import type { GeneratorFormData, Template } from '@planner/remote-contract';

/** The option defaults of part 2 §3 (tone casual, language en-US) and of the posts service's original requests (mood positive). */
export const DEFAULT_TONE = 'casual';
export const DEFAULT_MOOD = 'positive';

export type GeneratorErrors = Partial<Record<keyof GeneratorFormData, string>>;

/** The form's name of each character count field (part 2 §3 Generator form), and the request's. */
const COUNT_FIELDS: Record<CharacterCountField, 'characterLimit' | 'targetCharacterCount'> = {
  character_limit: 'characterLimit',
  target_character_count: 'targetCharacterCount',
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * A new form: the organization's name as the business name, in the organization's language (issue 30: it
 * was always en-US, part 2 §3's default, which stays for an organization without one); a single available
 * platform chosen (part 2 §2).
 */
export function emptyForm(businessName: string, availablePlatforms: readonly string[], language = DEFAULT_LANGUAGE): GeneratorFormData {
  return {
    businessName,
    businessData: '',
    selectedPlatformNames: availablePlatforms.length === 1 ? [...availablePlatforms] : [],
    contentType: DEFAULT_CONTENT_TYPE,
    tone: DEFAULT_TONE,
    mood: DEFAULT_MOOD,
    language: language || DEFAULT_LANGUAGE,
    characterLimit: '',
    targetCharacterCount: '',
    topic: '',
    context: '',
    timeOfYear: '',
    eventDetails: '',
    selectedTemplateId: '',
  };
}

/** The generator settings a template and an original request share (part 2 §3), as the form holds them. */
type Settings = Record<'content_type' | 'tone' | 'mood' | 'language' | 'topic' | 'context' | 'time_of_year' | 'event_details', string | null> &
  Record<'character_limit' | 'target_character_count', number | null>;

function formSettings(settings: Settings) {
  return {
    contentType: settings.content_type || DEFAULT_CONTENT_TYPE,
    tone: settings.tone || DEFAULT_TONE,
    mood: settings.mood || DEFAULT_MOOD,
    language: settings.language || DEFAULT_LANGUAGE,
    characterLimit: text(settings.character_limit),
    targetCharacterCount: text(settings.target_character_count),
    topic: text(settings.topic),
    context: text(settings.context),
    timeOfYear: text(settings.time_of_year),
    eventDetails: text(settings.event_details),
  };
}

/** Part 2 §4: choosing a template fills its fields; the business name and the platforms stay, and the language when the template has none. */
export function withTemplate(form: GeneratorFormData, template: Template): GeneratorFormData {
  return { ...form, ...formSettings(template), language: template.language || form.language, businessData: text(template.data), selectedTemplateId: template.id };
}

/** Part 2 §4: Clear empties the form (back to the organization's language) but keeps the business name and the platforms. */
export function clearedForm(form: GeneratorFormData, language: string): GeneratorFormData {
  return { ...emptyForm(form.businessName, [], language), selectedPlatformNames: form.selectedPlatformNames };
}

/** Part 2 §4: an edited post's generator is prefilled from its original request. */
export function formFromRequest(request: OriginalRequest, platformNames: readonly string[]): GeneratorFormData {
  return {
    ...formSettings(request),
    businessName: request.business_name,
    businessData: request.business_data,
    selectedPlatformNames: [...platformNames],
    selectedTemplateId: '',
  };
}

/**
 * Part 2 §5 Generator: a business name, a content type, at least one platform;
 * character limit and desired count 1 to 5000 or empty (the platform's default),
 * the desired count not above the limit (named after the field changed last).
 */
export function generatorErrors(form: GeneratorFormData, changed?: CharacterCountField): GeneratorErrors {
  const errors: GeneratorErrors = {};
  if (!form.businessName.trim()) errors.businessName = PostMessages.businessNameRequired;
  if (!form.contentType) errors.contentType = PostMessages.contentTypeRequired;
  if (form.selectedPlatformNames.length === 0) errors.selectedPlatformNames = PostMessages.selectPlatform;
  const counts = characterCountErrors({ character_limit: form.characterLimit, target_character_count: form.targetCharacterCount }, changed);
  for (const [field, message] of Object.entries(counts) as [CharacterCountField, string][]) errors[COUNT_FIELDS[field]] = message;
  return errors;
}

/** The generate payload (part 2 §3) of a valid form for some of its platforms; event details only for an event. */
export function generateRequest(form: GeneratorFormData, organizationId: string, platformNames: readonly string[]): GenerateRequest {
  const limit = characterCountOf(form.characterLimit);
  const target = characterCountOf(form.targetCharacterCount);
  return {
    organization_id: organizationId,
    business_name: form.businessName.trim(),
    business_data: form.businessData,
    platforms: [...platformNames],
    content_type: form.contentType,
    topic: form.topic,
    context: form.context,
    time_of_year: form.timeOfYear,
    event_details: form.contentType === 'event' ? form.eventDetails : '',
    platform: platformNames.length === 1 ? platformNames[0]! : '',
    content: '',
    schedule_option: 'now',
    media_type: 'text',
    tone: form.tone as GenerateRequest['tone'],
    mood: form.mood as GenerateRequest['mood'],
    language: form.language as GenerateRequest['language'],
    ...(typeof limit === 'number' && { character_limit: limit }),
    ...(typeof target === 'number' && { target_character_count: target }),
  };
}
