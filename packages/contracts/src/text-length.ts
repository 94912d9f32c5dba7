import { createRequire } from 'node:module';
import type * as TwitterText from 'twitter-text';
import type { ConnectionPlatform } from './connections.js';

// Its own entry point (@planner/contracts/text-length), for the services only:
// the frontend imports the contracts' main one and never loads twitter-text.

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

/** Characters as people count them (code points: an emoji is one), as most platforms state their limits. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** A text's length as the platform counts it against its limit (`platformTextLimit`): X its own way, the others in code points. */
export function platformTextLength(platform: ConnectionPlatform, text: string): number {
  return platform === 'x' ? xTextLength(text) : codePointLength(text);
}
