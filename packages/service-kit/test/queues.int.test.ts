import type { BaseConfig } from '../src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, untilQueueIdle, type TestServiceContext } from '../src/testing/index.js';

let ctx: TestServiceContext<BaseConfig>;

beforeAll(async () => {
  ctx = await createTestContext({ name: 'queues' });
});

afterAll(async () => {
  await ctx?.cleanup();
});

describe('queues', () => {
  it('runs a job once even when it is enqueued twice with the same id', async () => {
    const runs: string[] = [];
    const queue = ctx.queues.queue<{ postId: string }>('publish');
    const done = new Promise<void>((resolve) => {
      const worker = ctx.queues.worker<{ postId: string }>('publish', async (job) => {
        runs.push(job.data.postId);
      });
      worker.on('completed', () => resolve());
    });
    await queue.add('publish', { postId: 'p1' }, { jobId: 'p1-v1' });
    await queue.add('publish', { postId: 'p1' }, { jobId: 'p1-v1' });
    await done;
    // Nothing left that could run it again: a second job would be waiting, running or delayed.
    await untilQueueIdle(queue);
    expect(runs).toEqual(['p1']);
  });
});
