import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** What can take the focus when a dialog opens and names no control of its own. */
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** The heading, which is also the dialog's accessible name. */
  title: ReactNode;
  /** A paragraph under the heading that describes the dialog to assistive technology (a confirmation's question). */
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for a question that interrupts the work and wants an answer. */
  role?: 'dialog' | 'alertdialog';
  /** A wider body, for content that needs the room (a newsletter's preview). */
  wide?: boolean;
  /** The caller's own classes, next to the shared ones. */
  className?: string;
  /** While an action runs, Escape does not close the dialog. */
  busy?: boolean;
  /** Escape (or the platform's other close requests): the owner closes it, by no longer rendering it, so its state stays the truth. */
  onCancel: () => void;
  /** The control that takes the focus on open; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog, open while it is rendered (the native <dialog>, shown with
 * showModal): the page behind is inert, focus moves inside, Escape cancels
 * unless busy, and focus goes back to what opened it.
 */
export function Dialog({ title, description, children, role = 'dialog', wide = false, className, busy = false, onCancel, initialFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Taken while rendering: a child's focus handling runs before this component's effects.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useLayoutEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    // Browsers differ in what showModal focuses; the dialog chooses.
    (initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may be gone (a moved calendar post is drawn anew elsewhere).
      if (opener?.isConnected) opener.focus();
    };
  }, [opener, initialFocus]);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? role : undefined}
      className={['confirm-dialog', wide && 'dialog-wide', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      aria-describedby={description === undefined ? undefined : `${id}-description`}
      // Escape is handled here (not left to the browser) so that a busy dialog stays open in every browser.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        cancel();
      }}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {description !== undefined && <p id={`${id}-description`}>{description}</p>}
      {children}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  title: string;
  /** The question, word for word from the spec where it has one. */
  message: ReactNode;
  /** What goes with the question: a detail, a choice (a checkbox), why the last try failed. */
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  role?: DialogProps['role'];
  onConfirm: () => void;
  /** Cancel, Escape: the dialog is closed by its owner, which stops rendering it. */
  onCancel: () => void;
}

/** A modal question before an action: focus starts on Cancel, the safe choice; confirming is one more click. */
export function ConfirmDialog({ title, message, children, confirmLabel, busyLabel, busy = false, danger = false, role, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} description={message} role={role} busy={busy} onCancel={onCancel} initialFocus={cancel}>
      {children}
      <p className="actions">
        <button type="button" className={danger ? 'button button-danger' : 'button'} disabled={busy} onClick={onConfirm}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>{' '}
        <button ref={cancel} type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </p>
    </Dialog>
  );
}
