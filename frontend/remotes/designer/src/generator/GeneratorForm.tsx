import { CONTENT_TYPES, MOODS, PLATFORM_DISPLAY_NAMES, TONES, type CharacterCountField, type ConnectionPlatform } from '@planner/contracts';
import type { GeneratorFormData, Template } from '@planner/remote-contract';
import { LanguageOptions } from '@planner/ui/language-options';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useId, useState, type ReactNode } from 'react';
import { clearedForm, generatorErrors, withTemplate, type GeneratorErrors } from './generator-form.js';

type TextField = 'businessName' | 'topic' | 'context' | 'timeOfYear' | 'characterLimit' | 'targetCharacterCount';

/**
 * Part 2 §2–§5 Generator form: a template fills it, Clear keeps the name and
 * the platforms, event details show for an event, and the rules are checked
 * before anything is asked. `disabled` is the view-only form (test users, an
 * inactive organization).
 */
export function GeneratorForm({
  form,
  onChange,
  templates,
  platforms,
  language,
  busy,
  disabled,
  onGenerate,
}: {
  form: GeneratorFormData;
  onChange: (form: GeneratorFormData) => void;
  templates: readonly Template[];
  /** The organization's connected platforms: id and the name the API uses. */
  platforms: readonly { id: ConnectionPlatform; name: string }[];
  /** The organization's language, which a cleared form starts with again. */
  language: string;
  busy: boolean;
  disabled: boolean;
  onGenerate: (form: GeneratorFormData) => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<GeneratorErrors>({});
  const [changedCount, setChangedCount] = useState<CharacterCountField | undefined>();
  const set = <K extends keyof GeneratorFormData>(field: K, value: GeneratorFormData[K]) => {
    if (field === 'characterLimit') setChangedCount('character_limit');
    if (field === 'targetCharacterCount') setChangedCount('target_character_count');
    onChange({ ...form, [field]: value });
  };
  const describedBy = (field: keyof GeneratorFormData) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: keyof GeneratorFormData) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const textField = (field: TextField, label: string, hint?: ReactNode) => {
    const numeric = field === 'characterLimit' || field === 'targetCharacterCount';
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          type={numeric ? 'number' : 'text'}
          inputMode={numeric ? 'numeric' : undefined}
          min={numeric ? 1 : undefined}
          max={numeric ? 5000 : undefined}
          value={form[field]}
          required={field === 'businessName'}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field)}
          onChange={(e) => set(field, e.target.value)}
        />
        {hint && <span className="field-hint">{hint}</span>}
        {error(field)}
      </div>
    );
  };
  const select = (field: 'contentType' | 'tone' | 'mood', label: string, values: readonly string[]) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select id={`${id}-${field}`} value={form[field]} aria-describedby={describedBy(field)} onChange={(e) => set(field, e.target.value)}>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      {error(field)}
    </div>
  );
  const togglePlatform = (name: string, on: boolean) =>
    set('selectedPlatformNames', on ? [...form.selectedPlatformNames, name] : form.selectedPlatformNames.filter((n) => n !== name));

  return (
    <form
      className="generator-form"
      aria-label="Generator"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = generatorErrors(form, changedCount);
        setErrors(found);
        if (Object.keys(found).length === 0) onGenerate(form);
      }}
    >
      <fieldset disabled={disabled} className="generator-fields">
        <div className="field">
          <label htmlFor={`${id}-template`}>Template</label>
          <select
            id={`${id}-template`}
            value={form.selectedTemplateId}
            onChange={(e) => {
              const template = templates.find((t) => t.id === e.target.value);
              onChange(template ? withTemplate(form, template) : { ...form, selectedTemplateId: '' });
            }}
          >
            <option value="">{templates.length ? 'No template' : 'No templates available'}</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.template_name}
                {template.is_default ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
        {textField('businessName', 'Business name')}
        <div className="field">
          <label htmlFor={`${id}-businessData`}>Business data</label>
          <textarea id={`${id}-businessData`} rows={3} value={form.businessData} onChange={(e) => set('businessData', e.target.value)} />
        </div>
        <fieldset className="field platform-choices" aria-describedby={describedBy('selectedPlatformNames')}>
          <legend>Platforms</legend>
          {platforms.map((platform) => (
            <label key={platform.name} className="platform-choice">
              <input type="checkbox" checked={form.selectedPlatformNames.includes(platform.name)} onChange={(e) => togglePlatform(platform.name, e.target.checked)} />
              <PlatformIcon platform={platform.id} size={18} decorative className="platform-icon" /> {PLATFORM_DISPLAY_NAMES[platform.id]}
            </label>
          ))}
          {error('selectedPlatformNames')}
        </fieldset>
        {select('contentType', 'Post type', CONTENT_TYPES)}
        {form.contentType === 'event' && (
          <div className="field">
            <label htmlFor={`${id}-eventDetails`}>Event details</label>
            <textarea id={`${id}-eventDetails`} rows={3} value={form.eventDetails} onChange={(e) => set('eventDetails', e.target.value)} />
          </div>
        )}
        {textField('topic', 'Topic')}
        {textField('context', 'Context')}
        {textField('timeOfYear', 'Time of year')}
        {select('tone', 'Tone', TONES)}
        {select('mood', 'Mood', MOODS)}
        <div className="field">
          <label htmlFor={`${id}-language`}>Language</label>
          <select id={`${id}-language`} value={form.language} onChange={(e) => set('language', e.target.value)}>
            <LanguageOptions />
          </select>
        </div>
        {textField('characterLimit', 'Character limit', 'Empty: the platform’s limit')}
        {textField('targetCharacterCount', 'Desired character count', 'Empty: no target')}
        <p className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Generating...' : 'Generate'}
          </button>
          <button type="button" className="button button-secondary" onClick={() => onChange(clearedForm(form, language))}>
            Clear
          </button>
        </p>
      </fieldset>
    </form>
  );
}
