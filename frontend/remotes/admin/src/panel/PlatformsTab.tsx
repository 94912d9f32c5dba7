import { LIMITS, MEDIA_TYPES, type MediaType } from '@planner/contracts';
import type { Host, SupportedPlatform } from '@planner/remote-contract';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminTable, EditDeleteButtons } from '../AdminTable.js';
import { useConfirm } from '../Confirm.js';
import { useEditor, useRowAction, useSave, type EditorFormProps } from '../editing.js';
import { CheckboxField, FormActions, FormField } from '../forms.js';
import { LoadFailure } from '../LoadFailure.js';
import { AdminMessages } from '../messages.js';
import { checkPlatform, connectionPlatformOf, mediaTypesOf, platformNameError, type CheckedPlatform, type PlatformDraft, type PlatformDraftErrors } from './platform-rules.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';

const PLATFORMS_KEY = ['admin-platforms'];
const PLATFORM_SAVE_TEXTS = {
  created: AdminMessages.platformCreated,
  updated: AdminMessages.platformUpdated,
  createFailed: AdminMessages.platformCreateFailed,
  updateFailed: AdminMessages.platformUpdateFailed,
};

const emptyDraft = (): PlatformDraft => ({ name: '', mediaTypes: ['text'], dailyLimit: String(LIMITS.defaultPlatformDailyLimit), isActive: true, credentials: '' });

function draftOf(platform: SupportedPlatform): PlatformDraft {
  return { name: platform.name, mediaTypes: mediaTypesOf(platform.media_types), dailyLimit: String(platform.default_daily_limit), isActive: platform.is_active, credentials: '' };
}

function PlatformName({ name }: { name: string }) {
  const key = connectionPlatformOf(name);
  return (
    <span className="platform-name">
      {key && <PlatformIcon platform={key} decorative size={18} />}
      {name}
    </span>
  );
}

/** Platform management (part 2 §2, §3, §5, §6): the supported platforms, their media types and daily limit; create, edit, delete. */
export function PlatformsTab({ host }: { host: Host }) {
  const queryClient = useQueryClient();
  const { dialog, ask } = useConfirm();
  const platforms = useQuery({ queryKey: PLATFORMS_KEY, queryFn: () => host.api.request('GET', '/platforms'), retry: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PLATFORMS_KEY });
  const editor = useEditor<SupportedPlatform>(refresh);

  const remove = useRowAction(
    host,
    (platform: SupportedPlatform) => host.api.request('DELETE', '/platforms/:id', { params: { id: platform.id } }),
    { done: () => AdminMessages.platformDeleted, failed: AdminMessages.platformDeleteFailed },
    (platform) => {
      editor.forget(platform);
      refresh();
    },
  );

  const confirmDelete = async (platform: SupportedPlatform) => {
    const confirmed = await ask({
      title: `Delete ${platform.name}?`,
      message: `Are you sure you want to delete the platform ${platform.name}? Organizations can no longer connect it. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (confirmed) remove.mutate(platform);
  };

  return (
    <section aria-labelledby="platforms-title">
      <h2 id="platforms-title">Platforms</h2>
      <PlatformForm key={editor.formKey} host={host} {...editor.form} />
      {platforms.isError && <LoadFailure message={AdminMessages.platformsLoadFailed} onRetry={() => void platforms.refetch()} />}
      {platforms.isPending && <LoadingRegion label="Loading platforms…" />}
      {platforms.data && (
        <AdminTable caption="Supported platforms" columns={['Name', 'Media types', 'Daily limit', 'Status', 'Credentials']}>
          {platforms.data.map((platform) => (
            <tr key={platform.id}>
              <th scope="row">
                <PlatformName name={platform.name} />
              </th>
              <td>{mediaTypesOf(platform.media_types).join(', ')}</td>
              <td>{platform.default_daily_limit}</td>
              <td>
                <Badge tone={platform.is_active ? 'success' : 'neutral'}>{platform.is_active ? 'Active' : 'Inactive'}</Badge>
              </td>
              <td>{platform.other_credentials ? Object.keys(platform.other_credentials).join(', ') : '—'}</td>
              <td className="row-actions">
                <EditDeleteButtons name={platform.name} onEdit={() => editor.edit(platform)} onDelete={() => void confirmDelete(platform)} deleting={remove.isPending} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {dialog}
    </section>
  );
}

function PlatformForm({ host, editing, onDone, onCancel }: { host: Host } & EditorFormProps<SupportedPlatform>) {
  const [draft, setDraft] = useState<PlatformDraft>(() => (editing ? draftOf(editing) : emptyDraft()));
  const [errors, setErrors] = useState<PlatformDraftErrors>({});
  // The name's rule is shown as soon as the field is used; the buttons wait for a valid name.
  const [nameTouched, setNameTouched] = useState(false);
  const nameError = platformNameError(draft.name);
  const save = useSave(
    host,
    editing !== null,
    (platform: CheckedPlatform) =>
      editing ? host.api.request('PUT', '/platforms/:id', { params: { id: editing.id }, body: platform }) : host.api.request('POST', '/platforms', { body: platform }),
    PLATFORM_SAVE_TEXTS,
    onDone,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPlatform(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.platform);
  };
  const toggleType = (type: MediaType, on: boolean) =>
    setDraft({ ...draft, mediaTypes: on ? [...draft.mediaTypes, type] : draft.mediaTypes.filter((t) => t !== type) });
  const title = editing ? `Edit ${editing.name}` : 'Add platform';
  const stored = editing?.other_credentials ? Object.keys(editing.other_credentials) : [];

  return (
    <form className="form card admin-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      <FormField label="Platform name" error={nameTouched ? nameError : null} hint="Letters, numbers and underscores only.">
        {(control) => (
          <input
            {...control}
            value={draft.name}
            maxLength={50}
            onBlur={() => setNameTouched(true)}
            onChange={(event) => {
              setNameTouched(true);
              setDraft({ ...draft, name: event.target.value });
            }}
          />
        )}
      </FormField>
      <fieldset className="field" aria-describedby={errors.mediaTypes ? 'platform-media-error' : undefined}>
        <legend>Media types</legend>
        <div className="checkbox-row">
          {MEDIA_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" checked={draft.mediaTypes.includes(type)} onChange={(event) => toggleType(type, event.target.checked)} /> {type}
            </label>
          ))}
        </div>
        {errors.mediaTypes && (
          <p id="platform-media-error" className="field-error">
            {errors.mediaTypes}
          </p>
        )}
      </fieldset>
      <FormField label="Default daily limit" error={errors.dailyLimit} hint="Posts per day on this platform.">
        {(control) => <input {...control} type="number" min={1} step={1} inputMode="numeric" value={draft.dailyLimit} onChange={(event) => setDraft({ ...draft, dailyLimit: event.target.value })} />}
      </FormField>
      <CheckboxField label="Active (organizations can connect it)" checked={draft.isActive} onChange={(isActive) => setDraft({ ...draft, isActive })} />
      <FormField
        label="Other credentials (JSON, optional)"
        error={errors.credentials}
        hint={stored.length > 0 ? `Stored: ${stored.join(', ')} (values hidden). Leave empty to keep them.` : 'Never shown again once saved.'}
      >
        {(control) => (
          <textarea {...control} rows={3} spellCheck={false} autoComplete="off" value={draft.credentials} onChange={(event) => setDraft({ ...draft, credentials: event.target.value })} />
        )}
      </FormField>
      <FormActions editing={editing !== null} busy={save.isPending} disabled={nameError !== null} createLabel="Create platform" updateLabel="Update platform" onCancel={onCancel} />
    </form>
  );
}
