import { CONNECTION_PLATFORMS, PLATFORM_DISPLAY_NAMES, PLATFORM_DISPLAY_ORDER, type ConnectionPlatform } from '@planner/contracts';

export const NO_PLATFORM_MATCH = 'No platforms match your search';

export function isConnectionPlatform(name: string): name is ConnectionPlatform {
  return (CONNECTION_PLATFORMS as readonly string[]).includes(name);
}

/** The tiles a search shows: the query (trimmed, any case) within the platform's display name. */
export function matchingPlatforms(query: string, platforms: readonly ConnectionPlatform[] = PLATFORM_DISPLAY_ORDER): ConnectionPlatform[] {
  const needle = query.trim().toLowerCase();
  return platforms.filter((platform) => PLATFORM_DISPLAY_NAMES[platform].toLowerCase().includes(needle));
}
