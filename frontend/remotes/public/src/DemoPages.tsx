import type { HostProps, ToastInput } from '@planner/remote-contract';

/** /8888: one button per kind of toast, with the spec's durations (part 1 §9). */
export const TOAST_DEMOS: (ToastInput & { label: string })[] = [
  { label: 'Info', kind: 'info', message: 'This is an info notification.', durationMs: 4000 },
  { label: 'Success', kind: 'success', message: 'This is a success notification.', durationMs: 3000 },
  { label: 'Warning', kind: 'warning', message: 'This is a warning notification.', durationMs: 5000 },
  { label: 'Error', kind: 'error', message: 'This is an error notification.', durationMs: 5000 },
  { label: 'Persistent', kind: 'info', message: 'This notification stays until you close it.', durationMs: 0 },
];

/** /system-status-example: the system status toasts of part 1 §8 (not worded by the spec). */
export const STATUS_DEMOS: (ToastInput & { label: string })[] = [
  { label: 'Maintenance', kind: 'warning', message: 'Scheduled maintenance is in progress. Some features may be unavailable.', durationMs: 0 },
  { label: 'API down', kind: 'error', message: 'The service is currently unavailable. We are working on it.', durationMs: 0 },
  { label: 'High load', kind: 'warning', message: 'The service is under high load. Responses may be slower than usual.', durationMs: 5000 },
  { label: 'Degraded', kind: 'warning', message: 'Some parts of the service are degraded.', durationMs: 5000 },
  { label: 'Feature unavailable', kind: 'info', message: 'This feature is temporarily unavailable.', durationMs: 5000 },
];

function Demo({ host, title, demos }: HostProps & { title: string; demos: typeof TOAST_DEMOS }) {
  return (
    <main className="page" aria-labelledby="demo-title">
      <h1 id="demo-title">{title}</h1>
      <p className="actions">
        {demos.map(({ label, ...toast }) => (
          <button key={label} type="button" className="button button-secondary" onClick={() => host.toast(toast)}>
            {label}
          </button>
        ))}
      </p>
    </main>
  );
}

export const ToastDemoPage = ({ host }: HostProps) => <Demo host={host} title="Toast demo" demos={TOAST_DEMOS} />;
export const SystemStatusDemoPage = ({ host }: HostProps) => <Demo host={host} title="System status demo" demos={STATUS_DEMOS} />;
