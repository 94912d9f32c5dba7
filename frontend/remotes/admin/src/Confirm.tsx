import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  /** The spec's question, word for word where it has one. */
  message: string;
  /** The button that goes ahead, e.g. "Delete". */
  confirmLabel: string;
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

/**
 * A modal confirmation (part 1 §5's "confirmations before ..."): `ask()`
 * shows it and resolves true on the confirm button, false on Cancel or
 * Escape. Render `dialog` where the page's markup is. Focus goes to Cancel
 * (the safe choice), stays inside while open, and returns where it was.
 */
export function useConfirm(): { dialog: ReactNode; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve })), []);
  const close = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };
  return { dialog: pending && <ConfirmDialog request={pending} onClose={close} />, ask };
}

function ConfirmDialog({ request, onClose }: { request: ConfirmRequest; onClose: (confirmed: boolean) => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => opener?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(false);
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  return (
    <div className="dialog-backdrop">
      <div ref={box} role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`} className="dialog" onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>{request.title}</h2>
        <p id={`${id}-message`}>{request.message}</p>
        <div className="actions">
          <button ref={cancel} type="button" className="button button-secondary" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={() => onClose(true)}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
