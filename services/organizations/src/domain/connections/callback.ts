import { OAUTH_PROVIDER_ERRORS, type OAuthResultCode } from '@planner/contracts';

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * What the callback's query alone says (part 2 §8 result codes): the provider's own refusal first, in RFC 6749's
 * words for its code ('' for a code it does not define: 'Unknown error'; never the query's own text), then a missing
 * code, then a missing state; null means go on to check the state.
 */
export function callbackProblem(query: CallbackQuery): OAuthResultCode | string | null {
  if (query.error) return Object.hasOwn(OAUTH_PROVIDER_ERRORS, query.error) ? OAUTH_PROVIDER_ERRORS[query.error]! : '';
  if (!query.code) return 'missing_code';
  if (!query.state) return 'missing_state';
  return null;
}

/** The page the popup lands on: /oauth/success?platform= or /oauth/error?platform=&error= under the app's address. */
export function resultPage(appUrl: string, platform: string, error?: string): string {
  const url = new URL(error === undefined ? '/oauth/success' : '/oauth/error', appUrl);
  url.searchParams.set('platform', platform);
  if (error !== undefined) url.searchParams.set('error', error || 'Unknown error');
  return url.toString();
}
