import { CONNECTION_PLATFORMS, ConnectionMessages, type ConnectionPlatform } from '@planner/contracts';

/** What the view needs of a stored connection (token columns are deliberately not part of it). */
export interface ConnectionFacts {
  platform: ConnectionPlatform;
  status: 'connected' | 'expired';
  sandbox: boolean;
  url: string | null;
  specificData: Record<string, unknown>;
  expiresAt: Date | null;
  /** Read only for whether there is one (`refreshable`); never shown. */
  refreshToken: string | null;
}

/**
 * What `specific_data` keeps for the scheduler to publish with: account ids to publish as (X, Instagram and Threads
 * `user_id`, LinkedIn `person_id` and the chosen page's `organization_id`) and X's `subscription_type` (its video
 * limits). Part 2 §3 does not list them among a connection's fields, so the browser's view leaves them out (a
 * LinkedIn page shows as its `organization_name`).
 */
const PUBLISHING_FACTS = new Set(['user_id', 'person_id', 'organization_id', 'subscription_type']);

const shownSpecificData = (specificData: Record<string, unknown>) => Object.fromEntries(Object.entries(specificData).filter(([key]) => !PUBLISHING_FACTS.has(key)));

/** A connection as the browser sees it (part 2 §3 platforms map entry): names only, never a token. */
export function connectionView(connection: ConnectionFacts) {
  const needsPage = connection.platform === 'facebook' && !connection.sandbox && !connection.specificData.page_id;
  return {
    platform: connection.platform,
    is_connected: connection.status === 'connected',
    status: connection.status,
    /** A Sandbox connection publishes into a local feed, not to the platform. */
    sandbox: connection.sandbox,
    label: connection.sandbox ? 'Sandbox' : null,
    url: connection.url,
    specific_data: shownSpecificData(connection.specificData),
    expires_at: connection.expiresAt ? connection.expiresAt.toISOString() : null,
    /** Whether the token is renewed without the user; when not, `expires_at` is when it must be connected again. */
    refreshable: refreshable(connection),
    /** Part 2 §4: Facebook connected without a page shows 'Facebook Page Required' until a page is saved. */
    notice: needsPage ? ConnectionMessages.facebookPageRequired : null,
  };
}
export type ConnectionView = ReturnType<typeof connectionView>;

/** The organization's platforms map keyed by uppercase platform (part 2 §3), every platform present. */
export function platformsMap(connections: ConnectionFacts[]): Record<string, ConnectionView | { is_connected: false; url: null; specific_data: Record<string, never> }> {
  const byPlatform = new Map(connections.map((c) => [c.platform, c]));
  return Object.fromEntries(
    CONNECTION_PLATFORMS.map((platform) => {
      const connection = byPlatform.get(platform);
      return [platform.toUpperCase(), connection ? connectionView(connection) : { is_connected: false as const, url: null, specific_data: {} }];
    }),
  );
}

/** Refresh a little before the provider's expiry, so a token handed out is still good when used. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export function needsRefresh(expiresAt: Date | null, now: number): boolean {
  return expiresAt !== null && expiresAt.getTime() - REFRESH_MARGIN_MS <= now;
}

/**
 * Meta's long-lived tokens (about 60 days) have no refresh token and can only be extended while still valid,
 * so they are refreshed ahead of expiry by a sweep; tokens with refresh tokens are refreshed when used.
 */
export const SWEEP_AHEAD_MS: Partial<Record<string, number>> = {
  facebook: 7 * 24 * 3600_000,
  instagram: 7 * 24 * 3600_000,
  threads: 7 * 24 * 3600_000,
};

/**
 * Whether the connection's token can be renewed without the user: it has a refresh token, or its platform's long-lived
 * token is extended by the sweep (Meta). LinkedIn gives most apps neither: its 60-day token must be connected again.
 */
export function refreshable(connection: { platform: string; refreshToken: string | null }): boolean {
  return connection.refreshToken !== null || SWEEP_AHEAD_MS[connection.platform] !== undefined;
}

/** Whether the sweep should extend this connection's token now. */
export function dueForSweep(platform: string, expiresAt: Date | null, now: number): boolean {
  const ahead = SWEEP_AHEAD_MS[platform];
  return ahead !== undefined && expiresAt !== null && expiresAt.getTime() - ahead <= now;
}
