import {
  PostMessages,
  TIKTOK_PRIVACY_LABELS,
  type PlatformPostOptions,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
  type YouTubePrivacyStatus,
} from '@planner/contracts';

/**
 * What the form asks of a TikTok post (TikTok's content-sharing UX
 * guidelines): who can see it, chosen by the user with no default; comments,
 * duets and stitches, off until the user turns them on; the
 * commercial-content disclosure, off, with its two kinds once on.
 */
export interface TikTokChoice {
  privacyLevel: TikTokPrivacyLevel | null;
  allowComment: boolean;
  allowDuet: boolean;
  allowStitch: boolean;
  disclose: boolean;
  brandOrganic: boolean;
  brandContent: boolean;
}

export interface PlatformChoices {
  tiktok: TikTokChoice;
  youtube: YouTubePrivacyStatus;
}

export const YOUTUBE_PRIVACY_LABELS: Record<YouTubePrivacyStatus, string> = { public: 'Public', unlisted: 'Unlisted', private: 'Private' };

/** TikTok's words for what happens once the disclosure is on (its UX guidelines). */
export const TikTokWords = {
  unavailable: "TikTok's choices for this account could not be loaded, so the post cannot go to TikTok now. Please try again later.",
  unaudited: 'This app is not yet audited by TikTok: TikTok will show the post to the creator only (Only me), whatever you choose here.',
  brandedNotPrivate: 'Branded content visibility cannot be set to private.',
  discloseKindRequired: 'You need to indicate if your content promotes yourself, a third party, or both.',
  promotional: "Your photo/video will be labeled as 'Promotional content'.",
  paidPartnership: "Your photo/video will be labeled as 'Paid partnership'.",
  creatorDisabled: (what: string) => `${what} are turned off for this TikTok account.`,
  tooLong: (seconds: number, max: number) => `This video lasts ${seconds} seconds; this TikTok account can post videos of at most ${max} seconds.`,
} as const;

/** A post's stored choices as the form shows them; a post without any shows TikTok's none-chosen and YouTube's Public. */
export function choicesOf(options: PlatformPostOptions | undefined): PlatformChoices {
  const tiktok = options?.tiktok;
  return {
    tiktok: tiktok
      ? {
          privacyLevel: tiktok.privacy_level,
          allowComment: tiktok.allow_comment,
          allowDuet: tiktok.allow_duet,
          allowStitch: tiktok.allow_stitch,
          disclose: tiktok.brand_organic || tiktok.brand_content,
          brandOrganic: tiktok.brand_organic,
          brandContent: tiktok.brand_content,
        }
      : { privacyLevel: null, allowComment: false, allowDuet: false, allowStitch: false, disclose: false, brandOrganic: false, brandContent: false },
    youtube: options?.youtube?.privacy_status ?? 'public',
  };
}

/** The privacy levels the creator may use, each with TikTok's label and, for branded content, why Only me is not offered. */
export function privacyOptions(creator: TikTokCreatorInfo, choice: TikTokChoice) {
  return creator.privacy_level_options.map((level) => ({
    level,
    label: TIKTOK_PRIVACY_LABELS[level],
    disabled: level === 'SELF_ONLY' && choice.disclose && choice.brandContent,
  }));
}

/**
 * Why the TikTok part cannot be sent yet, in the order the user meets it:
 * the account's choices not loaded, no privacy level, a disclosure without
 * its kind, branded content only the creator would see (chosen so, or from
 * an app TikTok has not audited), a video too long.
 */
export function tiktokProblem(creator: TikTokCreatorInfo | null, choice: TikTokChoice, videoSeconds: number | null): string | null {
  if (!creator) return TikTokWords.unavailable;
  if (!choice.privacyLevel || !creator.privacy_level_options.includes(choice.privacyLevel)) return PostMessages.tiktokPrivacyRequired;
  if (choice.disclose && !choice.brandOrganic && !choice.brandContent) return TikTokWords.discloseKindRequired;
  if (choice.disclose && choice.brandContent && choice.privacyLevel === 'SELF_ONLY') return TikTokWords.brandedNotPrivate;
  // An edited post's stored choice: its Branded content is off and cannot be turned on.
  if (choice.disclose && choice.brandContent && creator.unaudited) return PostMessages.tiktokBrandedContentUnaudited;
  return videoTooLong(creator, videoSeconds);
}

/** The warning for a video longer than the creator may post (creator_info's max_video_post_duration_sec); null when it is not, or not known. */
export function videoTooLong(creator: TikTokCreatorInfo | null, videoSeconds: number | null): string | null {
  const max = creator?.max_video_post_duration_sec ?? null;
  return max !== null && videoSeconds !== null && videoSeconds > max ? TikTokWords.tooLong(Math.ceil(videoSeconds), max) : null;
}

/** The choices as the posts service stores them, for the post's platforms only; what the creator turned off is sent off. */
export function platformOptionsOf(choices: PlatformChoices, platforms: readonly string[], creator: TikTokCreatorInfo | null): PlatformPostOptions {
  const options: PlatformPostOptions = {};
  const { tiktok } = choices;
  if (platforms.includes('tiktok') && tiktok.privacyLevel) {
    options.tiktok = {
      privacy_level: tiktok.privacyLevel,
      allow_comment: tiktok.allowComment && !creator?.comment_disabled,
      allow_duet: tiktok.allowDuet && !creator?.duet_disabled,
      allow_stitch: tiktok.allowStitch && !creator?.stitch_disabled,
      brand_organic: tiktok.disclose && tiktok.brandOrganic,
      brand_content: tiktok.disclose && tiktok.brandContent,
    };
  }
  if (platforms.includes('youtube')) options.youtube = { privacy_status: choices.youtube };
  return options;
}
