import type { Host } from '@planner/remote-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from './errors.js';

/** What an editor form is given: the row it edits (null: a new one), and what to do once saved or cancelled. */
export interface EditorFormProps<Row> {
  editing: Row | null;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * A list whose rows are edited in one form above it (part 1 §4: "form filled
 * from the row"). `formKey` gives the form a fresh state for each row and
 * after each save, so a saved new row leaves an empty form.
 */
export function useEditor<Row extends { id: string }>(onSaved: () => void) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [saves, setSaves] = useState(0);
  return {
    editing,
    edit: setEditing,
    /** A deleted row is no longer edited. */
    forget: (row: Row) => setEditing((current) => (current?.id === row.id ? null : current)),
    formKey: editing?.id ?? `new-${saves}`,
    form: {
      editing,
      onDone: () => {
        setEditing(null);
        setSaves((n) => n + 1);
        onSaved();
      },
      onCancel: () => setEditing(null),
    } satisfies EditorFormProps<Row>,
  };
}

/** The texts of a create-or-update form's outcome (the spec's failures; successes mostly not worded by it). */
export interface SaveTexts {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/** Saves an editor form's body (create or update) and says how it went. */
export function useSave<Body>(host: Host, editing: boolean, save: (body: Body) => Promise<unknown>, texts: SaveTexts, onDone: () => void) {
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      host.toast({ kind: 'success', message: editing ? texts.updated : texts.created });
      onDone();
    },
    onError: (error) => host.toast({ kind: 'error', message: failureText(error, editing ? texts.updateFailed : texts.createFailed) }),
  });
}

/** An action on one row (delete, toggle, send): its success (when it has words) and failure as toasts, then `onDone`. */
export function useRowAction<Row, Answer>(
  host: Host,
  action: (row: Row) => Promise<Answer>,
  texts: { done?: (answer: Answer, row: Row) => string; failed: string },
  onDone: (row: Row) => void,
) {
  return useMutation({
    mutationFn: action,
    onSuccess: (answer, row) => {
      if (texts.done) host.toast({ kind: 'success', message: texts.done(answer, row) });
      onDone(row);
    },
    onError: (error) => host.toast({ kind: 'error', message: failureText(error, texts.failed) }),
  });
}
