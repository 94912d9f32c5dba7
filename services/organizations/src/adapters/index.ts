import type { ConnectionPlatform } from '@planner/contracts';
import type { Logger } from '@planner/service-kit';
import { connectionTokenKey, previousConnectionTokenKeys, stateSigningKey } from '../domain/connections/keys.js';
import type { ConnectionConfig } from './config.js';
import { facebookProvider, type FacebookProvider } from './facebook.js';
import { linkedinProvider, type LinkedInProvider } from './linkedin.js';
import { instagramProvider, threadsProvider } from './meta-login.js';
import type { OAuthProvider } from './provider.js';
import { telegramBot, type TelegramBot } from './telegram.js';
import { tiktokProvider } from './tiktok.js';
import { xProvider } from './x.js';
import { youtubeProvider } from './youtube.js';

export type OAuthPlatform = Exclude<ConnectionPlatform, 'telegram'>;

export interface Providers {
  oauth: Record<OAuthPlatform, OAuthProvider> & { facebook: FacebookProvider; linkedin: LinkedInProvider };
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

/** The keys of platform connections: one encrypts stored tokens and credentials, the other signs OAuth states. */
export interface ConnectionKeys {
  token: Buffer;
  /** Keys `token` replaced: they only open what they sealed, until it is sealed again with `token`. */
  previous: Buffer[];
  state: Buffer;
}

/** What the service makes from its config and a test may replace: the platforms' clients and the connection keys. */
export interface OrganizationsAdapters {
  providers: Providers;
  keys: ConnectionKeys;
}

/** The service's adapters, made once per process; only what a test did not give is made. */
export async function organizationsAdapters(
  { config, logger }: { config: ConnectionConfig; logger: Logger },
  given: Partial<OrganizationsAdapters>,
): Promise<OrganizationsAdapters> {
  return { providers: given.providers ?? providersFrom(config), keys: given.keys ?? connectionKeys(config, logger) };
}

function connectionKeys(config: ConnectionConfig, logger: Logger): ConnectionKeys {
  const { key, isDevDefault } = connectionTokenKey(config);
  if (isDevDefault) logger.warn('CONNECTION_TOKEN_KEY is not set: platform tokens are encrypted with the DEVELOPMENT-ONLY key');
  return { token: key, previous: previousConnectionTokenKeys(config.CONNECTION_TOKEN_PREVIOUS_KEYS), state: stateSigningKey(key) };
}
