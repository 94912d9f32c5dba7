import { PLATFORM_DISPLAY_NAMES, platformIdOf, type ConnectionPlatform } from './connections.js';
import type { MediaType } from './organizations.js';

// Platform names and text limits, without schemas: the post form imports them, and a module
// with schemas would keep zod in its bundle (a call the bundler cannot tell is pure keeps its module's schemas).

/** The real text limit of each platform (characters); Telegram's caption under media is 1,024. */
export const PLATFORM_TEXT_LIMITS: Record<ConnectionPlatform, number> = {
  x: 280,
  threads: 500,
  instagram: 2200,
  tiktok: 2200,
  linkedin: 3000,
  telegram: 4096,
  facebook: 63206,
  youtube: 5000,
};
export const TELEGRAM_CAPTION_LIMIT = 1024;

/** The text limit of a platform for a media type (Telegram captions are shorter than its messages). */
export function platformTextLimit(platform: ConnectionPlatform, mediaType: MediaType = 'text'): number {
  return platform === 'telegram' && mediaType !== 'text' ? TELEGRAM_CAPTION_LIMIT : PLATFORM_TEXT_LIMITS[platform];
}

/**
 * Platform names as a client sent them ('twitter', ' LINKEDIN ', 'X') → the
 * names a post or an auto-schedule keeps: each platform's display name ('X',
 * 'LinkedIn'), once, in the order given. Statistics count posts by these
 * names, so one platform is never counted under two spellings. `unknown` is
 * the first name that is none of the eight platforms.
 */
export function normalisePlatforms(names: readonly string[]): { ids: ConnectionPlatform[]; names: string[]; unknown: string | null } {
  const ids: ConnectionPlatform[] = [];
  for (const name of names) {
    const id = platformIdOf(name);
    if (!id) return { ids: [], names: [], unknown: name };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids, names: ids.map((id) => PLATFORM_DISPLAY_NAMES[id]), unknown: null };
}

/** The form's comma-joined platform names ('X, linkedin,') → the names, blanks dropped. */
export function platformList(commaJoined: string): string[] {
  return commaJoined.split(',').map((name) => name.trim()).filter(Boolean);
}
