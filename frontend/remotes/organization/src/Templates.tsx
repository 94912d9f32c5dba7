import { CONTENT_TYPES, isAdminRole, LANGUAGES, MOODS, OrganizationMessages, templateLimit, TONES, type Role } from '@planner/contracts';
import type { Host, Template } from '@planner/remote-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Collapsible } from '@planner/ui/collapsible';
import { errorText } from '@planner/ui/error-text';
import { NO_TEMPLATES } from './messages.js';
import { draftOf, templateErrors, templateInput, type TemplateDraft, type TemplateErrors } from './template-rules.js';
import { Badge } from '@planner/ui/badge';

type TextField = 'template_name' | 'data' | 'topic' | 'context' | 'time_of_year' | 'event_details' | 'character_limit' | 'target_character_count';
const TEXT_LABELS: [TextField, string][] = [
  ['template_name', 'Template name'],
  ['data', 'Business data'],
  ['topic', 'Topic'],
  ['context', 'Context'],
  ['time_of_year', 'Time of year'],
  ['event_details', 'Event details'],
  ['character_limit', 'Character limit'],
  ['target_character_count', 'Target character count'],
];
const OPTION_LABELS: ['content_type' | 'tone' | 'mood' | 'language', string, readonly string[]][] = [
  ['content_type', 'Post type', CONTENT_TYPES],
  ['tone', 'Tone', TONES],
  ['mood', 'Mood', MOODS],
  ['language', 'Language', LANGUAGES],
];

function TemplateForm({ initial, others, submitLabel, busyLabel, busy, failure, onSubmit, onCancel }: {
  initial: Template | null;
  others: readonly Template[];
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (draft: TemplateDraft) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<TemplateErrors>({});
  const [lastCount, setLastCount] = useState<'character_limit' | 'target_character_count' | undefined>();
  const set = (field: keyof TemplateDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field === 'character_limit' || field === 'target_character_count') setLastCount(field);
  };
  return (
    <form
      className="template-form"
      noValidate
      aria-label={initial ? `Edit ${initial.template_name}` : 'New template'}
      onSubmit={(event) => {
        event.preventDefault();
        const found = templateErrors(draft, others, lastCount);
        setErrors(found);
        if (Object.keys(found).length === 0) onSubmit(draft);
      }}
    >
      {TEXT_LABELS.map(([field, label]) => {
        const numeric = field === 'character_limit' || field === 'target_character_count';
        return (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{label}</label>
            {field === 'data' ? (
              <textarea id={`${id}-${field}`} value={draft[field]} onChange={(e) => set(field)(e.target.value)} />
            ) : (
              <input
                id={`${id}-${field}`}
                type={numeric ? 'number' : 'text'}
                min={numeric ? 1 : undefined}
                max={numeric ? 5000 : undefined}
                value={draft[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                onChange={(e) => set(field)(e.target.value)}
              />
            )}
            {errors[field] && (
              <p id={`${id}-${field}-error`} className="field-error">
                {errors[field]}
              </p>
            )}
          </div>
        );
      })}
      {OPTION_LABELS.map(([field, label, values]) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <select id={`${id}-${field}`} value={draft[field]} onChange={(e) => set(field)(e.target.value)}>
            {field !== 'content_type' && <option value="">Default</option>}
            {values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ))}
      {failure && (
        <p className="form-message form-message-error" role="alert">
          {failure}
        </p>
      )}
      <p className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>{' '}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

type RowMode = 'collapsed' | 'expanded' | 'editing' | 'deleting';

function TemplateRow({ template, templates, host, organizationId, locked, mode, setMode }: {
  template: Template;
  templates: readonly Template[];
  host: Host;
  organizationId: string;
  locked: boolean;
  mode: RowMode;
  setMode: (mode: RowMode) => void;
}) {
  const queries = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // Asked to delete while default: said only while it still is (another may become default meanwhile).
  const [deleteRefused, setDeleteRefused] = useState(false);
  const refusal = deleteRefused && template.is_default ? OrganizationMessages.cannotDeleteDefaultTemplate : null;
  const params = { id: organizationId, tid: template.id };
  const change = useMutation({
    mutationFn: (action: { kind: 'update'; draft: TemplateDraft } | { kind: 'delete' } | { kind: 'default' }): Promise<unknown> => {
      if (action.kind === 'update') return host.api.request('PUT', '/organizations/:id/templates/:tid', { params, body: templateInput(action.draft) });
      if (action.kind === 'delete') return host.api.request('DELETE', '/organizations/:id/templates/:tid', { params });
      return host.api.request('POST', '/organizations/:id/templates/:tid/set-default', { params });
    },
    onSuccess: async (_, action) => {
      setFailure(null);
      setMode('collapsed');
      if (action.kind === 'delete') host.toast({ kind: 'success', message: OrganizationMessages.templateDeleted });
      await queries.invalidateQueries({ queryKey: ['organization-config', organizationId] });
    },
    onError: (error) => setFailure(errorText(error)),
  });
  const others = templates.filter((t) => t.id !== template.id);
  return (
    <li className="template-row">
      <p>
        <button type="button" className="link-button" aria-expanded={mode !== 'collapsed'} onClick={() => setMode(mode === 'collapsed' ? 'expanded' : 'collapsed')}>
          {template.template_name}
        </button>
        {template.is_default && <Badge tone="success"> Default</Badge>}
      </p>
      {mode === 'expanded' && (
        <>
          <dl className="template-details">
            {[...TEXT_LABELS.slice(1), ...OPTION_LABELS].map(([field, label]) => (
              <div key={field}>
                <dt>{label}</dt>
                <dd>{template[field] === null || template[field] === '' ? '—' : String(template[field])}</dd>
              </div>
            ))}
          </dl>
          {!locked && (
            <p className="actions">
              <button type="button" className="button button-secondary" onClick={() => setMode('editing')}>
                Edit
              </button>{' '}
              {!template.is_default && (
                <button type="button" className="button button-secondary" disabled={change.isPending} onClick={() => change.mutate({ kind: 'default' })}>
                  Set as default
                </button>
              )}{' '}
              <button
                type="button"
                className="button button-danger"
                onClick={() => (template.is_default ? setDeleteRefused(true) : setMode('deleting'))}
              >
                Delete
              </button>
            </p>
          )}
        </>
      )}
      {mode === 'editing' && (
        <TemplateForm
          initial={template}
          others={others}
          submitLabel="Save template"
          busyLabel="Saving..."
          busy={change.isPending}
          failure={failure}
          onSubmit={(draft) => change.mutate({ kind: 'update', draft })}
          onCancel={() => setMode('expanded')}
        />
      )}
      {mode === 'deleting' && (
        <div role="group" aria-label={`Delete ${template.template_name}`} className="actions">
          <p>Delete the template {template.template_name}?</p>
          <button type="button" className="button button-danger" disabled={change.isPending} onClick={() => change.mutate({ kind: 'delete' })}>
            {change.isPending ? 'Deleting...' : 'Yes, delete'}
          </button>{' '}
          <button type="button" className="button button-secondary" onClick={() => setMode('expanded')}>
            Cancel
          </button>
        </div>
      )}
      {mode !== 'editing' && (failure ?? refusal) && (
        <p className="form-message form-message-error" role="alert">
          {failure ?? refusal}
        </p>
      )}
    </li>
  );
}

/**
 * Part 2 §2, §4, §5, §6: the organization's templates as count/max, one open for
 * editing at a time, delete with confirmation (never the default), set default,
 * and creation within the role's limit, with the way to upgrade at it; read-only while the organization is inactive.
 */
export function Templates({ host, organizationId, templates, role, disabled }: { host: Host; organizationId: string; templates: Template[]; role: Role; disabled: boolean }) {
  const queries = useQueryClient();
  const max = templateLimit(role);
  const locked = disabled;
  const [open, setOpen] = useState<{ id: string; mode: RowMode } | null>(null);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const atLimit = templates.length >= max;
  const create = useMutation({
    mutationFn: (draft: TemplateDraft) => host.api.request('POST', '/organizations/:id/templates', { params: { id: organizationId }, body: templateInput(draft) }),
    onSuccess: async () => {
      setCreating(false);
      setFailure(null);
      await queries.invalidateQueries({ queryKey: ['organization-config', organizationId] });
    },
    onError: (error) => setFailure(errorText(error)),
  });
  return (
    <Collapsible title="Templates" summary={`${templates.length}/${max}`}>
      {templates.length === 0 ? (
        <p>{NO_TEMPLATES}</p>
      ) : (
        <ul className="templates" aria-label="Templates">
          {templates.map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              templates={templates}
              host={host}
              organizationId={organizationId}
              locked={locked}
              mode={open?.id === template.id ? open.mode : 'collapsed'}
              // One template open (and so edited) at a time.
              setMode={(mode) => setOpen(mode === 'collapsed' ? null : { id: template.id, mode })}
            />
          ))}
        </ul>
      )}
      {!locked &&
        (creating ? (
          <TemplateForm
            initial={null}
            others={templates}
            submitLabel="Create template"
            busyLabel="Creating..."
            busy={create.isPending}
            failure={failure}
            onSubmit={(draft) => create.mutate(draft)}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <>
            <button type="button" className="button" disabled={atLimit} onClick={() => setCreating(true)}>
              New template
            </button>
            {atLimit && (
              <p className="upgrade-prompt">
                {OrganizationMessages.templateLimit(max)}
                {/* Part 2 §6: more templates are a premium feature (docs/decisions/organization-config-page.md). */}
                {!isAdminRole(role) && (
                  <>
                    {' '}
                    <Link to="/plan-selection">Upgrade your plan</Link>
                  </>
                )}
              </p>
            )}
          </>
        ))}
    </Collapsible>
  );
}
