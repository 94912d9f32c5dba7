/** Whether `url` is a page of the app at `appUrl` (same scheme, host and port): anything else would be an open redirect. */
export function isOwnPage(url: string, appUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/** `url` with `params` added to its query (kept as they are: Stripe fills `{CHECKOUT_SESSION_ID}` itself). */
export function withQuery(url: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value.startsWith('{') ? value : encodeURIComponent(value)}`)
    .join('&');
  const [base, hash] = url.split('#', 2) as [string, string | undefined];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
}
