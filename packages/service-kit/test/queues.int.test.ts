import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

  it('loads BullMQ only when a first queue is made (about 18 MB a service without queues does not hold)', () => {
    const data = new URL('../src/data.ts', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const { Queues } = await import(${JSON.stringify(data)});
      const loaded = () => Object.keys(createRequire(${JSON.stringify(data)}).cache).some((file) => file.includes('/node_modules/bullmq/'));
      const before = loaded();
      const queues = new Queues(${JSON.stringify(ctx.config.REDIS_URL)}, ${JSON.stringify(`${ctx.id}:lazy:bull`)});
      const afterQueues = loaded();
      queues.queue('lazy');
      const afterQueue = loaded();
      await queues.close();
      console.log(JSON.stringify({ before, afterQueues, afterQueue }));`;
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd, encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({ before: false, afterQueues: false, afterQueue: true });
  });
});
