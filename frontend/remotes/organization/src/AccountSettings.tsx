import { LIMITS, OrganizationMessages, type TimezoneOption } from '@planner/contracts';
import type { Host, OrganizationConfig, OrganizationUpdate } from '@planner/remote-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Collapsible } from '@planner/ui/collapsible';
import { errorText } from '@planner/ui/error-text';
import { LanguageOptions } from '@planner/ui/language-options';
import { humanDuration, reviewTimeError } from '@planner/ui/settings-rules';
import { UPDATED } from './messages.js';

type Organization = OrganizationConfig['organization'];
/** Part 2 §9: a saved setting's message shows 3 s. */
const SETTINGS_SAVED_MS = 3000;
type Setting = 'name' | 'language' | 'default_before_post_review_time' | 'timezone';

function SettingRow({ label, shown, editor, onSave, saving, error, saved, editing, setEditing }: {
  label: string;
  shown: ReactNode;
  /** The control, labelled by `id`, described by the error's id while there is one. */
  editor: (id: string, errorId: string | undefined) => ReactNode;
  onSave: () => void;
  saving: boolean;
  error: string | null;
  saved: boolean;
  editing: boolean;
  setEditing: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="setting">
      {editing ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <label htmlFor={id}>{label}</label> {editor(id, error ? `${id}-error` : undefined)}{' '}
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>{' '}
          <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p>
          <strong>{label}:</strong> {shown}{' '}
          <button type="button" className="link-button" aria-label={`Edit ${label}`} onClick={() => setEditing(true)}>
            Edit
          </button>
          {saved && (
            <span role="status" className="form-message-success">
              {' '}
              {UPDATED}
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** Part 2 §2: the organization's settings, each edited and saved alone (PUT takes one field); 'Updated successfully!' for 3 s. */
export function AccountSettings({ host, organization, disabled }: { host: Host; organization: Organization; disabled: boolean }) {
  const queries = useQueryClient();
  const [editing, setEditing] = useState<Setting | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Setting | null>(null);
  const timezones = useQuery({ queryKey: ['timezones'], queryFn: () => host.api.request('GET', '/organizations/timezones'), staleTime: Infinity });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), SETTINGS_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  // A changed value is a new answer: the message about the previous one goes.
  const change = (next: string) => {
    setValue(next);
    setError(null);
  };
  const save = useMutation({
    mutationFn: (update: OrganizationUpdate) => host.api.request('PUT', '/organizations/:id', { params: { id: organization.id }, body: update }),
    onSuccess: async (_, update) => {
      setSaved(Object.keys(update)[0] as Setting);
      setEditing(null);
      await queries.invalidateQueries({ queryKey: ['organization-config', organization.id] });
      // The switcher shows the name.
      await queries.invalidateQueries({ queryKey: ['organizations'] });
    },
    onError: (failure) => setError(errorText(failure)),
  });
  const start = (setting: Setting) => (on: boolean) => {
    setError(null);
    setEditing(on ? setting : null);
    if (on) setValue(String(organization[setting]));
  };
  const submit = (setting: Setting) => () => {
    if (setting === 'name' && !value.trim()) return setError(OrganizationMessages.nameRequired);
    if (setting === 'default_before_post_review_time') {
      const problem = reviewTimeError(value);
      if (problem) return setError(problem);
      return save.mutate({ default_before_post_review_time: Number(value) });
    }
    if (setting === 'name') return save.mutate({ name: value.trim() });
    if (setting === 'language') return save.mutate({ language: value });
    return save.mutate({ timezone: value });
  };
  const row = (setting: Setting, label: string, shown: ReactNode, editor: (id: string, errorId: string | undefined) => ReactNode) => (
    <SettingRow
      label={label}
      shown={shown}
      editor={editor}
      onSave={submit(setting)}
      saving={save.isPending}
      error={editing === setting ? error : null}
      saved={saved === setting}
      editing={editing === setting && !disabled}
      setEditing={start(setting)}
    />
  );
  const zones = timezones.data ?? [];
  const zoneLabel = zones.find((zone) => zone.value === organization.timezone)?.label ?? organization.timezone;
  return (
    <Collapsible title="Account Settings">
      {row('name', 'Name', organization.name, (id) => <input id={id} value={value} maxLength={200} onChange={(e) => change(e.target.value)} />)}
      {row('language', 'Language', organization.language, (id) => (
        <select id={id} value={value} onChange={(e) => change(e.target.value)}>
          <LanguageOptions />
        </select>
      ))}
      {row(
        'default_before_post_review_time',
        'Review time before posting (minutes)',
        `${organization.default_before_post_review_time} (${humanDuration(organization.default_before_post_review_time)})`,
        (id, errorId) => (
          <>
            <input
              id={id}
              type="number"
              min={1}
              max={LIMITS.maxReviewTimeMinutes}
              value={value}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorId}
              onChange={(e) => change(e.target.value)}
            />
            {/* The duration of a value in range only: beyond it the limit is the error's to say, once. */}
            {reviewTimeError(value) === null && <span className="muted"> {humanDuration(Math.floor(Number(value)))}</span>}
          </>
        ),
      )}
      {row('timezone', 'Time zone', zoneLabel, (id) => <TimezoneSelect id={id} zones={zones} value={value} onChange={change} />)}
    </Collapsible>
  );
}

/** The 9 common zones first (part 2 §2), then every other the server offers. */
function TimezoneSelect({ id, zones, value, onChange }: { id: string; zones: TimezoneOption[]; value: string; onChange: (value: string) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {[true, false].map((common) => (
        <optgroup key={String(common)} label={common ? 'Common' : 'All time zones'}>
          {zones
            .filter((zone) => zone.common === common)
            .map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
        </optgroup>
      ))}
    </select>
  );
}
