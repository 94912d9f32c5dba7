import parseTweet from 'twitter-text/dist/esm/parseTweet';
import { platformLengthCounter } from './text-count.js';

// @planner/contracts/text-length in a browser build (the "browser" condition): what
// text-length.ts counts, with twitter-text's parseTweet alone bundled (its ES module, not the
// whole library). A page imports it where it counts, best in a chunk of its own.

export { codePointLength } from './text-count.js';

/** A text's length as X counts it against its 280 (text-length.ts's xTextLength). */
export function xTextLength(text: string): number {
  return parseTweet(text).weightedLength;
}

export const platformTextLength = platformLengthCounter(xTextLength);
