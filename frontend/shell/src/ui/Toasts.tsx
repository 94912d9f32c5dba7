import { useSyncExternalStore } from 'react';
import { useShell } from '../shell-context.js';

/** Polite live region for info and success, assertive for warnings and errors. */
export function Toasts() {
  const { toasts } = useShell();
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot);
  return (
    <div className="toasts" aria-live="polite">
      {list.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => toasts.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
