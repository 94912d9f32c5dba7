import { PLATFORM_DISPLAY_NAMES, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { RuledPost } from '@planner/contracts/platform-post-rules';
import { useEffect, useState } from 'react';
import type { MediaEntry } from './media.js';
import type { VideoFacts } from './video-facts.js';

type Rules = typeof import('@planner/contracts/platform-post-rules');

/** What a chosen platform will refuse of the post: its rule's words, and the media item it is about (its index), if one. */
export interface PlatformRefusal {
  platform: ConnectionPlatform;
  message: string;
  media: number | null;
}

/** One post of the form as the platforms' rules read it: its platforms and its text. */
export interface FitPost {
  platforms: readonly ConnectionPlatform[];
  text: string;
}

let loaded: Rules | null = null;
let loading: Promise<Rules> | null = null;

/**
 * The platforms' rules (contracts' platform-post-rules, with X's counting by
 * twitter-text's parseTweet) as a chunk of their own, fetched once the form
 * is shown rather than with the page; null for that moment.
 */
export function usePlatformRules(): Rules | null {
  const [rules, setRules] = useState<Rules | null>(() => loaded);
  useEffect(() => {
    if (rules) return;
    let live = true;
    loading ??= import('@planner/contracts/platform-post-rules').then((module) => (loaded = module));
    void loading.then((module) => live && setRules(module));
    return () => {
      live = false;
    };
  }, [rules]);
  return rules;
}

/**
 * A media entry as the rules read it: its type and, for a chosen file, its
 * size and what the browser read of a video; stored media (AI images, an
 * edited post's) have no facts here, and the rules that need them skip them,
 * as the scheduler skips media stored before facts were read.
 */
function ruledMedia(entry: MediaEntry, video: VideoFacts | undefined): RuledPost['media'][number] {
  if (!entry.file) return { contentType: entry.mime };
  return {
    contentType: entry.mime,
    facts: { size: entry.size, durationSeconds: video?.durationSeconds ?? null, width: video?.width ?? null, height: video?.height ?? null, frameRate: null },
  };
}

/**
 * What each chosen platform will refuse of the form's posts, in the posts'
 * and their platforms' order, each refusal once: every rule it breaks, as its
 * adapter would say it before publishing. Facts the browser does not know (a
 * video's frame rate, TikTok's creator settings) are the scheduler's to check.
 */
export function platformRefusals(
  rules: Rules,
  posts: readonly FitPost[],
  mediaType: MediaType,
  media: readonly MediaEntry[],
  videoFacts: ReadonlyMap<string, VideoFacts>,
): PlatformRefusal[] {
  const ruled = mediaType === 'text' ? [] : media.map((entry) => ruledMedia(entry, videoFacts.get(entry.id)));
  const found: PlatformRefusal[] = [];
  for (const post of posts) {
    // A story is published without text (part 2 §5), as the submit sends it.
    const text = mediaType === 'story' ? '' : post.text;
    for (const platform of post.platforms) {
      for (const refusal of rules.refusals({ text, mediaType, media: ruled, options: {} }, rules.PLATFORM_POST_RULES[platform])) {
        if (!found.some((known) => known.platform === platform && known.message === refusal.message)) found.push({ platform, ...refusal });
      }
    }
  }
  return found;
}

/** The submit's refusal: the platforms that will refuse the post, each with its first reason, or null when they all take it. */
export function fitProblem(refusals: readonly PlatformRefusal[]): string | null {
  const platforms = [...new Set(refusals.map((refusal) => refusal.platform))];
  if (platforms.length === 0) return null;
  const reasons = platforms.map((platform) => refusals.find((refusal) => refusal.platform === platform)!.message);
  return `${platforms.map((platform) => PLATFORM_DISPLAY_NAMES[platform]).join(', ')} will refuse this post: ${reasons.join(' ')}`;
}
