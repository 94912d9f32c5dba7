import { LIMITS, SYSTEM_MESSAGE_TYPES, type SystemMessage } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EditDeleteButtons } from '../AdminTable.js';
import { useConfirm } from '../Confirm.js';
import { useEditor, useRowAction, useSave, type EditorFormProps } from '../editing.js';
import { CheckboxField, FormActions, FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { LoadFailure } from '../LoadFailure.js';
import { AdminMessages } from '../messages.js';
import { checkSystemMessage, durationText, type CheckedSystemMessage, type SystemMessageDraft, type SystemMessageType } from './system-message-rules.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';
import { EmptyState } from '@planner/ui/empty-state';

const MESSAGES_KEY = ['admin-system-messages'];
const SAVE_TEXTS = {
  created: AdminMessages.systemMessageCreated,
  updated: AdminMessages.systemMessageUpdated,
  createFailed: AdminMessages.systemMessageCreateFailed,
  updateFailed: AdminMessages.systemMessageUpdateFailed,
};

const emptyDraft = (): SystemMessageDraft => ({ type: 'info', message: '', duration: String(LIMITS.defaultSystemMessageDurationMs), isActive: true });

/** System Messages (part 1 §3, §5, §7): every message, active or not; create, edit, toggle, delete after confirmation. */
export function SystemMessagesTab({ host }: { host: Host }) {
  const queryClient = useQueryClient();
  const { dialog, ask } = useConfirm();
  const messages = useQuery({ queryKey: MESSAGES_KEY, queryFn: () => host.api.request('GET', '/system-messages/all'), retry: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
  const editor = useEditor<SystemMessage>(refresh);

  const toggle = useRowAction(
    host,
    (message: SystemMessage) => host.api.request('PUT', '/system-messages/:id/toggle', { params: { id: message.id } }),
    { failed: AdminMessages.systemMessageUpdateFailed },
    refresh,
  );
  const remove = useRowAction(
    host,
    (message: SystemMessage) => host.api.request('DELETE', '/system-messages/:id', { params: { id: message.id } }),
    { done: () => AdminMessages.systemMessageDeleted, failed: AdminMessages.systemMessageDeleteFailed },
    (message) => {
      editor.forget(message);
      refresh();
    },
  );
  const confirmDelete = async (message: SystemMessage) => {
    if (await ask({ title: 'Delete system message?', message: AdminMessages.confirmDeleteSystemMessage, confirmLabel: 'Delete' })) remove.mutate(message);
  };

  return (
    <section aria-labelledby="system-messages-title">
      <h2 id="system-messages-title">System Messages</h2>
      <SystemMessageForm key={editor.formKey} host={host} {...editor.form} />
      {messages.isError && <LoadFailure message={AdminMessages.systemMessagesLoadFailed} onRetry={() => void messages.refetch()} />}
      {messages.isPending && <LoadingRegion label="Loading system messages…" />}
      {messages.data && messages.data.messages.length === 0 && (
        <EmptyState title="No system messages yet." headingLevel={3}>
          Write one with the form on this tab and Create message: while active, every user sees it in a banner.
        </EmptyState>
      )}
      {messages.data && messages.data.messages.length > 0 && (
        <ul className="admin-list" aria-label="System messages">
          {messages.data.messages.map((message) => (
            <li key={message.id} className="card admin-list-item">
              <p>
                <Badge className={`badge-message-${message.type}`}>{message.type}</Badge>{' '}
                <Badge tone={message.is_active ? 'success' : 'neutral'}>{message.is_active ? 'Active' : 'Inactive'}</Badge>
              </p>
              <p className="admin-message-text">{message.message}</p>
              <p className="muted">
                Shown {durationText(message.duration)} · created {formatDateTime(message.created_at)}
              </p>
              <div className="row-actions">
                <EditDeleteButtons name={message.message} onEdit={() => editor.edit(message)} onDelete={() => void confirmDelete(message)} deleting={remove.isPending}>
                  <button type="button" className="button button-secondary" disabled={toggle.isPending} onClick={() => toggle.mutate(message)}>
                    {message.is_active ? 'Deactivate' : 'Activate'}
                  </button>
                </EditDeleteButtons>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

function SystemMessageForm({ host, editing, onDone, onCancel }: { host: Host } & EditorFormProps<SystemMessage>) {
  const [draft, setDraft] = useState<SystemMessageDraft>(() =>
    editing ? { type: editing.type, message: editing.message, duration: String(editing.duration), isActive: editing.is_active } : emptyDraft(),
  );
  const [errors, setErrors] = useState<Partial<Record<'message' | 'duration', string>>>({});
  const save = useSave(
    host,
    editing !== null,
    (message: CheckedSystemMessage) =>
      editing ? host.api.request('PUT', '/system-messages/:id', { params: { id: editing.id }, body: message }) : host.api.request('POST', '/system-messages/', { body: message }),
    SAVE_TEXTS,
    onDone,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSystemMessage(draft);
    setErrors('errors' in checked ? checked.errors : {});
    if ('message' in checked) save.mutate(checked.message);
  };
  const title = editing ? 'Edit system message' : 'New system message';
  return (
    <form className="form card admin-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      <FormField label="Type">
        {(control) => (
          <select {...control} value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as SystemMessageType })}>
            {SYSTEM_MESSAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Message" error={errors.message}>
        {(control) => <textarea {...control} rows={3} maxLength={2000} value={draft.message} onChange={(event) => setDraft({ ...draft, message: event.target.value })} />}
      </FormField>
      <FormField label="Duration (ms)" error={errors.duration} hint="In steps of 1000; 0 keeps the message until it is closed.">
        {(control) => <input {...control} type="number" min={0} step={1000} value={draft.duration} onChange={(event) => setDraft({ ...draft, duration: event.target.value })} />}
      </FormField>
      <CheckboxField label="Active" checked={draft.isActive} onChange={(isActive) => setDraft({ ...draft, isActive })} />
      <FormActions editing={editing !== null} busy={save.isPending} createLabel="Create message" updateLabel="Update message" onCancel={onCancel} />
    </form>
  );
}
