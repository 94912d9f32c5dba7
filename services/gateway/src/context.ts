import type { BaseServiceContext, RuntimeContext } from '@planner/service-kit';
import type { GatewayAdapters } from './adapters/index.js';
import type { GatewayConfig } from './config.js';

/**
 * What the gateway runs on. It has no database: Redis (rate limits), the bus
 * (revocations reach the token cache), the token verifier, and its adapters.
 */
export type GatewayContext = RuntimeContext<BaseServiceContext<GatewayConfig>, GatewayAdapters>;
