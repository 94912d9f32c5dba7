import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { PlatformAdapters } from './adapters/platforms/index.js';
import type { SchedulerConfig } from './config.js';

/** What the service reaches the outside through: made from config, unless a test gives its own. */
export interface SchedulerAdapters {
  /** One per platform, each with its API's base URL from config. */
  platforms: PlatformAdapters;
  /** What a Sandbox connection publishes with: the local feed, under the platform's own rules. */
  sandbox: PlatformAdapters;
}

export type SchedulerContext = RuntimeContext<ServiceContext<SchedulerConfig>, SchedulerAdapters>;
