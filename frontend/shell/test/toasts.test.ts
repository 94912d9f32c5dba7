import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_VISIBLE_TOASTS, ToastStore } from '../src/ui/toasts.js';

const messages = (store: ToastStore) => store.getSnapshot().map((toast) => toast.message);

describe('ToastStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most three at a time; the rest wait in order and show as places free', () => {
    const store = new ToastStore();
    for (const message of ['one', 'two', 'three', 'four', 'five']) store.show({ message });
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(messages(store)).toEqual(['one', 'two', 'three']);
    store.dismiss(store.getSnapshot()[1]!.id);
    expect(messages(store)).toEqual(['one', 'three', 'four']);
  });

  it("starts a waiting toast's time when it shows, so it stays its whole duration", () => {
    const store = new ToastStore();
    store.show({ message: 'kept', durationMs: 0 });
    store.show({ message: 'a', durationMs: 1000 });
    store.show({ message: 'b', durationMs: 5000 });
    store.show({ message: 'late', durationMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(messages(store)).toEqual(['kept', 'b', 'late']);
    vi.advanceTimersByTime(999);
    expect(messages(store)).toEqual(['kept', 'b', 'late']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual(['kept', 'b']);
  });

  it('dismissing a waiting toast drops it before it shows', () => {
    const store = new ToastStore();
    for (const message of ['one', 'two', 'three']) store.show({ message, durationMs: 0 });
    store.show({ message: 'four', durationMs: 0 });
    // Ids are given in order: the fourth is the next after the third's.
    store.dismiss(store.getSnapshot()[2]!.id + 1);
    store.dismiss(store.getSnapshot()[0]!.id);
    expect(messages(store)).toEqual(['two', 'three']);
  });
});
