import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '@planner/service-kit';
import { testId, testInfrastructure } from '@planner/service-kit/testing';
import { takePublishSlot } from '../src/commands/rate-limits.js';

const redis = createRedis((await testInfrastructure()).redisUrl, `${testId('rate')}:`);
afterAll(() => redis.disconnect());

const minute = (cost?: number) => ({ limit: 20, windowMs: 60_000, scope: '-100123', ...(cost !== undefined && { cost }) });
const second = { limit: 1, windowMs: 1_000, scope: '-100123' };

describe('takePublishSlot', () => {
  it('takes one slot per post where no cost is given, as before', async () => {
    const connection = `telegram:${testId('one')}`;
    const now = 1_000_000;
    for (let i = 0; i < 20; i++) expect(await takePublishSlot(redis, connection, [minute()], `p${i}`, now + i * 10)).toBe(0);
    // The 21st waits until the first of the minute leaves the window.
    expect(await takePublishSlot(redis, connection, [minute()], 'p20', now + 500)).toBe(60_000 - 500);
  });

  it("takes an album's cost from the window it is given for, and waits until enough slots are free", async () => {
    const connection = `telegram:${testId('album')}`;
    const now = 2_000_000;
    // Two albums of 8 at once in the minute window, each one request in the one-a-second window.
    expect(await takePublishSlot(redis, connection, [minute(8), second], 'a', now)).toBe(0);
    expect(await takePublishSlot(redis, connection, [minute(8), second], 'b', now + 2_000)).toBe(0);
    // 16 of 20 used: another album of 8 waits until the first album's 8 leave the minute; a single post fits.
    expect(await takePublishSlot(redis, connection, [minute(8), second], 'c', now + 4_000)).toBe(56_000);
    expect(await takePublishSlot(redis, connection, [minute(1), second], 'd', now + 4_000)).toBe(0);
    // 17 used: 3 more fit; then one more waits for the first album.
    expect(await takePublishSlot(redis, connection, [minute(3), second], 'e', now + 6_000)).toBe(0);
    expect(await takePublishSlot(redis, connection, [minute(1), second], 'f', now + 8_000)).toBe(52_000);
    expect(await takePublishSlot(redis, connection, [minute(8), second], 'c', now + 60_001)).toBe(0);
  });

  it('a cost above the limit waits for an empty window instead of forever', async () => {
    const connection = `telegram:${testId('over')}`;
    expect(await takePublishSlot(redis, connection, [{ limit: 2, windowMs: 1_000, cost: 5 }], 'a', 5_000_000)).toBe(0);
    expect(await takePublishSlot(redis, connection, [{ limit: 2, windowMs: 1_000, cost: 5 }], 'b', 5_000_500)).toBe(500);
    expect(await takePublishSlot(redis, connection, [{ limit: 2, windowMs: 1_000, cost: 5 }], 'b', 5_001_001)).toBe(0);
  });
});
