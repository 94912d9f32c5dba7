import { useEffect, useState } from 'react';

/** Part 2 §8: post review banners clear after 5 s; validation errors in the schedule screen after 10 s. */
export const REVIEW_BANNER_MS = 5000;
export const SCHEDULE_ERRORS_MS = 10_000;

/**
 * A value shown for `ms`, then cleared. Each new value (a new object) starts
 * its own time, so a second banner after the first is shown its full time.
 */
export function useTimed<T>(ms: number): [T | null, (value: T | null) => void] {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [value, setValue];
}
