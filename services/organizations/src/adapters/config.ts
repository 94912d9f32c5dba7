import { baseConfigSchema, platformApiConfigShape } from '@planner/service-kit';
import { z } from 'zod';

const url = (real: string) => z.string().url().default(real);

/**
 * Platform connections' settings: the providers' real endpoints by default (tests point them at local
 * stand-ins), client credentials optional (without them a platform offers a Sandbox connection).
 */
export const connectionConfigShape = {
  ...platformApiConfigShape,
  /** AES-256-GCM key for stored platform tokens, 32 bytes base64; required in production. */
  CONNECTION_TOKEN_KEY: z.string().optional(),
  /** A rotation's first phase: the key that will replace CONNECTION_TOKEN_KEY (comma separated if more); it opens, never seals (docs/operations.md). */
  CONNECTION_TOKEN_NEXT_KEYS: z.string().optional(),
  /** A rotation's second phase: the keys CONNECTION_TOKEN_KEY replaced, comma separated; they open what they sealed until a reseal (docs/operations.md). */
  CONNECTION_TOKEN_PREVIOUS_KEYS: z.string().optional(),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  X_AUTH_URL: url('https://x.com/i/oauth2/authorize'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** Facebook Login's origin: the dialog is /{META_GRAPH_VERSION}/dialog/oauth under it. */
  FACEBOOK_AUTH_URL: url('https://www.facebook.com'),
  INSTAGRAM_CLIENT_ID: z.string().optional(),
  INSTAGRAM_CLIENT_SECRET: z.string().optional(),
  INSTAGRAM_AUTH_URL: url('https://www.instagram.com/oauth/authorize'),
  INSTAGRAM_TOKEN_URL: url('https://api.instagram.com/oauth/access_token'),
  THREADS_CLIENT_ID: z.string().optional(),
  THREADS_CLIENT_SECRET: z.string().optional(),
  THREADS_AUTH_URL: url('https://threads.net/oauth/authorize'),
  YOUTUBE_CLIENT_ID: z.string().optional(),
  YOUTUBE_CLIENT_SECRET: z.string().optional(),
  YOUTUBE_AUTH_URL: url('https://accounts.google.com/o/oauth2/v2/auth'),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_AUTH_URL: url('https://www.linkedin.com/oauth/v2/authorization'),
  LINKEDIN_TOKEN_URL: url('https://www.linkedin.com/oauth/v2/accessToken'),
  /**
   * Lets a LinkedIn connection post as a page the member administers: the authorize asks for the organization
   * scopes, which LinkedIn grants only to apps approved for its Community Management API (others get
   * unauthorized_scope_error), hence off by default. 'true' or 'false' (a parsed config, already boolean, parses again).
   */
  LINKEDIN_ORGANIZATION_PAGES: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
  TIKTOK_AUTH_URL: url('https://www.tiktok.com/v2/auth/authorize/'),
  /** The bot that posts to Telegram channels; without it Telegram offers a Sandbox connection. */
  TELEGRAM_BOT_TOKEN: z.string().optional(),
};

/** What the connections read of the service's config; APP_URL (the kit's) holds the redirect URIs and the /oauth result pages. */
export const connectionConfigSchema = baseConfigSchema.pick({ NODE_ENV: true, APP_URL: true }).extend(connectionConfigShape);
export type ConnectionConfig = z.infer<typeof connectionConfigSchema>;
