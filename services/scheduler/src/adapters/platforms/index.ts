import type { ConnectionPlatform } from '@planner/contracts';
import type { SchedulerConfig } from '../../config.js';
import { facebookAdapter } from './facebook.js';
import { instagramAdapter } from './instagram.js';
import { linkedinAdapter } from './linkedin.js';
import type { PlatformAdapter } from './platform-adapter.js';
import { telegramAdapter } from './telegram.js';
import { threadsAdapter } from './threads.js';
import { tiktokAdapter } from './tiktok.js';
import { xAdapter } from './x.js';
import { youtubeAdapter } from './youtube.js';

export * from './platform-adapter.js';
export * from './platform-error.js';

/** One adapter per platform, made from the service's config (its API base URLs). */
export type PlatformAdapters = Record<ConnectionPlatform, PlatformAdapter>;

export function platformAdaptersOf(config: SchedulerConfig): PlatformAdapters {
  return {
    x: xAdapter(config),
    facebook: facebookAdapter(config),
    instagram: instagramAdapter(config),
    threads: threadsAdapter(config),
    youtube: youtubeAdapter(config),
    linkedin: linkedinAdapter(config),
    tiktok: tiktokAdapter(config),
    telegram: telegramAdapter(config),
  };
}
