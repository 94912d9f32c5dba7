import { CONTENT_TYPES, DAYS_OF_WEEK, LIMITS, MEDIA_TYPES, MOODS, nextSlots, platformIdOf, PostMessages, TONES, type AutoScheduleView, type CharacterCountField, type DayOfWeek, type MediaType } from '@planner/contracts';
import type { Template } from '@planner/remote-contract';
import { formatDateTime } from '@planner/ui/dates';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { LanguageOptions } from '@planner/ui/language-options';
import { humanDuration } from '@planner/ui/settings-rules';
import { useId, useReducer, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  acceptOf,
  AI_MEDIA_TYPES,
  changeDraft,
  DAY_LABELS,
  draftOf,
  draftTiming,
  newDraft,
  scheduleErrors,
  type ScheduleDraft,
  type ScheduleErrors,
  type PlainField,
  type ScheduleField,
  type SettingField,
  type Upload,
} from './schedule-rules.js';
import { MEDIA_LABELS } from './post-review.js';
import { UPCOMING_SLOTS } from './schedule-view.js';
import { SCHEDULE_ERRORS_MS, useTimed } from './timed.js';

/** Part 2 §8 (templates): the template choice without templates. */
export const NO_TEMPLATES = 'No templates available';
/** Part 2 §2 (linked accounts): without a connected platform. */
export const NO_LINKED_ACCOUNTS = 'No Linked Accounts';

/** The order errors are met in, top to bottom: the first one gets focus. */
const FIELD_ORDER: ScheduleField[] = ['name', 'platforms', 'time_of_day', 'specific_date', 'specific_content', 'business_data', 'character_limit', 'target_character_count', 'media', 'review_time'];

const TEXT_SETTINGS: [SettingField, string][] = [
  ['business_name', 'Business name'],
  ['topic', 'Topic'],
  ['context', 'Context'],
  ['time_of_year', 'Time of year'],
];

function readUpload(file: File): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, data: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

export interface ScheduleFormProps {
  /** The schedule being edited; null: a new one. */
  schedule: AutoScheduleView | null;
  platforms: readonly { id: string; name: string }[];
  templates: readonly Template[];
  timeZone: string;
  /** The organization's default review time (minutes), used when the schedule names none. */
  defaultReviewTime: number | undefined;
  busy: boolean;
  failure: string | null;
  onSubmit: (draft: ScheduleDraft, uploads: Upload[]) => void;
  onCancel: () => void;
}

/**
 * The Auto Scheduler's create/edit form (part 2 §2–§5): every field of a
 * schedule, recurring or one-off, the template and specific-content interplay,
 * uploads or AI media, review before publishing; its rules checked here in the
 * spec's words, the errors cleared after 10 s; the next times it would post.
 */
export function ScheduleForm({ schedule, platforms, templates, timeZone, defaultReviewTime, busy, failure, onSubmit, onCancel }: ScheduleFormProps) {
  const id = useId();
  const [draft, change] = useReducer(changeDraft, null, () => (schedule ? draftOf(schedule, timeZone, new Date()) : newDraft(timeZone, new Date())));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useTimed<ScheduleErrors>(SCHEDULE_ERRORS_MS);
  const [lastCount, setLastCount] = useState<CharacterCountField | undefined>();
  const [reading, setReading] = useState(false);
  const shown = errors ?? {};
  const fieldId = (field: ScheduleField) => `${id}-${field}`;
  const invalid = (field: ScheduleField) =>
    shown[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` } : {};
  const setField = (field: PlainField) => (value: string) => {
    change({ kind: 'field', field, value });
    if (field === 'character_limit' || field === 'target_character_count') setLastCount(field);
  };
  const media = draft.media_type !== 'text';
  const timing = draftTiming(draft, timeZone);
  // The times it would post, as the scheduler will work them out.
  const preview = timing ? nextSlots(timing, timeZone, new Date(), UPCOMING_SLOTS) : [];

  const submit = () => {
    const found = scheduleErrors(draft, uploads, { timeZone, now: new Date(), lastCount });
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) {
      setErrors(null);
      onSubmit(draft, uploads);
      return;
    }
    setErrors(found);
    // The first field to fix gets focus (after the errors render).
    setTimeout(() => document.getElementById(first === 'platforms' ? `${fieldId('platforms')}-0` : fieldId(first))?.focus(), 0);
  };

  const choose = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setReading(true);
    try {
      const read = await Promise.all([...files].map(readUpload));
      setUploads((current) => [...current, ...read]);
    } finally {
      setReading(false);
    }
  };

  const field = (name: ScheduleField, label: string, control: ReactNode, hint?: ReactNode) => (
    <div className="field" key={name}>
      <label htmlFor={fieldId(name)}>{label}</label>
      {control}
      {hint}
      <FieldError id={`${fieldId(name)}-error`} error={shown[name]} />
    </div>
  );

  return (
    <form
      className="form schedule-form"
      aria-label={schedule ? `Edit schedule ${schedule.name}` : 'New schedule'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {field('name', 'Schedule name', <input id={fieldId('name')} value={draft.name} maxLength={200} onChange={(e) => setField('name')(e.target.value)} {...invalid('name')} />)}

      <fieldset className="schedule-fieldset" {...(shown.platforms ? { 'aria-describedby': `${fieldId('platforms')}-error` } : {})}>
        <legend>Platforms</legend>
        {platforms.length === 0 ? (
          <p>
            {NO_LINKED_ACCOUNTS}. <Link to="/organization/config">Configure Accounts</Link>
          </p>
        ) : (
          <ul className="schedule-platforms">
            {platforms.map((platform, index) => {
              const platformId = platformIdOf(platform.name);
              return (
                <li key={platform.id} className="field-checkbox">
                  <input
                    id={`${fieldId('platforms')}-${index}`}
                    type="checkbox"
                    checked={draft.platforms.includes(platform.name)}
                    onChange={(e) => change({ kind: 'platform', name: platform.name, chosen: e.target.checked })}
                  />{' '}
                  <label htmlFor={`${fieldId('platforms')}-${index}`}>
                    {platformId && <PlatformIcon platform={platformId} decorative className="platform-icon" />} {platform.name}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <FieldError id={`${fieldId('platforms')}-error`} error={shown.platforms} />
      </fieldset>

      {field(
        'media_type',
        'Media type',
        <select id={fieldId('media_type')} value={draft.media_type} onChange={(e) => change({ kind: 'media_type', value: e.target.value as MediaType })}>
          {MEDIA_TYPES.map((type) => (
            <option key={type} value={type}>
              {MEDIA_LABELS[type]}
            </option>
          ))}
        </select>,
      )}

      <fieldset className="schedule-fieldset">
        <legend>When</legend>
        <div className="schedule-timing" role="radiogroup" aria-label="Repeat">
          {(
            [
              ['weekly', 'Every week'],
              ['once', 'Once, on a date'],
            ] as const
          ).map(([value, label]) => (
            <span key={value} className="field-checkbox">
              <input id={`${id}-timing-${value}`} type="radio" name={`${id}-timing`} checked={draft.timing === value} onChange={() => change({ kind: 'timing', value })} />{' '}
              <label htmlFor={`${id}-timing-${value}`}>{label}</label>
            </span>
          ))}
        </div>
        {draft.timing === 'weekly' ? (
          <div className="schedule-row">
            {field(
              'day_of_week',
              'Day of the week',
              <select id={fieldId('day_of_week')} value={draft.day_of_week} onChange={(e) => setField('day_of_week')(e.target.value as DayOfWeek)}>
                {DAYS_OF_WEEK.map((day) => (
                  <option key={day} value={day}>
                    {DAY_LABELS[day]}
                  </option>
                ))}
              </select>,
            )}
            {field('time_of_day', 'Time', <input id={fieldId('time_of_day')} type="time" value={draft.time_of_day} onChange={(e) => setField('time_of_day')(e.target.value)} {...invalid('time_of_day')} />)}
          </div>
        ) : (
          field('specific_date', 'Date and time', <input id={fieldId('specific_date')} type="datetime-local" value={draft.specific_date} onChange={(e) => setField('specific_date')(e.target.value)} {...invalid('specific_date')} />)
        )}
        <p className="field-hint">
          In the account’s time zone, {timeZone}.
          {preview.length > 0 && ` Next: ${preview.map((slot) => formatDateTime(slot, timeZone)).join(', ')}.`}
        </p>
      </fieldset>

      {field(
        'specific_content',
        'Specific Post Content',
        <textarea
          id={fieldId('specific_content')}
          rows={6}
          value={draft.specific_content}
          onChange={(e) => change({ kind: 'specific_content', value: e.target.value })}
          {...invalid('specific_content')}
          aria-describedby={[shown.specific_content && `${fieldId('specific_content')}-error`, `${fieldId('specific_content')}-hint`].filter(Boolean).join(' ')}
        />,
        <p id={`${fieldId('specific_content')}-hint`} className="field-hint">
          The text of every post. Leave it empty to have each post written from the content settings below.
        </p>,
      )}

      {templates.length === 0 ? (
        <p className="muted">Template: {NO_TEMPLATES}</p>
      ) : (
        field(
          'template_id',
          'Template',
          <select id={fieldId('template_id')} value={draft.template_id} onChange={(e) => change({ kind: 'template', template: templates.find((t) => t.id === e.target.value) ?? null })}>
            <option value="">No template</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.template_name}
              </option>
            ))}
          </select>,
        )
      )}

      <section className="schedule-settings" aria-labelledby={`${id}-settings-title`}>
        <h3 id={`${id}-settings-title`}>
          <button
            type="button"
            className="disclosure"
            aria-expanded={draft.settings_open}
            aria-controls={`${id}-settings`}
            onClick={() => change({ kind: 'settings_open', open: !draft.settings_open })}
          >
            Generated content settings
          </button>
        </h3>
        <div id={`${id}-settings`} hidden={!draft.settings_open}>
          {TEXT_SETTINGS.map(([name, label]) =>
            field(name, label, <input id={fieldId(name)} value={draft[name]} onChange={(e) => setField(name)(e.target.value)} />),
          )}
          {field(
            'business_data',
            'Custom Business Data',
            <textarea
              id={fieldId('business_data')}
              rows={3}
              value={draft.business_data}
              disabled={draft.specific_content.trim() !== '' && !draft.business_data}
              onChange={(e) => setField('business_data')(e.target.value)}
              {...invalid('business_data')}
            />,
            draft.specific_content.trim() !== '' && <p className="field-hint">{PostMessages.businessDataWithContent}</p>,
          )}
          {(['character_limit', 'target_character_count'] as const).map((name) =>
            field(
              name,
              name === 'character_limit' ? 'Character limit' : 'Target character count',
              <input id={fieldId(name)} type="number" min={LIMITS.minCharacters} max={LIMITS.maxCharacters} value={draft[name]} onChange={(e) => setField(name)(e.target.value)} {...invalid(name)} />,
            ),
          )}
          {field(
            'content_type',
            'Post type',
            <select id={fieldId('content_type')} value={draft.content_type} onChange={(e) => setField('content_type')(e.target.value)}>
              {CONTENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>,
          )}
          {draft.content_type === 'event' && field('event_details', 'Event details', <textarea id={fieldId('event_details')} rows={3} value={draft.event_details} onChange={(e) => setField('event_details')(e.target.value)} />)}
          {(
            [
              ['tone', 'Tone', TONES],
              ['mood', 'Mood', MOODS],
            ] as const
          ).map(([name, label, values]) =>
            field(
              name,
              label,
              <select id={fieldId(name)} value={draft[name]} onChange={(e) => setField(name)(e.target.value)}>
                <option value="">Default</option>
                {values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>,
            ),
          )}
          {field(
            'language',
            'Language',
            <select id={fieldId('language')} value={draft.language} onChange={(e) => setField('language')(e.target.value)}>
              <option value="">The account’s language</option>
              <LanguageOptions />
            </select>,
          )}
        </div>
      </section>

      {media && (
        <fieldset className="schedule-fieldset" aria-describedby={shown.media ? `${fieldId('media')}-error` : undefined}>
          <legend>Media</legend>
          {schedule && schedule.specific_media !== '' && (
            <ul className="schedule-media" aria-label="The schedule’s media">
              {schedule.specific_media
                .split(',')
                .filter(Boolean)
                .map((path, index) => (
                  <li key={path} className="field-checkbox">
                    <input
                      id={`${id}-keep-${index}`}
                      type="checkbox"
                      checked={draft.keep_media.includes(path)}
                      onChange={(e) => change({ kind: 'keep_media', path, kept: e.target.checked })}
                    />{' '}
                    <label htmlFor={`${id}-keep-${index}`}>Keep {path.split('/').pop()}</label>
                  </li>
                ))}
            </ul>
          )}
          <div className="field">
            <label htmlFor={fieldId('media')}>Upload {MEDIA_LABELS[draft.media_type].toLowerCase()} media</label>
            <input
              id={fieldId('media')}
              type="file"
              accept={acceptOf(draft.media_type)}
              multiple={draft.media_type !== 'short'}
              onChange={(e) => {
                void choose(e.target.files);
                e.target.value = '';
              }}
              {...invalid('media')}
            />
          </div>
          {reading && <p role="status">Reading files...</p>}
          {uploads.length > 0 && (
            <ul className="schedule-media" aria-label="New uploads">
              {uploads.map((upload, index) => (
                <li key={`${upload.name}-${index}`}>
                  {upload.name}{' '}
                  <button type="button" className="link-button" onClick={() => setUploads((current) => current.filter((_, i) => i !== index))}>
                    Remove {upload.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {AI_MEDIA_TYPES.includes(draft.media_type) ? (
            <p className="field-checkbox">
              <input id={`${id}-ai`} type="checkbox" checked={draft.generate_media} onChange={(e) => change({ kind: 'generate_media', on: e.target.checked })} />{' '}
              <label htmlFor={`${id}-ai`}>AI-generated media for each post (when nothing is uploaded)</label>
            </p>
          ) : (
            <p className="muted">AI-generated media: {PostMessages.comingSoon}</p>
          )}
          <FieldError id={`${fieldId('media')}-error`} error={shown.media} />
        </fieldset>
      )}

      <p className="field-checkbox">
        <input id={fieldId('review')} type="checkbox" checked={draft.review} onChange={(e) => change({ kind: 'review', on: e.target.checked })} />{' '}
        <label htmlFor={fieldId('review')}>Review before publishing</label>
      </p>
      {draft.review &&
        field(
          'review_time',
          'Review time before posting (minutes)',
          <input
            id={fieldId('review_time')}
            type="number"
            min={LIMITS.minReviewTimeMinutes}
            max={LIMITS.maxReviewTimeMinutes}
            value={draft.review_time}
            onChange={(e) => setField('review_time')(e.target.value)}
            {...invalid('review_time')}
          />,
          <p className="field-hint">
            {Number(draft.review_time) > 0
              ? `Each post is made ${humanDuration(Math.floor(Number(draft.review_time)))} before its time, for review.`
              : `Empty: the account’s default${defaultReviewTime ? `, ${humanDuration(defaultReviewTime)}` : ''}.`}
          </p>,
        )}

      {failure && (
        <p className="form-message form-message-error" role="alert">
          {failure}
        </p>
      )}
      {errors && (
        <p className="form-message form-message-error" role="alert">
          {FIELD_ORDER.map((name) => errors[name])
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
      <p className="actions">
        <button type="submit" className="button" disabled={busy || reading}>
          {busy ? 'Saving...' : schedule ? 'Update schedule' : 'Create schedule'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
