import { z } from 'zod';
import { connectionPlatformSchema } from './connections.js';
import { MEDIA_TYPES } from './organizations.js';
import { TIKTOK_PRIVACY_LEVELS, YOUTUBE_PRIVACY_STATUSES } from './platform-choices.js';

// A post's choices that one platform asks of the user before it publishes, and
// the facts of a media item the platforms' rules are checked against. One copy
// for the posts service (what it stores), the designer (what it asks) and the
// scheduler (what it sends).

/**
 * What TikTok's content-sharing guidelines require the user to choose for
 * each post, with no privacy level chosen for them: who sees it, whether
 * others may comment, duet and stitch, and the commercial-content disclosure
 * (`brand_organic`: promotes the creator's own business; `brand_content`: a
 * paid partnership with a third party).
 */
export const tiktokPostOptionsSchema = z.object({
  privacy_level: z.enum(TIKTOK_PRIVACY_LEVELS),
  allow_comment: z.boolean(),
  allow_duet: z.boolean(),
  allow_stitch: z.boolean(),
  brand_organic: z.boolean(),
  brand_content: z.boolean(),
});
export type TikTokPostOptions = z.infer<typeof tiktokPostOptionsSchema>;

/**
 * Whether TikTok refuses these choices because branded content (a paid
 * partnership, `brand_content`) would be seen by the creator only: TikTok's UX
 * guidelines, "Branded content visibility cannot be set to private.".
 * `privacy` is the level the post goes out with: an app TikTok has not
 * audited posts SELF_ONLY whatever was chosen. Not a refinement of the
 * schema: choices stored before are still read; the scheduler's TikTok
 * check refuses them, when saved and before upload.
 */
export function tiktokBrandedContentPrivate(options: TikTokPostOptions, privacy: TikTokPostOptions['privacy_level'] = options.privacy_level): boolean {
  return options.brand_content && privacy === 'SELF_ONLY';
}

export const youtubePostOptionsSchema = z.object({ privacy_status: z.enum(YOUTUBE_PRIVACY_STATUSES) });
export type YouTubePostOptions = z.infer<typeof youtubePostOptionsSchema>;

/** A post's per-platform choices, by platform id; a platform without choices has no entry. */
export const platformPostOptionsSchema = z.object({
  tiktok: tiktokPostOptionsSchema.optional(),
  youtube: youtubePostOptionsSchema.optional(),
});
export type PlatformPostOptions = z.infer<typeof platformPostOptionsSchema>;

/**
 * What is known of a media item's bytes, read when it was stored: its size,
 * and for a video what its container says (seconds, pixels, frames a second).
 * Null where the container does not say; the platform then checks it itself.
 */
export const mediaFactsSchema = z.object({
  size: z.number().int().nonnegative(),
  duration_seconds: z.number().nonnegative().nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  frame_rate: z.number().positive().nullable(),
});
export type StoredMediaFacts = z.infer<typeof mediaFactsSchema>;

/** Where the designer reads what TikTok allows a connection's next post: GET /api/publications/tiktok-creator-info?organization_id=… */
export const TIKTOK_CREATOR_INFO_PATH = '/publications/tiktok-creator-info';

/**
 * What TikTok says of the connected creator before a post (its
 * `creator_info/query`), for the designer to offer only what TikTok allows:
 * the privacy levels, what the creator turned off, the longest video.
 * `unaudited`: this app is not yet audited by TikTok, so every post goes out
 * visible to the creator only (SELF_ONLY), whatever is chosen; `sandbox`: a
 * Sandbox connection's plausible answer.
 */
export const tiktokCreatorInfoSchema = z.object({
  sandbox: z.boolean(),
  unaudited: z.boolean(),
  creator_nickname: z.string().nullable(),
  creator_username: z.string().nullable(),
  privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  comment_disabled: z.boolean(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  max_video_post_duration_sec: z.number().int().positive().nullable(),
});
export type TikTokCreatorInfo = z.infer<typeof tiktokCreatorInfoSchema>;

/**
 * `SchedulerRequests.checkPost`: a post as it would be published, before it is
 * saved (scheduled, published now, approved): each platform's text and media
 * rules are the scheduler's adapters', checked here so a post that a platform
 * would refuse is refused when it is scheduled, not after upload.
 */
export const postCheckRequestSchema = z.object({
  platforms: z.array(connectionPlatformSchema).min(1),
  media_type: z.enum(MEDIA_TYPES),
  content: z.string(),
  media: z.array(z.object({ content_type: z.string(), facts: mediaFactsSchema.optional() })),
  platform_options: platformPostOptionsSchema.default({}),
});
export type PostCheckRequest = z.input<typeof postCheckRequestSchema>;
/** The platforms whose rules the post breaks, each with its message naming the platform and the limit; none: every platform takes it. */
export const postCheckSchema = z.object({ refusals: z.array(z.object({ platform: connectionPlatformSchema, message: z.string() })) });
