import { platformPostOptionsSchema, PostMessages, type ConnectionPlatform, type PlatformPostOptions } from '@planner/contracts';

/**
 * The choices of the post's own platforms (another platform's are dropped),
 * in the contract's key order (so two equal choices compare equal however
 * the database ordered them). YouTube's visibility, when not chosen, is what
 * the form shows selected, public, stored as such.
 */
export function optionsForPlatforms(platforms: readonly ConnectionPlatform[], options: PlatformPostOptions): PlatformPostOptions {
  return platformPostOptionsSchema.parse({
    tiktok: platforms.includes('tiktok') ? options.tiktok : undefined,
    youtube: platforms.includes('youtube') ? (options.youtube ?? { privacy_status: 'public' }) : undefined,
  });
}

/** Whether two sets of choices publish differently (a new version, as a change of content is). */
export function optionsDiffer(before: PlatformPostOptions, after: PlatformPostOptions): boolean {
  return JSON.stringify(platformPostOptionsSchema.parse(before)) !== JSON.stringify(platformPostOptionsSchema.parse(after));
}

/** What a post about to be scheduled or published still lacks: TikTok's privacy level has no default (its content-sharing guidelines). */
export function missingPlatformChoice(platforms: readonly ConnectionPlatform[], options: PlatformPostOptions): string | null {
  return platforms.includes('tiktok') && !options.tiktok ? PostMessages.tiktokPrivacyRequired : null;
}

/** The choices of a multipart form, sent as JSON in one field; null when they cannot be read. */
export function formPlatformOptions(json: string): PlatformPostOptions | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = platformPostOptionsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
