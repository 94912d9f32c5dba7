import { useEffect, useState } from 'react';
import type { ConnectionPlatform } from '@planner/contracts';

/** A text's length as the platform counts it: the posts service's own counting (contracts' text-length). */
export type PlatformCounter = (platform: ConnectionPlatform, text: string) => number;

let loaded: PlatformCounter | null = null;
let loading: Promise<PlatformCounter> | null = null;

/**
 * Loads the counting of @planner/contracts/text-length (its browser entry,
 * twitter-text's parseTweet for X) as a chunk of its own, fetched once a post
 * is shown rather than with the page: the platforms' rules' chunk, which
 * counts X's text with it (media-fit.ts).
 */
export function loadCounter(): Promise<PlatformCounter> {
  loading ??= import('@planner/contracts/platform-post-rules').then((module) => {
    loaded = module.platformTextLength;
    return loaded;
  });
  return loading;
}

/** The counter once loaded (null until then: a length shows as '…' for that moment). */
export function useCounter(): PlatformCounter | null {
  const [counter, setCounter] = useState<PlatformCounter | null>(() => loaded);
  useEffect(() => {
    if (counter) return;
    let live = true;
    void loadCounter().then((fn) => live && setCounter(() => fn));
    return () => {
      live = false;
    };
  }, [counter]);
  return counter;
}
