import type { ReactNode } from 'react';

/**
 * A form's message in the shell's styles: an error is announced as an alert, a success or an
 * information as a status; nothing is shown without one.
 */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div className={`form-message form-message-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
