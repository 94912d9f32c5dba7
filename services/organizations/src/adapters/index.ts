import type { ConnectionPlatform } from '@planner/contracts';
import type { Logger } from '@planner/service-kit';
import { connectionTokenKey, connectionTokenKeyList, stateSigningKey } from '../domain/connections/keys.js';
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

/**
 * The keys of platform connections: one seals stored tokens and credentials, others only open them (a
 * rotation's overlap, docs/operations.md "Rotate keys"), and keys derived from them sign OAuth states.
 */
export interface ConnectionKeys {
  /** Seals (CONNECTION_TOKEN_KEY), and opens first. */
  token: Buffer;
  /** Open what they sealed, never seal: CONNECTION_TOKEN_NEXT_KEYS, then CONNECTION_TOKEN_PREVIOUS_KEYS. */
  others: Buffer[];
  /** `signing` is derived from `token`; `verifying` from every key, so a state signed by a pod in a rotation's other phase is good. */
  state: { signing: Buffer; verifying: Buffer[] };
}

/** What opens a stored token or credentials: the sealing key, then those of a rotation's overlap. */
export const openingKeys = (keys: ConnectionKeys): Buffer[] => [keys.token, ...keys.others];

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

/** The connection keys from config: the service's, and the reseal command's (src/reseal-tokens.ts). */
export function connectionKeys(config: ConnectionConfig, logger: Logger): ConnectionKeys {
  const { key, isDevDefault } = connectionTokenKey(config);
  if (isDevDefault) logger.warn('CONNECTION_TOKEN_KEY is not set: platform tokens are encrypted with the DEVELOPMENT-ONLY key');
  const others = [
    ...connectionTokenKeyList('CONNECTION_TOKEN_NEXT_KEYS', config.CONNECTION_TOKEN_NEXT_KEYS),
    ...connectionTokenKeyList('CONNECTION_TOKEN_PREVIOUS_KEYS', config.CONNECTION_TOKEN_PREVIOUS_KEYS),
  ];
  return { token: key, others, state: { signing: stateSigningKey(key), verifying: [key, ...others].map(stateSigningKey) } };
}
