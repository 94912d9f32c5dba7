import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestServiceContext } from '@planner/service-kit/testing';
import { afterCommit } from '../src/commands/after-commit.js';
import { configSchema } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';

let ctx: TestServiceContext;
beforeAll(async () => {
  ctx = await createTestContext({ name: 'organizations', entities, migrations, configSchema });
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe('afterCommit', () => {
  it('runs once the outermost transaction has committed, with the change visible, and never after a rollback', async () => {
    const ran: string[] = [];
    await ctx.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO members (user_id, role, email_verified) VALUES ('00000000-0000-4000-8000-000000000001', 'pro', true)`);
      afterCommit(manager, async () => {
        const [row] = await ctx.dataSource.query(`SELECT role FROM members WHERE user_id = '00000000-0000-4000-8000-000000000001'`);
        ran.push(`committed:${row?.role}`);
      });
      // A nested transaction's savepoint released is not the commit.
      await manager.transaction(async (inner) => afterCommit(inner, async () => void ran.push('inner')));
      expect(ran).toEqual([]);
    });
    // The tasks run together, in no given order.
    expect([...ran].sort()).toEqual(['committed:pro', 'inner']);

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
