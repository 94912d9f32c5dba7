import type { ConnectionPlatform } from '@planner/contracts';
import type { ConnectionConfig } from './config.js';
import { facebookProvider, type FacebookProvider } from './facebook.js';
import { linkedinProvider } from './linkedin.js';
import { instagramProvider, threadsProvider } from './meta-login.js';
import type { OAuthProvider } from './provider.js';
import { telegramBot, type TelegramBot } from './telegram.js';
import { tiktokProvider } from './tiktok.js';
import { xProvider } from './x.js';
import { youtubeProvider } from './youtube.js';

export type OAuthPlatform = Exclude<ConnectionPlatform, 'telegram'>;

export interface Providers {
  oauth: Record<OAuthPlatform, OAuthProvider> & { facebook: FacebookProvider };
  telegram: TelegramBot;
}

/** Every platform's adapter, built from config once per process. */
export function providersFrom(config: ConnectionConfig): Providers {
  return {
    oauth: {
      x: xProvider(config),
      facebook: facebookProvider(config),
      instagram: instagramProvider(config),
      threads: threadsProvider(config),
      youtube: youtubeProvider(config),
      linkedin: linkedinProvider(config),
      tiktok: tiktokProvider(config),
    },
    telegram: telegramBot(config),
  };
}
