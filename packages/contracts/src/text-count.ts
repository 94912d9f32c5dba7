import type { ConnectionPlatform } from './connections.js';

// The counting rules of both text-length entry points (services: text-length.ts, browsers:
// text-length.browser.ts), which differ only in how they load twitter-text.

/** Characters as people count them (code points: an emoji is one), as most platforms state their limits. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** A text's length as the platform counts it against its limit (`platformTextLimit`): X with `xTextLength`, the others in code points. */
export function platformLengthCounter(xTextLength: (text: string) => number): (platform: ConnectionPlatform, text: string) => number {
  return (platform, text) => (platform === 'x' ? xTextLength(text) : codePointLength(text));
}
