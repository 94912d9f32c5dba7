import { useId, type ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control of any kind (input, select, textarea): `children` gets
 * the id and the aria attributes, so its error is announced with it.
 */
export function FormField({ label, error, hint, children }: { label: string; error?: string | null | undefined; hint?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label after it. */
export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field field-checkbox">
      <label>
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
    </div>
  );
}

/** A form's buttons: create or update, and Cancel edit while editing (the row's values are in the form). */
export function FormActions({ editing, busy, disabled = false, createLabel, updateLabel, onCancel }: { editing: boolean; busy: boolean; disabled?: boolean; createLabel: string; updateLabel: string; onCancel: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={disabled || busy}>
        {editing ? updateLabel : createLabel}
      </button>
      {editing && (
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel edit
        </button>
      )}
    </div>
  );
}
