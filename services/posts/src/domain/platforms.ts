import { PLATFORM_DISPLAY_NAMES, platformIdOf, type ConnectionPlatform } from '@planner/contracts';

/**
 * Platform names as a client sent them ('twitter', ' LINKEDIN ', 'X') → the
 * names a post keeps: each platform's display name ('X', 'LinkedIn'), once,
 * in the order given. Statistics count posts by these names, so one platform
 * is never counted under two spellings. `unknown` is the first name that is
 * none of the eight platforms.
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

/** The ids of the platforms a post names, for the publishing events; names that are no platform are skipped. */
export function platformIdsOf(names: readonly string[]): ConnectionPlatform[] {
  const ids = names.map(platformIdOf).filter((id): id is ConnectionPlatform => id !== null);
  return [...new Set(ids)];
}
