import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTikTokStandIn, type TikTokStandIn } from '@planner/platform-stand-ins';
import { TIKTOK_CREATOR_INFO_PATH, tiktokCreatorInfoSchema, type Role } from '@planner/contracts';
import { usePublishing } from './publishing-harness.js';

/**
 * GET /publications/tiktok-creator-info: what the designer offers for a
 * TikTok post comes from TikTok's creator_info/query for the organization's
 * connection, with the real organizations service deciding who may read it
 * and handing out the credentials.
 */
let tiktok: TikTokStandIn;
beforeAll(async () => {
  tiktok = await startTikTokStandIn({ creator: { privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'], duetDisabled: true, maxVideoPostDurationSec: 180 } });
});
afterAll(() => tiktok?.close());

/** The connected creator as organizations keeps it. */
const TIKTOK_CREATOR = { username: 'planner.bakery', open_id: 'open-id-1' };

const h = usePublishing(() => ({ env: { TIKTOK_API_URL: tiktok.url } }));

/** A user as organizations knows them, with an access token of their role. */
async function member(role: Role = 'pro'): Promise<{ id: string; token: string }> {
  const [row] = await h.ctx.dataSource.query<Array<{ user_id: string }>>(
    `INSERT INTO ${h.table('organizations', 'members')} (user_id, role, email_verified) VALUES (gen_random_uuid(), $1, true) RETURNING user_id`,
    [role],
  );
  return { id: row!.user_id, token: await h.ctx.keys.sign({ sub: row!.user_id, role }) };
}

async function creatorInfo(organizationId: string, token: string) {
  const res = await fetch(`${h.url}${TIKTOK_CREATOR_INFO_PATH}?organization_id=${organizationId}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('TikTok creator info for the designer', () => {
  it("answers TikTok's creator_info for the owner's connection, unaudited by default", async () => {
    const owner = await member();
    const organizationId = await h.addOrganization({ sandboxPlatforms: [], ownerId: owner.id });
    await h.addConnection(organizationId, 'tiktok', TIKTOK_CREATOR, { access: tiktok.accessToken });
    tiktok.requests.length = 0;

    const { status, body } = await creatorInfo(organizationId, owner.token);
    expect(status).toBe(200);
    expect(tiktokCreatorInfoSchema.parse(body)).toEqual({
      sandbox: false,
      unaudited: true,
      creator_nickname: 'Planner Bakery',
      creator_username: 'planner.bakery',
      privacy_level_options: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      comment_disabled: false,
      duet_disabled: true,
      stitch_disabled: true,
      max_video_post_duration_sec: 180,
    });
    expect(tiktok.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([`POST /v2/post/publish/creator_info/query/ Bearer ${tiktok.accessToken}`]);
  });

  it('answers a plausible fixed creator for a Sandbox connection, without asking TikTok', async () => {
    const owner = await member();
    const organizationId = await h.addOrganization({ sandboxPlatforms: ['tiktok'], ownerId: owner.id });
    tiktok.requests.length = 0;
    const { status, body } = await creatorInfo(organizationId, owner.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ sandbox: true, unaudited: true, privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] });
    expect(tiktok.requests).toEqual([]);
  });

  it("answers 404 in plain words without a TikTok connection, 404 for another's organization, and 409 when TikTok refuses the token", async () => {
    const owner = await member();
    const bare = await h.addOrganization({ sandboxPlatforms: ['x'], ownerId: owner.id });
    expect(await creatorInfo(bare, owner.token)).toMatchObject({ status: 404, body: { message: 'TikTok is not connected.' } });

    const connected = await h.addOrganization({ sandboxPlatforms: [], ownerId: owner.id });
    await h.addConnection(connected, 'tiktok', TIKTOK_CREATOR, { access: tiktok.accessToken });
    const stranger = await member();
    tiktok.requests.length = 0;
    expect((await creatorInfo(connected, stranger.token)).status).toBe(404);
    expect(tiktok.requests).toEqual([]);

    tiktok.failNext('expired_token', { path: '/v2/post/publish/creator_info/query/' });
    expect(await creatorInfo(connected, owner.token)).toMatchObject({ status: 409, body: { message: 'The TikTok connection has expired. Please connect it again.' } });
  });
});
