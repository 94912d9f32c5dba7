import { needsUser, PLATFORM_DISPLAY_NAMES, PostMessages, type ConnectionPlatform, type PlatformOutcome } from '@planner/contracts';

/** The platforms as the messages name them: 'X, LinkedIn'. */
export function platformNames(platforms: readonly ConnectionPlatform[]): string {
  return platforms.map((platform) => PLATFORM_DISPLAY_NAMES[platform]).join(', ');
}

/**
 * What publish-now answers once every platform has an outcome: published
 * everywhere, or the failures in one message ('Failed to publish: Instagram:
 * reason; X: reason'), with the links of the platforms it did go out on.
 */
export function publishAnswer(
  publications: Record<string, PlatformOutcome>,
  platforms: readonly ConnectionPlatform[],
): { published: boolean; message: string; postedLinks: string[] } {
  const postedLinks = platforms.flatMap((platform) => {
    const outcome = publications[platform];
    return outcome?.status === 'published' && outcome.link ? [outcome.link] : [];
  });
  const failed = platforms.filter((platform) => publications[platform] && needsUser(publications[platform]));
  if (failed.length === 0) return { published: true, message: PostMessages.publishedTo(platformNames(platforms)), postedLinks };
  const reasons = failed.map((platform) => `${PLATFORM_DISPLAY_NAMES[platform]}: ${publications[platform]!.reason ?? 'unknown error'}`).join('; ');
  return { published: false, message: PostMessages.publishFailedOn(reasons), postedLinks };
}
