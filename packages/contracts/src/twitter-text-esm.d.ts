// twitter-text's ES modules, one per function (dist/esm), which @types/twitter-text does not describe.
declare module 'twitter-text/dist/esm/parseTweet' {
  import type { parseTweet } from 'twitter-text';
  const parse: typeof parseTweet;
  export default parse;
}
