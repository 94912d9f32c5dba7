import { createRequire } from 'node:module';
import type * as TwitterText from 'twitter-text';
import { platformLengthCounter } from './text-count.js';

// Its own entry point (@planner/contracts/text-length), which the contracts' main one does not
// load. Services get this file; browser builds get text-length.browser.ts (the package's
// "browser" condition), the same counting with twitter-text bundled.

export { codePointLength } from './text-count.js';

const require = createRequire(import.meta.url);
/** twitter-text, with the core-js polyfills it brings, costs about 10 MB and 30 ms to load: loaded with the first X text counted. */
let twitterText: typeof TwitterText | undefined;

/**
 * A text's length as X counts it against its 280: twitter-text's parseTweet
 * (a link 23 whatever its length, CJK and emoji 2, after NFC normalisation).
 */
export function xTextLength(text: string): number {
  twitterText ??= require('twitter-text') as typeof TwitterText;
  return twitterText.parseTweet(text).weightedLength;
}

/** A text's length as the platform counts it against its limit (`platformTextLimit`): X its own way, the others in code points. */
export const platformTextLength = platformLengthCounter(xTextLength);
