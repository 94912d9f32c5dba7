import type { ToastInput, ToastKind } from '@planner/remote-contract';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Part 1 §9: toasts last 3 to 5 s unless told otherwise. */
export const DEFAULT_TOAST_MS = 4000;

/** The visible toasts; each leaves after its duration (0 keeps it until dismissed). */
export class ToastStore {
  private toasts: readonly Toast[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  show = ({ message, kind = 'info', durationMs = DEFAULT_TOAST_MS }: ToastInput): void => {
    const id = this.nextId++;
    this.toasts = [...this.toasts, { id, message, kind }];
    this.notify();
    if (durationMs > 0) setTimeout(() => this.dismiss(id), durationMs);
  };

  dismiss = (id: number): void => {
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
    this.notify();
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
