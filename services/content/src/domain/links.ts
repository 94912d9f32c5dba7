import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links in newsletter mails. The signature binds the purpose and the
 * values, so a token for one address (or one link) is worthless for another.
 */
export type LinkPurpose = 'unsubscribe' | 'confirm' | 'click';

export function signLink(key: string, purpose: LinkPurpose, ...values: string[]): string {
  return createHmac('sha256', key).update(JSON.stringify([purpose, ...values])).digest('base64url');
}

/**
 * Whether `signature` was made by one of `keys`: the signing key, then those it replaced, so the
 * links of mails sent before a key rotation keep working (docs/operations.md).
 */
export function verifyLink(keys: string | readonly string[], signature: string, purpose: LinkPurpose, ...values: string[]): boolean {
  const given = Buffer.from(signature);
  return [keys].flat().some((key) => {
    const expected = Buffer.from(signLink(key, purpose, ...values));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface LinkSettings {
  /** The product's public address; links go through the gateway's /api. */
  appUrl: string;
  key: string;
}

/** The link settings of the service's config. */
export const linkSettings = (config: { APP_URL: string; NEWSLETTER_SIGNING_KEY: string }): LinkSettings => ({ appUrl: config.APP_URL, key: config.NEWSLETTER_SIGNING_KEY });

const api = (appUrl: string, path: string) => `${appUrl.replace(/\/$/, '')}/api${path}`;

/** A link for one address; addresses are compared lowercased everywhere, so the token is too. */
function addressLink({ appUrl, key }: LinkSettings, purpose: 'unsubscribe' | 'confirm', path: string, email: string): string {
  const normalized = email.toLowerCase();
  const query = new URLSearchParams({ email: normalized, token: signLink(key, purpose, normalized) });
  return api(appUrl, `${path}?${query}`);
}

export const unsubscribeUrl = (links: LinkSettings, email: string) => addressLink(links, 'unsubscribe', '/newsletter/unsubscribe/one-click', email);

/** The link of the double opt-in mail. */
export const confirmSubscriptionUrl = (links: LinkSettings, email: string) => addressLink(links, 'confirm', '/newsletter/confirm', email);

export function openPixelUrl({ appUrl }: LinkSettings, deliveryId: string): string {
  return api(appUrl, `/newsletter/track/open/${deliveryId}`);
}

/** A redirect through the tracker; signed, so the tracker is no open redirect for anyone's URL. */
export function trackedClickUrl({ appUrl, key }: LinkSettings, deliveryId: string, target: string): string {
  const query = new URLSearchParams({ url: target, sig: signLink(key, 'click', deliveryId, target) });
  return api(appUrl, `/newsletter/track/click/${deliveryId}?${query}`);
}
