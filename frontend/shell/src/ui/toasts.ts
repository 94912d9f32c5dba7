import type { ToastInput, ToastKind } from '@planner/remote-contract';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Part 1 §9: toasts last 3 to 5 s unless told otherwise. */
export const DEFAULT_TOAST_MS = 4000;

/** At most this many toasts show at a time; the rest wait their turn (docs/decisions/design-system.md). */
export const MAX_VISIBLE_TOASTS = 3;

interface QueuedToast extends Toast {
  durationMs: number;
}

/**
 * The visible toasts, at most MAX_VISIBLE_TOASTS, oldest first; a toast shown while they are full waits
 * in order and its time starts when it shows. Each leaves after its duration (0 keeps it until dismissed).
 */
export class ToastStore {
  private toasts: readonly Toast[] = [];
  private readonly waiting: QueuedToast[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  show = ({ message, kind = 'info', durationMs = DEFAULT_TOAST_MS }: ToastInput): void => {
    this.waiting.push({ id: this.nextId++, message, kind, durationMs });
    this.fill();
  };

  dismiss = (id: number): void => {
    const index = this.waiting.findIndex((toast) => toast.id === id);
    if (index >= 0) this.waiting.splice(index, 1);
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
    this.fill();
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Moves waiting toasts into the free places and starts their time. */
  private fill(): void {
    const free = MAX_VISIBLE_TOASTS - this.toasts.length;
    const shown = this.waiting.splice(0, Math.max(0, free));
    if (shown.length > 0) this.toasts = [...this.toasts, ...shown.map(({ id, message, kind }) => ({ id, message, kind }))];
    for (const { id, durationMs } of shown) if (durationMs > 0) setTimeout(() => this.dismiss(id), durationMs);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
