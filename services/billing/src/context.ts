import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { BillingAdapters } from './adapters/index.js';
import type { BillingConfig } from './config.js';

/** What billing's entry points and commands are given: its infrastructure, config and adapters. */
export type BillingContext = RuntimeContext<ServiceContext<BillingConfig>, BillingAdapters>;
