import { z } from 'zod';

/** The platforms an organization can connect (part 2 §1), as they appear in /oauth/{platform}/... paths. */
export const CONNECTION_PLATFORMS = ['x', 'facebook', 'instagram', 'threads', 'youtube', 'linkedin', 'tiktok', 'telegram'] as const;
export const connectionPlatformSchema = z.enum(CONNECTION_PLATFORMS);
export type ConnectionPlatform = z.infer<typeof connectionPlatformSchema>;

/** Part 2 §2: the order the platforms are shown in (the configuration's tiles, linked accounts, the designer's choices). */
export const PLATFORM_DISPLAY_ORDER: readonly ConnectionPlatform[] = ['x', 'instagram', 'threads', 'facebook', 'youtube', 'linkedin', 'tiktok', 'telegram'];

/** Display names, as the spec's connection messages name them ('Successfully connected to {platform}'). */
export const PLATFORM_DISPLAY_NAMES: Record<ConnectionPlatform, string> = {
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  threads: 'Threads',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  telegram: 'Telegram',
};

/**
 * A platform as the post form names it ('X', 'Instagram', 'twitter', 'LINKEDIN')
 * → the platform's id, or null when it is not one of the eight. Here, beside
 * the list and without a schema, so a page that names posts' platforms (the
 * calendar) bundles no zod.
 */
export function platformIdOf(name: string): ConnectionPlatform | null {
  const key = name.trim().toLowerCase();
  const id = key === 'twitter' ? 'x' : key;
  return (CONNECTION_PLATFORMS as readonly string[]).includes(id) ? (id as ConnectionPlatform) : null;
}

/** Error codes of the /oauth/error page (part 2 §8); any other error is passed through raw. */
export const OAUTH_RESULT_CODES = ['missing_code', 'missing_state', 'invalid_state', 'organization_not_found'] as const;
export type OAuthResultCode = (typeof OAUTH_RESULT_CODES)[number];

/**
 * A provider's refusal on the OAuth callback (its `error` code, RFC 6749
 * §4.1.2.1; LinkedIn's own cancellation codes are its access_denied), in words
 * a user can act on. Any other code is 'Unknown error' (part 2 §8): the page
 * never shows text of the callback's query (the code, error_description),
 * which anyone can write into a link.
 */
const CANCELLED = 'The connection was cancelled or not allowed on the platform.';
export const OAUTH_PROVIDER_ERRORS: Readonly<Record<string, string>> = {
  invalid_request: 'The platform found the connection request invalid. Please try again.',
  unauthorized_client: 'The platform does not allow this app to connect this way.',
  access_denied: CANCELLED,
  user_cancelled_login: CANCELLED,
  user_cancelled_authorize: CANCELLED,
  unsupported_response_type: 'The platform does not allow this app to connect this way.',
  invalid_scope: 'The platform refused the permissions this app asks for.',
  server_error: 'The platform had an error while connecting. Please try again.',
  temporarily_unavailable: 'The platform is temporarily unavailable. Please try again later.',
};

export const ConnectionMessages = {
  connected: (platform: string) => `Successfully connected to ${platform}`,
  connectFailed: (platform: string, error?: string) => `Failed to connect to ${platform}: ${error || 'Unknown error'}`,
  disconnected: (platform: string) => `Successfully disconnected from ${platform}`,
  disconnectFailed: (platform: string) => `Failed to disconnect from ${platform}`,
  facebookPageRequired: 'Facebook Page Required',
  facebookNoPages: 'No Facebook pages found for this account',
  facebookPagesFailed: 'Failed to load Facebook pages',
  facebookPageSaved: 'Facebook page successfully saved',
  facebookPageFailed: 'Failed to save Facebook page',
  telegramConnectFailed: 'Failed to connect Telegram channel.',
  /** Not worded by the spec (part 2 §7 names page routes for Facebook only): LinkedIn's page choice, in Facebook's words. */
  linkedinNoPages: 'No LinkedIn pages found for this account',
  linkedinPagesFailed: 'Failed to load LinkedIn pages',
  linkedinPageSaved: 'LinkedIn page successfully saved',
  linkedinPageFailed: 'Failed to save LinkedIn page',
  /** Not worded by the spec: the page is not one the member holds an approved posting role on. */
  linkedinPageNotAllowed: 'Failed to save LinkedIn page: this LinkedIn account may not post as that page',
  /** Not worded by the spec: LINKEDIN_ORGANIZATION_PAGES is off, so the page scopes are not asked for. */
  linkedinPagesOff: 'Posting as a LinkedIn page is not enabled on this server.',
  /** Not worded by the spec: the connection was made without the page scopes (before they were asked for). */
  linkedinPagesNotGranted: 'This LinkedIn connection may not post as a page. Please connect LinkedIn again to allow it.',
  /** Not worded by the spec: the provider's client id/secret are not set on this server. */
  notConfigured: (platform: string) =>
    `${platform} is not configured on this server (no client credentials). A Sandbox connection can be made instead.`,
  /** Not worded by the spec. */
  sandboxOnlyWithoutCredentials: (platform: string) => `${platform} is configured on this server: connect it for real instead of a Sandbox connection.`,
  /** Not worded by the spec. */
  notConnected: (platform: string) => `${platform} is not connected.`,
  /** Not worded by the spec: Account Configuration's question before a disconnection, with what it leaves waiting (GET /posts/queued-count). */
  disconnectQuestion: (platform: string) => `Disconnect ${platform}?`,
  disconnectLeavesQueued: (platform: string, count: number) =>
    count === 0
      ? `No scheduled post waits for ${platform}.`
      : `${count} scheduled post${count === 1 ? '' : 's'} will not be published on ${platform} until you connect it again.`,
  /** Not worded by the spec: a queued post's platform whose connection is gone (Post Review, the calendar). */
  queuedWithoutConnection: (platform: string) => `${platform} is not connected: this post will not be published there until you connect it again.`,
  /** Not worded by the spec: a refresh the provider refused; the user must connect again. */
  reconnectNeeded: (platform: string) => `The ${platform} connection has expired. Please connect it again.`,
  /** Not worded by the spec: the provider could not be reached or failed on its side; the connection is kept. */
  providerUnavailable: (platform: string) => `${platform} could not be reached. Please try again in a moment.`,
  /** Not worded by the spec: part 2 §4, a channel is changed by disconnecting and reconnecting. */
  telegramChangeByReconnect: 'A Telegram channel can only be changed by disconnecting and reconnecting.',
} as const;

const DAY_MS = 24 * 3600_000;
/**
 * A connection whose token cannot be refreshed (no refresh token, and no way to extend it: LinkedIn's 60-day tokens)
 * warns its organization's owner twice before it runs out (issue 29 §9): within 7 days of `expires_at`, then within 1 day.
 */
export const EXPIRY_WARNINGS = ['7_days', '1_day'] as const;
export type ExpiryWarning = (typeof EXPIRY_WARNINGS)[number];
/** How long before `expires_at` each warning is due; the page highlights a connection within the first. */
export const EXPIRY_WARNING_AHEAD_MS: Record<ExpiryWarning, number> = { '7_days': 7 * DAY_MS, '1_day': DAY_MS };

const connectionRef = {
  organizationId: z.string().uuid(),
  platform: connectionPlatformSchema,
};

/** Events about platform connections (published by the organizations service), merged into `eventSchemas`. */
export const connectionEventSchemas = {
  'organizations.connection.connected': z.object({
    ...connectionRef,
    connectionId: z.string().uuid(),
    ownerId: z.string().uuid(),
    /** A labelled Sandbox connection publishes into a local feed, not to the platform. */
    sandbox: z.boolean(),
  }),
  'organizations.connection.disconnected': z.object({ ...connectionRef, ownerId: z.string().uuid() }),
  'organizations.connection.refreshed': z.object({ ...connectionRef, expiresAt: z.string().datetime().nullable() }),
  'organizations.connection.failed': z.object({
    ...connectionRef,
    stage: z.enum(['connect', 'refresh']),
    /** The provider's error, never a token. */
    reason: z.string(),
  }),
  /** The owner is to be told that the connection runs out soon and must be connected again (notifications mails them). */
  'organizations.connection.expiring': z.object({
    ...connectionRef,
    connectionId: z.string().uuid(),
    ownerId: z.string().uuid(),
    organizationName: z.string(),
    /** The organization's IANA time zone, in which the mail tells the time. */
    timezone: z.string(),
    expiresAt: z.string().datetime(),
    warning: z.enum(EXPIRY_WARNINGS),
    /** The organization's platforms page, where it is connected again. */
    reconnectUrl: z.string().url(),
  }),
} as const satisfies Record<string, z.ZodType>;

/** NATS request/reply only, never HTTP: a connection's fresh credentials (for the scheduler's publishing). */
export const CONNECTION_CREDENTIALS_SUBJECT = 'organizations.connection.credentials';
export const connectionCredentialsRequestSchema = z.object({
  organization_id: z.string().uuid(),
  platform: connectionPlatformSchema,
  /** The platform refused the token it was given: refresh it now, once, whatever its expiry says. */
  refresh: z.boolean().optional(),
});
export type ConnectionCredentialsRequest = z.infer<typeof connectionCredentialsRequestSchema>;

export const connectionCredentialsSchema = z.object({
  platform: connectionPlatformSchema,
  sandbox: z.boolean(),
  /** The user's token (Telegram: the bot token); null for a Sandbox connection. */
  access_token: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Facebook: the chosen page's token, which is what publishes. */
  page_access_token: z.string().nullable(),
  specific_data: z.record(z.string(), z.unknown()),
});
export type ConnectionCredentials = z.infer<typeof connectionCredentialsSchema>;

/**
 * NATS request/reply only: the credentials of many connections at once (a
 * batch of publications), each with whether its organization is active, or
 * why there are none (the status and message the single request would have
 * failed with). Answered in the order asked.
 */
export const CONNECTION_CREDENTIALS_BATCH_SUBJECT = 'organizations.connection.credentials_batch';
export const connectionCredentialsBatchRequestSchema = z.object({
  items: z.array(z.object({ organization_id: z.string().uuid(), platform: connectionPlatformSchema })).min(1).max(500),
});
export const connectionCredentialsBatchSchema = z.object({
  items: z.array(
    z.union([
      z.object({ credentials: connectionCredentialsSchema, organization_active: z.boolean() }),
      z.object({ error: z.object({ status_code: z.number().int(), message: z.string() }) }),
    ]),
  ),
});
export type ConnectionCredentialsBatch = z.infer<typeof connectionCredentialsBatchSchema>;
