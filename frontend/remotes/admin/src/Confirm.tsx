import { ConfirmDialog, type ConfirmDialogProps } from '@planner/ui/dialog';
import { useCallback, useState, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  /** The spec's question, word for word where it has one. */
  message: string;
  /** The button that goes ahead, e.g. "Delete". */
  confirmLabel: string;
  /** What the question is about (a subject, an address), shown under it. */
  detail?: string;
}

/** A question as ConfirmDialog shows it: its detail, if any, under the message. */
export function confirmDialogProps({ title, message, confirmLabel, detail }: ConfirmRequest): Pick<ConfirmDialogProps, 'title' | 'message' | 'confirmLabel' | 'children'> {
  return { title, message, confirmLabel, children: detail && <p className="dialog-detail">{detail}</p> };
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

/**
 * The admin panel's confirmations (part 1 §5's "confirmations before ..."):
 * `ask()` shows @planner/ui's ConfirmDialog, as an alertdialog, and resolves
 * true on the confirm button, false on Cancel or Escape. Render `dialog`
 * where the page's markup is.
 */
export function useConfirm(): { dialog: ReactNode; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve })), []);
  const close = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };
  const dialog = pending && <ConfirmDialog role="alertdialog" {...confirmDialogProps(pending)} danger onConfirm={() => close(true)} onCancel={() => close(false)} />;
  return { dialog, ask };
}
