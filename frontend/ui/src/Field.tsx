import { useId, type ComponentProps, type ReactNode } from 'react';

/** What a field gives its control so that its label, hint and error are read with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the label on what to enter. */
  hint?: ReactNode;
  /** The value's error, in the spec's words; the control is marked invalid while it is shown. */
  error?: ReactNode;
  className?: string;
  /** The control, given the ids to wire. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A form field: the label, the control, its hint and its error, tied to it by id and aria-describedby. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error === undefined || error === null || error === false ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hintId && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': errorId ? true : undefined })}
      {errorId && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input in a Field. */
export function Input({ label, hint, error, className, ...input }: Omit<FieldProps, 'children'> & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...input} {...control} />}
    </Field>
  );
}
