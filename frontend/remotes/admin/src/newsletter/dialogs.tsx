import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A modal dialog (the native <dialog>, shown with showModal): the rest of the
 * page is inert while it is open, Escape closes it, and focus returns to what
 * had it before (the button that opened it).
 */
function Modal({ titleId, describedBy, className, onClose, children }: {
  titleId: string;
  describedBy?: string;
  className?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Taken while rendering, before the focus moves into the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the dialog itself; the control marked to start on gets the focus.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // Escape (and the platform's other ways of dismissing a dialog): React removes the dialog, whose effect closes it.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}

/** Asks before an action that cannot be undone (part 1 §5): Cancel has the focus, the action is one more click. */
export function ConfirmDialog({ title, message, detail, confirmLabel, busy, onConfirm, onCancel }: {
  title: string;
  message: string;
  /** What the action is about (a subject, an address). */
  detail?: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <Modal titleId={`${id}-title`} describedBy={`${id}-message`} onClose={onCancel}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-message`}>{message}</p>
      {detail && <p className="dialog-detail">{detail}</p>}
      <p className="actions">
        <button type="button" className="button button-secondary" data-autofocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </p>
    </Modal>
  );
}

/**
 * A newsletter as subscribers see it: its HTML in a sandboxed frame (no
 * scripts, no access to this page), the page's styles kept out of it.
 */
export function PreviewDialog({ subject, html, onClose }: { subject: string; html: string; onClose: () => void }) {
  const id = useId();
  return (
    <Modal titleId={`${id}-title`} className="dialog-wide" onClose={onClose}>
      <h2 id={`${id}-title`}>Preview: {subject}</h2>
      <iframe className="newsletter-preview" title={`Preview of ${subject}`} sandbox="" srcDoc={html} />
      <p className="actions">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </p>
    </Modal>
  );
}
