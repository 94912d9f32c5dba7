import { PLATFORM_DISPLAY_NAMES, platformTextLimit, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { PlatformCounter } from './text-counting.js';

/** The text's length as the platform counts it against its limit (a Telegram caption under media: 1,024). */
export function lengthOf(counter: PlatformCounter | null, platform: ConnectionPlatform, text: string, mediaType: MediaType) {
  const limit = platformTextLimit(platform, mediaType);
  const length = counter ? counter(platform, text) : null;
  return { length, limit, over: length !== null && length > limit };
}

/** Not worded by the spec: a post longer than a platform takes (the form refuses it). */
export function overLimitText(platform: ConnectionPlatform, length: number, limit: number): string {
  return `${PLATFORM_DISPLAY_NAMES[platform]} takes at most ${limit} characters: this post has ${length}.`;
}

/** The live counter of one platform: 'length / limit', marked once over. */
export function LengthCounter({ counter, platform, text, mediaType }: { counter: PlatformCounter | null; platform: ConnectionPlatform; text: string; mediaType: MediaType }) {
  const { length, limit, over } = lengthOf(counter, platform, text, mediaType);
  return (
    <p className={over ? 'length-counter over' : 'length-counter'} data-platform={platform}>
      <span className="visually-hidden">{PLATFORM_DISPLAY_NAMES[platform]} length: </span>
      {length ?? '…'} / {limit}
      {over && <> · over the limit</>}
    </p>
  );
}
