import { CONNECTION_CREDENTIALS_SUBJECT, TIKTOK_PRIVACY_LEVELS, type Identity, type TikTokCreatorInfo, type TikTokPrivacyLevel } from '@planner/contracts';
import { ask, conflict, HttpError, rateLimited, type ServiceContext } from '@planner/service-kit';
import { requiredToken } from '../adapters/platforms/credentials.js';
import { PlatformError } from '../adapters/platforms/platform-error.js';
import { queryCreatorInfo, type CreatorInfo } from '../adapters/platforms/tiktok.js';
import type { SchedulerConfig } from '../config.js';
import { organizationToRead } from './schedule-access.js';

/** How long the designer waits on TikTok before it is told TikTok did not answer. */
const CREATOR_INFO_TIMEOUT_MS = 10_000;

/** What a Sandbox connection answers: a creator who may use every level and has turned nothing off. */
const SANDBOX_CREATOR: Omit<TikTokCreatorInfo, 'unaudited'> = {
  sandbox: true,
  creator_nickname: 'Sandbox Creator',
  creator_username: 'sandbox.creator',
  privacy_level_options: [...TIKTOK_PRIVACY_LEVELS],
  comment_disabled: false,
  duet_disabled: false,
  stitch_disabled: false,
  max_video_post_duration_sec: 600,
};

const isPrivacyLevel = (level: string): level is TikTokPrivacyLevel => (TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(level);

/** TikTok's answer as the designer reads it: levels this product does not know are left out. */
function creatorInfoOf(creator: CreatorInfo, unaudited: boolean): TikTokCreatorInfo {
  const max = creator.max_video_post_duration_sec;
  return {
    sandbox: false,
    unaudited,
    creator_nickname: creator.creator_nickname ?? null,
    creator_username: creator.creator_username ?? null,
    privacy_level_options: (creator.privacy_level_options ?? []).filter(isPrivacyLevel),
    comment_disabled: creator.comment_disabled === true,
    duet_disabled: creator.duet_disabled === true,
    stitch_disabled: creator.stitch_disabled === true,
    max_video_post_duration_sec: typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : null,
  };
}

/** A refusal of TikTok's as this API answers it: connect again (409), wait (429), or TikTok failed (502). */
function httpErrorOf(error: PlatformError): HttpError {
  if (error.kind === 'auth') return conflict(error.message);
  if (error.kind === 'rate_limited') return rateLimited(Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
  return new HttpError(502, error.message);
}

/**
 * What TikTok allows the organization's TikTok account next (its
 * creator_info/query), for the designer: the caller must read the
 * organization; the credentials come from organizations as the worker's do;
 * no TikTok connection answers organizations' 404.
 */
export async function tiktokCreatorInfo(ctx: ServiceContext<SchedulerConfig>, caller: Identity, organizationId: string): Promise<TikTokCreatorInfo> {
  await organizationToRead(ctx, caller, organizationId);
  const credentials = await ask(ctx, CONNECTION_CREDENTIALS_SUBJECT, { organization_id: organizationId, platform: 'tiktok' });
  const unaudited = !ctx.config.TIKTOK_APP_AUDITED;
  if (credentials.sandbox) return { ...SANDBOX_CREATOR, unaudited };
  try {
    const token = requiredToken('tiktok', credentials.access_token);
    return creatorInfoOf(await queryCreatorInfo(ctx.config, token, AbortSignal.timeout(CREATOR_INFO_TIMEOUT_MS), CREATOR_INFO_TIMEOUT_MS), unaudited);
  } catch (error) {
    throw error instanceof PlatformError ? httpErrorOf(error) : error;
  }
}
