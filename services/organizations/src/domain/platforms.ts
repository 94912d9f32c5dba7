import { MEDIA_TYPES, type MediaType } from '@planner/contracts';
import type { SupportedPlatform } from '../entities/supported-platform.entity.js';

/**
 * Media types from the comma-separated form the spec uses (or a list):
 * trimmed, lower-cased, de-duplicated, in the order given; null when one is unknown.
 */
export function parseMediaTypes(input: string | readonly string[]): MediaType[] | null {
  const parts = (typeof input === 'string' ? input.split(',') : input).map((part) => part.trim().toLowerCase()).filter(Boolean);
  if (!parts.every((part): part is MediaType => (MEDIA_TYPES as readonly string[]).includes(part))) return null;
  return [...new Set(parts)];
}

/** Keys are shown, values never: other_credentials may hold secrets (they do not go to the browser). */
export function maskCredentials(credentials: Record<string, unknown> | null): Record<string, string> | null {
  return credentials === null ? null : Object.fromEntries(Object.keys(credentials).map((key) => [key, '********']));
}

/** A supported platform as the API shows it (part 2 §3); other_credentials masked. */
export function toPlatformView(platform: SupportedPlatform) {
  return {
    id: platform.id,
    name: platform.name,
    media_types: platform.mediaTypes,
    default_daily_limit: platform.defaultDailyLimit,
    is_active: platform.isActive,
    other_credentials: maskCredentials(platform.otherCredentials),
    created_at: platform.createdAt.toISOString(),
  };
}
