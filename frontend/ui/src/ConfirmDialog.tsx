import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  title: string;
  /** The question, and any choice that goes with it (a checkbox). */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape: the dialog is closed by its owner, which stops rendering it. */
  onCancel: () => void;
}

/**
 * A modal confirmation (a native <dialog>, opened with showModal while it is
 * rendered): focus moves to Cancel, the safe choice, stays inside until it is
 * answered, Escape cancels, and focus goes back to what opened it.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, busy = false, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    cancel.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      // Escape (or another close request): the owner closes it, by no longer rendering it, so its state stays the truth.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <p className="actions">
        <button type="button" className={danger ? 'button button-danger' : 'button'} disabled={busy} onClick={onConfirm}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>{' '}
        <button ref={cancel} type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </p>
    </dialog>
  );
}
