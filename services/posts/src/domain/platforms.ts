import { platformIdOf, type ConnectionPlatform } from '@planner/contracts';

/** The ids of the platforms a post names, for the publishing events; names that are no platform are skipped. */
export function platformIdsOf(names: readonly string[]): ConnectionPlatform[] {
  const ids = names.map(platformIdOf).filter((id): id is ConnectionPlatform => id !== null);
  return [...new Set(ids)];
}
