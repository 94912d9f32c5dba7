import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * What can take the focus when a dialog opens and names no control of its own. Not a frame (Radix's
 * choice would include one): keys pressed in a newsletter's preview go to its document, and Escape would not close.
 */
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
 * A modal dialog, open while it is rendered (Radix Dialog, in a portal over a backdrop): the page
 * behind is hidden from assistive technology and out of the Tab order, focus moves inside and stays
 * there, Escape cancels unless busy (a click outside does not: a half-filled form is not lost), and
 * focus goes back to what opened it.
 */
export function Dialog({ title, description, children, role = 'dialog', wide = false, className, busy = false, onCancel, initialFocus }: DialogProps) {
  const content = useRef<HTMLDivElement>(null);
  // Taken while rendering: a child's focus handling runs before this component's effects.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // Radix gives the focus back a task later; the owner's next step (a card's focus) expects it back at once.
  // A passive cleanup: it runs once the dialog's content is out of the page, so its focus trap lets go.
  useEffect(
    () => () => {
      // The opener may be gone (a moved calendar post is drawn anew elsewhere).
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          ref={content}
          role={role}
          className={['dialog', 'confirm-dialog', wide && 'dialog-wide', className].filter(Boolean).join(' ')}
          // Without a description Radix would point aria-describedby at nothing.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (initialFocus?.current ?? content.current?.querySelector<HTMLElement>(FOCUSABLE) ?? content.current)?.focus();
          }}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description !== undefined && <RadixDialog.Description>{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
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
