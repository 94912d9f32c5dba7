import {
  needsUser,
  PLATFORM_DISPLAY_NAMES,
  platformIdOf,
  PostMessages,
  type ConnectionPlatform,
  type MediaType,
  type PlatformOutcome,
  type PlatformPostOptions,
} from '@planner/contracts';
import { optionsDiffer } from './platform-options.js';

/** What of a post goes out when it is published: a change of any of it makes a new version. */
export interface PublishedFields {
  content: string;
  platforms: string[];
  mediaType: MediaType;
  mediaPaths: string[];
  scheduledTime: Date | null;
  /** TikTok's and YouTube's choices (what the platform shows it as). */
  platformOptions: PlatformPostOptions;
}

/** The fields of a post that go out, on their own. */
export function publishedFieldsOf(post: PublishedFields): PublishedFields {
  return {
    content: post.content,
    platforms: post.platforms,
    mediaType: post.mediaType,
    mediaPaths: post.mediaPaths,
    scheduledTime: post.scheduledTime,
    platformOptions: post.platformOptions,
  };
}

/** Whether two versions of a post would publish differently (what, where, when or how the platform shows it). */
export function publishesDifferently(before: PublishedFields, after: PublishedFields): boolean {
  return (
    before.content !== after.content ||
    before.mediaType !== after.mediaType ||
    before.platforms.join('\n') !== after.platforms.join('\n') ||
    before.mediaPaths.join('\n') !== after.mediaPaths.join('\n') ||
    (before.scheduledTime?.getTime() ?? null) !== (after.scheduledTime?.getTime() ?? null) ||
    optionsDiffer(before.platformOptions, after.platformOptions)
  );
}

/** Media paths sent as a list or comma-separated → the list, blanks dropped. */
export function mediaPathList(paths: string | readonly string[]): string[] {
  const list = typeof paths === 'string' ? paths.split(',') : paths;
  return list.map((path) => path.trim()).filter((path) => path !== '');
}

/** When the scheduler is to publish: the scheduled time while it is ahead, otherwise now (null). */
export function publishDue(scheduledTime: Date | null, now: Date): Date | null {
  return scheduledTime && scheduledTime.getTime() > now.getTime() ? scheduledTime : null;
}

/** The time an approval sets when it names one: that time while it is ahead, otherwise now. */
export function approvedTime(requested: Date | null, now: Date): Date {
  return requested && requested.getTime() > now.getTime() ? requested : now;
}

/** The post's platforms still to publish: those without a publication that went out (a retry never posts twice). */
export function unpublishedPlatforms(platforms: readonly ConnectionPlatform[], publications: Record<string, PlatformOutcome>): ConnectionPlatform[] {
  return platforms.filter((platform) => publications[platform]?.status !== 'published');
}

/**
 * What a Retry asks for again: without a choice, every platform of the post
 * not published; with one (ids or names), those platforms, once each, every
 * one failed or in doubt on the post: one queued, published or never asked
 * for is refused, so a retry never asks twice for the same thing.
 */
export function platformsToRetry(
  platforms: readonly ConnectionPlatform[],
  publications: Record<string, PlatformOutcome>,
  chosen: readonly string[] | undefined,
): { ok: true; platforms: ConnectionPlatform[] } | { ok: false; problem: string } {
  if (!chosen) return { ok: true, platforms: unpublishedPlatforms(platforms, publications) };
  const retried: ConnectionPlatform[] = [];
  for (const name of chosen) {
    const platform = platformIdOf(name);
    if (!platform) return { ok: false, problem: PostMessages.unknownPlatform(name) };
    const outcome = publications[platform];
    if (!outcome || !needsUser(outcome)) return { ok: false, problem: PostMessages.retryNotFailed(PLATFORM_DISPLAY_NAMES[platform]) };
    if (!retried.includes(platform)) retried.push(platform);
  }
  return { ok: true, platforms: retried };
}

/** Whether the scheduler has something of this post still to publish. */
export function hasQueued(publications: Record<string, PlatformOutcome>): boolean {
  return Object.values(publications).some((outcome) => outcome.status === 'queued');
}

/** The publications once publishing is withdrawn: nothing is queued any more; outcomes that happened stay. */
export function withoutQueued(publications: Record<string, PlatformOutcome>): Record<string, PlatformOutcome> {
  return Object.fromEntries(Object.entries(publications).filter(([, outcome]) => outcome.status !== 'queued'));
}

/**
 * The publications once the post names only these platforms: a platform
 * dropped from the post loses its queued or failed entry (nothing is to be
 * published or retried there), but one it went out on keeps its link.
 */
export function publicationsFor(platforms: readonly ConnectionPlatform[], publications: Record<string, PlatformOutcome>): Record<string, PlatformOutcome> {
  return Object.fromEntries(
    Object.entries(publications).filter(([platform, outcome]) => outcome.status === 'published' || (platforms as readonly string[]).includes(platform)),
  );
}
