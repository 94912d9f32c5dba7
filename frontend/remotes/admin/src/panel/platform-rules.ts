import { CONNECTION_PLATFORMS, MEDIA_TYPES, OrganizationMessages, PLATFORM_NAME_PATTERN, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import { AdminMessages } from '../messages.js';

/** Part 2 §5: the name is required and only letters, digits and underscores; create and update stay disabled until it is. */
export function platformNameError(name: string): string | null {
  if (!name.trim()) return OrganizationMessages.platformNameRequired;
  if (!PLATFORM_NAME_PATTERN.test(name.trim())) return OrganizationMessages.platformNameCharacters;
  return null;
}

/** The form's values as typed. */
export interface PlatformDraft {
  name: string;
  mediaTypes: MediaType[];
  dailyLimit: string;
  isActive: boolean;
  /** JSON typed by the admin; empty keeps the stored credentials. */
  credentials: string;
}

export type PlatformDraftErrors = Partial<Record<'name' | 'mediaTypes' | 'dailyLimit' | 'credentials', string>>;

export interface CheckedPlatform {
  name: string;
  media_types: string;
  default_daily_limit: number;
  is_active: boolean;
  other_credentials?: Record<string, unknown>;
}

function parseCredentials(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The draft as the API takes it, or the message of each field that is not right (part 2 §3, §5). */
export function checkPlatform(draft: PlatformDraft): { platform: CheckedPlatform } | { errors: PlatformDraftErrors } {
  const errors: PlatformDraftErrors = {};
  const nameError = platformNameError(draft.name);
  if (nameError) errors.name = nameError;
  if (draft.mediaTypes.length === 0) errors.mediaTypes = AdminMessages.mediaTypesRequired;
  const limit = Number(draft.dailyLimit);
  if (!/^\d+$/.test(draft.dailyLimit.trim()) || limit < 1) errors.dailyLimit = OrganizationMessages.dailyLimitInvalid;
  const credentials = draft.credentials.trim() ? parseCredentials(draft.credentials) : undefined;
  if (credentials === null) errors.credentials = AdminMessages.credentialsNotJson;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    platform: {
      name: draft.name.trim(),
      // In the order the spec lists them, whatever order they were ticked in.
      media_types: MEDIA_TYPES.filter((type) => draft.mediaTypes.includes(type)).join(','),
      default_daily_limit: limit,
      is_active: draft.isActive,
      ...(credentials ? { other_credentials: credentials } : {}),
    },
  };
}

/** The stored media types of a platform ("text,image") as a list of the known ones. */
export function mediaTypesOf(value: string): MediaType[] {
  const listed = value.split(',').map((type) => type.trim());
  return MEDIA_TYPES.filter((type) => listed.includes(type));
}

/** The platform's connection key when it is one the product connects to (for its icon). */
export function connectionPlatformOf(name: string): ConnectionPlatform | null {
  const key = name.toLowerCase();
  return (CONNECTION_PLATFORMS as readonly string[]).includes(key) ? (key as ConnectionPlatform) : null;
}
