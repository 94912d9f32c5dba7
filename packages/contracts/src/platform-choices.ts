// The choices a post offers per platform, as values: no schemas, so a browser bundle that needs
// only these gains no zod (frontend/e2e size.test.ts). Their schemas are in platform-options.ts.

/** TikTok's privacy levels; which ones an account may use is read from its `creator_info` before posting. */
export const TIKTOK_PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];
/** The privacy levels as TikTok's own app names them to the user. */
export const TIKTOK_PRIVACY_LABELS: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

/** YouTube's privacy statuses of an upload: the user's choice, never assumed public. */
export const YOUTUBE_PRIVACY_STATUSES = ['public', 'unlisted', 'private'] as const;
export type YouTubePrivacyStatus = (typeof YOUTUBE_PRIVACY_STATUSES)[number];
