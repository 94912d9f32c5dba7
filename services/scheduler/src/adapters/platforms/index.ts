import type { ConnectionPlatform } from '@planner/contracts';
import type { SchedulerConfig } from '../../config.js';
import type { PlatformAdapter } from './platform-adapter.js';

export * from './platform-adapter.js';
export * from './platform-error.js';

/** One adapter per platform, made from the service's config (its API base URLs). */
export type PlatformAdapters = Record<ConnectionPlatform, PlatformAdapter>;

export function platformAdaptersOf(config: SchedulerConfig): PlatformAdapters {
  void config;
  throw new Error('Platform adapters are being built (issue 16).');
}
