import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog, open while mounted: the browser's <dialog> (focus moves
 * into it, the page behind is inert, Escape asks to cancel); focus goes back
 * to where it was when it closes.
 */
export function Modal({ labelledBy, onCancel, className, children }: { labelledBy: string; onCancel: () => void; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `calendar-dialog ${className}` : 'calendar-dialog'}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
