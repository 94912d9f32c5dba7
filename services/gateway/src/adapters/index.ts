import type { BaseServiceContext } from '@planner/service-kit';
import { RedisRateLimitStore, type RateLimitStore } from './rate-limit-store.js';

/** What the gateway reaches outside itself through that a test may replace. */
export interface GatewayAdapters {
  /** Where rate-limit counters live: Redis unless a test gives another. */
  rateLimitStore: RateLimitStore;
}

export async function createAdapters(ctx: BaseServiceContext, given: Partial<GatewayAdapters>): Promise<GatewayAdapters> {
  return { rateLimitStore: given.rateLimitStore ?? new RedisRateLimitStore(ctx.redis) };
}
