import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/batcher.js';

/** A batcher that records the batches it was given and answers each input doubled after `delayMs`. */
function doubling(options?: { maxBatch?: number; maxInFlight?: number }, delayMs = 5) {
  const batches: number[][] = [];
  let running = 0;
  let mostRunning = 0;
  const batcher = new Batcher<number, number>(async (inputs) => {
    batches.push(inputs);
    running += 1;
    mostRunning = Math.max(mostRunning, running);
    await sleep(delayMs);
    running -= 1;
    return inputs.map((n) => (n < 0 ? new Error(`negative ${n}`) : n * 2));
  }, options);
  return { batcher, batches, mostRunning: () => mostRunning };
}

describe('Batcher', () => {
  it('sends a call alone at once', async () => {
    const { batcher, batches } = doubling();
    await expect(batcher.run(4)).resolves.toBe(8);
    expect(batches).toEqual([[4]]);
  });

  it('gathers the calls of one turn, and those made while a batch runs, into the next batch', async () => {
    const { batcher, batches, mostRunning } = doubling();
    const first = [1, 2, 3].map((n) => batcher.run(n));
    await sleep(1);
    const second = [4, 5].map((n) => batcher.run(n));
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
    expect(mostRunning()).toBe(1);
  });

  it('keeps batches to maxBatch and runs up to maxInFlight at once', async () => {
    const { batcher, batches, mostRunning } = doubling({ maxBatch: 2, maxInFlight: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.run(n)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(mostRunning()).toBe(2);
  });

  it('fails only the call whose result is an error', async () => {
    const { batcher } = doubling();
    const [ok, failed] = await Promise.allSettled([batcher.run(1), batcher.run(-1)]);
    expect(ok).toEqual({ status: 'fulfilled', value: 2 });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'negative -1' } });
  });

  it('fails every call of a batch whose handler throws, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(async (inputs) => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return inputs;
    });
    const results = await Promise.allSettled([batcher.run(1), batcher.run(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(batcher.run(3)).resolves.toBe(3);
  });

  it('refuses an answer with the wrong number of results', async () => {
    const batcher = new Batcher<number, number>(async () => [1]);
    await expect(Promise.all([batcher.run(1), batcher.run(2)])).rejects.toThrow('A batch of 2 was answered with 1 results');
  });
});
