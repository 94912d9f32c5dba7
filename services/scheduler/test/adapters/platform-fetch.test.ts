import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../src/adapters/platforms/index.js';
import { pollUntil, type Poll } from '../../src/adapters/platforms/platform-fetch.js';
import { platformFailure, signal } from './harness.js';

/** A platform that answers `states` in turn, counting its reads and the waits between them. */
function processing(states: string[], waitMs?: Poll<string>['waitMs']) {
  const reads: number[] = [];
  const started = Date.now();
  const poll: Poll<string> = {
    read: async () => {
      reads.push(Date.now() - started);
      return states[Math.min(reads.length - 1, states.length - 1)]!;
    },
    settled: (state) => state !== 'processing',
    waitMs,
    outlasted: () => new PlatformError('transient', 'Still processing. It will be tried again.'),
  };
  return { poll, reads };
}

describe('polling a platform while it processes', () => {
  it('reads until the state settles, waiting the delays in turn (the last one repeating)', async () => {
    const { poll, reads } = processing(['processing', 'processing', 'processing', 'done']);
    expect(await pollUntil('TikTok', poll, { pollDelaysMs: [10, 40], pollTimeoutMs: 1000 }, signal())).toBe('done');
    expect(reads).toHaveLength(4);
    expect(reads[3]! - reads[1]!).toBeGreaterThanOrEqual(80);
  });

  it('starts from a state the platform already gave, waiting the time it asks for', async () => {
    const { poll, reads } = processing(['done'], () => 60);
    expect(await pollUntil('X', poll, { pollDelaysMs: [1], pollTimeoutMs: 1000 }, signal(), { state: 'processing' })).toBe('done');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toBeGreaterThanOrEqual(55);
  });

  it('gives up with the platform’s error before a wait would pass the budget', async () => {
    const { poll, reads } = processing(['processing']);
    const error = await platformFailure(pollUntil('LinkedIn', poll, { pollDelaysMs: [200], pollTimeoutMs: 500 }, signal()));
    expect(error).toMatchObject({ kind: 'transient', message: 'Still processing. It will be tried again.' });
    expect(reads).toHaveLength(3);
  });

  it('stops waiting when the worker stops: transient', async () => {
    const { poll } = processing(['processing']);
    const stopping = new AbortController();
    setTimeout(() => stopping.abort(), 20);
    const error = await platformFailure(pollUntil('Facebook', poll, { pollDelaysMs: [5000], pollTimeoutMs: 60_000 }, stopping.signal));
    expect(error).toMatchObject({ kind: 'transient', message: 'Facebook could not be reached. It will be tried again.' });
  });
});
