import { lookup } from 'node:dns/promises';
import type { BaseServiceContext } from '@planner/service-kit';
import { RedisRateLimitStore, type RateLimitStore } from './rate-limit-store.js';
import type { LookupHost } from './upstream-pool.js';

/** What the gateway reaches outside itself through that a test may replace. */
export interface GatewayAdapters {
  /** Where rate-limit counters live: Redis unless a test gives another. */
  rateLimitStore: RateLimitStore;
  /** Where UPSTREAM_DISCOVERY=dns finds a service's replicas: the system resolver (search domains, /etc/hosts) unless a test gives another. */
  lookupHost: LookupHost;
}

/** Every address of a name, as the system resolver gives them. */
const systemLookup: LookupHost = async (hostname) => (await lookup(hostname, { all: true })).map((found) => found.address);

export async function createAdapters(ctx: BaseServiceContext, given: Partial<GatewayAdapters>): Promise<GatewayAdapters> {
  return { rateLimitStore: given.rateLimitStore ?? new RedisRateLimitStore(ctx.redis), lookupHost: given.lookupHost ?? systemLookup };
}
