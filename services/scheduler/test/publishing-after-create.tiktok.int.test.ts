import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaHost, startTikTokStandIn, type TikTokStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent } from '@planner/service-kit/testing';
import { Publication } from '../src/entities/publication.entity.js';
import { usePublishing } from './publishing-harness.js';

/**
 * Issue 29 §1 for TikTok, with its real adapter against the stand-in: once
 * video/init made a publish and its bytes are up, a status read that fails
 * (TikTok's 500 internal_error, a refused token) never settles the
 * publication as failed: it is checked again and ends published, or in
 * doubt, and TikTok gets one init only.
 */
const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(300_000)]);
let tiktok: TikTokStandIn;
let host: Awaited<ReturnType<typeof startMediaHost>>;
beforeAll(async () => {
  tiktok = await startTikTokStandIn();
  host = await startMediaHost({});
  // The posts service's signed media links (APP_URL/api/media/<organization>/<file>), served here.
  host.route('GET', '/api/media/:organizationId/:file', (_req, res) => void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.length) }).end(video));
});
afterAll(async () => {
  await tiktok?.close();
  await host?.close();
});

/** The connected creator as organizations keeps it. */
const TIKTOK_CREATOR = { username: 'planner.bakery', open_id: 'open-id-1' };

const h = usePublishing(() => ({
  env: { TIKTOK_API_URL: tiktok.url, PUBLISH_MAX_ATTEMPTS: '2' },
  postsEnv: { APP_URL: host.url },
}));

const STATUS = '/v2/post/publish/status/fetch/';
const inits = () => tiktok.requests.filter((r) => r.path === '/v2/post/publish/video/init/').length;

async function publishVideo(text: string): Promise<Publication> {
  const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
  await h.addConnection(organizationId, 'tiktok', TIKTOK_CREATOR, { access: tiktok.accessToken });
  const postId = await h.addPost(organizationId, { content: text, platforms: ['TikTok'] });
  await h.ctx.dataSource.query(`UPDATE ${h.table('posts', 'posts')} SET media_type = 'video', media_paths = $2, platform_options = $3 WHERE id = $1`, [
    postId,
    [`${organizationId}/clip.mp4`],
    { tiktok: { privacy_level: 'SELF_ONLY', allow_comment: true, allow_duet: false, allow_stitch: false, brand_organic: false, brand_content: false } },
  ]);
  await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['tiktok'], dueAt: null });
  return await h.settledPublication(postId, 50_000);
}
const outcomes = (publication: Publication) => h.attemptOutcomes(publication.id);

describe('TikTok: a status read that fails after init and upload', () => {
  it('is checked again and ends published, with one init', async () => {
    tiktok.requests.length = 0;
    tiktok.failNext('server_error', { path: STATUS });
    const publication = await publishVideo('Status read failed once');
    expect(publication).toMatchObject({ state: 'published', platformPostId: [...tiktok.publishes.values()].at(-1)!.postId });
    expect(await outcomes(publication)).toEqual(['retry', 'published']);
    expect(inits()).toBe(1);
  }, 60_000);

  it('ends in doubt, never failed, when every check fails (a 500, then a refused token), with one init', async () => {
    tiktok.requests.length = 0;
    tiktok.failNext('server_error', { path: STATUS });
    tiktok.failNext('expired_token', { path: STATUS, times: 5 });
    const publication = await publishVideo('Status reads keep failing');
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('TikTok') });
    expect(await outcomes(publication)).toEqual(['retry', 'in_doubt']);
    expect(inits()).toBe(1);
    expect([...tiktok.publishes.values()].at(-1)!.upload!.uploadedBytes).toBe(video.length);
  }, 60_000);
});

describe('TikTok: a publish TikTok itself ended FAILED', () => {
  it('made nothing, so it fails with TikTok’s reason at once: no Retry offered for a post that may be live, no second init', async () => {
    tiktok.requests.length = 0;
    tiktok.clearFailures();
    tiktok.failNextPublish('file_format_check_failed');
    const publication = await publishVideo('Refused by TikTok after upload');
    expect(publication).toMatchObject({ state: 'failed', reason: "TikTok does not accept the media's file format." });
    expect(await outcomes(publication)).toEqual(['failed']);
    expect(inits()).toBe(1);
  }, 60_000);
});
