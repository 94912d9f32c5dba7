import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../src/data.js';
import { createTestContext, type TestServiceContext } from '../src/testing/index.js';

let ctx: TestServiceContext;
beforeAll(async () => {
  ctx = await createTestContext({ name: 'aftercommit' });
  await ctx.dataSource.query(`CREATE TABLE things (name text NOT NULL)`);
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe('afterCommit', () => {
  it('runs once the outermost transaction has committed, with the change visible, and never after a rollback', async () => {
    const ran: string[] = [];
    await ctx.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO things (name) VALUES ('written')`);
      afterCommit(manager, async () => {
        const [row] = await ctx.dataSource.query(`SELECT name FROM things`);
        ran.push(`committed:${row?.name}`);
      });
      // A nested transaction's savepoint released is not the commit.
      await manager.transaction(async (inner) => afterCommit(inner, async () => void ran.push('inner')));
      expect(ran).toEqual([]);
    });
    // The tasks run together, in no given order.
    expect([...ran].sort()).toEqual(['committed:written', 'inner']);

    const refused = await ctx.dataSource
      .transaction(async (manager) => {
        afterCommit(manager, async () => void ran.push('rolled back'));
        throw new Error('refused');
      })
      .catch((error: Error) => error.message);
    expect(refused).toBe('refused');
    await ctx.dataSource.transaction(async (manager) => afterCommit(manager, async () => void ran.push('next')));
    expect(ran.slice(2)).toEqual(['next']);
  });

  it('refuses a manager outside a transaction', () => {
    expect(() => afterCommit(ctx.dataSource.manager, async () => {})).toThrow('afterCommit is only meaningful inside a transaction');
  });

  it('leaves the commit standing when a task fails', async () => {
    const done = await ctx.dataSource.transaction(async (manager) => {
      afterCommit(manager, async () => {
        throw new Error('provider down');
      });
      return 'committed';
    });
    expect(done).toBe('committed');
  });
});
