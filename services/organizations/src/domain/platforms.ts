import { z } from 'zod';
import { CONNECTION_PLATFORMS, MEDIA_TYPES, OrganizationMessages, PLATFORM_NAME_PATTERN, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { SupportedPlatform } from '../entities/supported-platform.entity.js';
import { decryptToken, encryptToken } from './connections/token-cipher.js';

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

/** other_credentials as stored: encrypted with the key of the connection tokens; null stays null. */
export function sealCredentials(key: Buffer, credentials: Record<string, unknown> | null): string | null {
  return credentials === null ? null : encryptToken(key, JSON.stringify(credentials));
}

export function openCredentials(key: Buffer | readonly Buffer[], sealed: string | null): Record<string, unknown> | null {
  return sealed === null ? null : (JSON.parse(decryptToken(key, sealed)) as Record<string, unknown>);
}

/** A supported platform as the API shows it (part 2 §3); other_credentials masked. */
export function toPlatformView(platform: SupportedPlatform, key: Buffer | readonly Buffer[]) {
  return {
    id: platform.id,
    name: platform.name,
    media_types: platform.mediaTypes,
    default_daily_limit: platform.defaultDailyLimit,
    is_active: platform.isActive,
    other_credentials: maskCredentials(openCredentials(key, platform.otherCredentials)),
    created_at: platform.createdAt.toISOString(),
  };
}

/** The connection key of a supported platform (X → x), when it is one the product can connect. */
export function connectionKey(name: string): ConnectionPlatform | null {
  const key = name.toLowerCase();
  return (CONNECTION_PLATFORMS as readonly string[]).includes(key) ? (key as ConnectionPlatform) : null;
}

const nameSchema = z
  .string({ error: OrganizationMessages.platformNameRequired })
  .trim()
  .min(1, OrganizationMessages.platformNameRequired)
  .max(50)
  .regex(PLATFORM_NAME_PATTERN, OrganizationMessages.platformNameCharacters);
const mediaTypesSchema = z
  .union([z.string(), z.array(z.string())], { error: OrganizationMessages.unknownMediaType })
  .transform((value, issue) => {
    const types = parseMediaTypes(value);
    if (types === null || types.length === 0) {
      issue.addIssue({ code: 'custom', message: OrganizationMessages.unknownMediaType });
      return z.NEVER;
    }
    return types.join(',');
  });
const fields = {
  name: nameSchema,
  media_types: mediaTypesSchema.optional(),
  default_daily_limit: z
    .number({ error: OrganizationMessages.dailyLimitInvalid })
    .int(OrganizationMessages.dailyLimitInvalid)
    .min(1, OrganizationMessages.dailyLimitInvalid)
    .max(100_000, OrganizationMessages.dailyLimitInvalid)
    .optional(),
  is_active: z.boolean().optional(),
  other_credentials: z.record(z.string(), z.unknown()).nullable().optional(),
};
/** A new supported platform as the admin sends it (part 2 §3, §6). */
export const platformCreateSchema = z.object(fields);
/** A supported platform's changed settings: only those sent change. */
export const platformUpdateSchema = z.object({ ...fields, name: nameSchema.optional() });
export type PlatformInput = z.infer<typeof platformUpdateSchema>;
