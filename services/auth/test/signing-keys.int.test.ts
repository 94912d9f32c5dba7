import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '@planner/service-kit';
import { testId, testInfrastructure } from '@planner/service-kit/testing';
import { loadSigningKeys, sharedSigningJwk } from '../src/adapters/signing-keys.js';

const prefix = `${testId('signing')}:`;
const replicas = [createRedis((await testInfrastructure()).redisUrl, prefix), createRedis((await testInfrastructure()).redisUrl, prefix)];

afterAll(async () => {
  await replicas[0]!.del('signing-key');
  for (const redis of replicas) redis.disconnect();
});

describe('the signing key without AUTH_SIGNING_KEY', () => {
  it('is one key for every replica: the first generates it, the others take it from Redis', async () => {
    const [first, second] = await Promise.all(replicas.map((redis) => sharedSigningJwk(redis)));
    expect(second).toBe(first);
    const [a, b] = await Promise.all([loadSigningKeys(first), loadSigningKeys(second)]);
    expect(b.jwks).toEqual(a.jwks);
    expect(a.jwks.keys[0]).not.toHaveProperty('d');
    // A restarted replica finds it again.
    expect(await sharedSigningJwk(replicas[1]!)).toBe(first);
  });
});
