import { CONNECTION_PLATFORMS, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from '@planner/contracts';

/** Part 2 §2: the platform tiles, in the spec's order. */
export const TILE_ORDER: readonly ConnectionPlatform[] = ['x', 'instagram', 'threads', 'facebook', 'youtube', 'linkedin', 'tiktok', 'telegram'];

export const NO_PLATFORM_MATCH = 'No platforms match your search';

export function isConnectionPlatform(name: string): name is ConnectionPlatform {
  return (CONNECTION_PLATFORMS as readonly string[]).includes(name);
}

/** The tiles a search shows: the query (trimmed, any case) within the platform's display name. */
export function matchingPlatforms(query: string, platforms: readonly ConnectionPlatform[] = TILE_ORDER): ConnectionPlatform[] {
  const needle = query.trim().toLowerCase();
  return platforms.filter((platform) => PLATFORM_DISPLAY_NAMES[platform].toLowerCase().includes(needle));
}
