import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadline, withDeadline } from '../src/deadline.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('deadline', () => {
  it('aborts with a TimeoutError after its time', async () => {
    const signal = deadline(20);
    expect(signal.aborted).toBe(false);
    await sleep(60);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('still fires inside AbortSignal.any() after a garbage collection, where AbortSignal.timeout may not (nodejs/node#57736)', async () => {
    const never = new AbortController();
    const composites = Array.from({ length: 50 }, () => {
      const signal = withDeadline(never.signal, 30);
      // As fetch does: a listener on the composite, none on its sources.
      signal.addEventListener('abort', () => undefined);
      return signal;
    });
    // A WeakRef made in this job keeps its target until the job ends: collect after it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    await sleep(100);
    collectGarbage();
    expect(composites.filter((signal) => signal.aborted)).toHaveLength(50);
    expect(composites.every((signal) => (signal.reason as DOMException).name === 'TimeoutError')).toBe(true);
  });

  it('without a signal is the deadline alone; an abort of the signal comes first', async () => {
    const stop = new AbortController();
    const either = withDeadline(stop.signal, 10_000);
    stop.abort(new Error('stopped'));
    expect(either.aborted).toBe(true);
    expect((either.reason as Error).message).toBe('stopped');
    expect(withDeadline(undefined, 10).aborted).toBe(false);
  });
});
