import type { Template } from '../entities/template.entity.js';

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
