import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaHost, startYouTubeStandIn, YOUTUBE_STAND_IN_CHANNEL, YOUTUBE_STAND_IN_TOKEN, type YouTubeStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent } from '@planner/service-kit/testing';
import type { PlatformAdapter, PlatformAdapters, PublishContext, RecoveryContext } from '../src/adapters/platforms/index.js';
import { youtubeAdapter } from '../src/adapters/platforms/youtube.js';
import { configSchema } from '../src/config.js';
import { Publication } from '../src/entities/publication.entity.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * Issue 29 §1 for YouTube: once the upload's last byte may have been sent, a
 * read that fails afterwards (videos.list of how it went out, the session's
 * upload-status query) never settles the publication as failed: the video
 * exists, and a Retry would upload it twice. The worker with the real YouTube
 * adapter against the stand-in, failing its reads.
 */
const CLIP = { contentType: 'video/mp4', bytes: Buffer.alloc(300_000, 7) };
let youtube: YouTubeStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
beforeAll(async () => {
  [youtube, media] = await Promise.all([startYouTubeStandIn({ slowMs: 3000 }), startMediaHost({ 'clip.mp4': CLIP })]);
});
afterAll(async () => {
  await Promise.all([youtube?.close(), media?.close()]);
});

/**
 * The real adapter (a second to send the bytes, so an answer held back by the
 * stand-in is lost), given what this harness does not run: the media link the
 * posts service signs for the gateway, and the token organizations keeps sealed.
 */
function throughStandIns(adapter: PlatformAdapter): PlatformAdapter {
  const reachable = <T extends PublishContext | RecoveryContext>(context: T): T => ({
    ...context,
    post: { ...context.post, media: context.post.media.map((item) => ({ ...item, url: media.urlOf('clip.mp4') })) },
    credentials: { ...context.credentials, access_token: YOUTUBE_STAND_IN_TOKEN },
  });
  return { ...adapter, publish: (context) => adapter.publish(reachable(context)), recover: (context) => adapter.recover(reachable(context)) };
}

const h = usePublishing(() => ({
  platforms: { ...acceptingPlatforms(), youtube: throughStandIns(youtubeAdapter(configSchema.parse({ YOUTUBE_API_URL: youtube.url }), { uploadTimeoutMs: 1000 })) } as PlatformAdapters,
  env: { PUBLISH_MAX_ATTEMPTS: '2' },
}));

/** A video post to a YouTube connection, published now; the publication once it settles. */
async function publishVideo(title: string): Promise<Publication> {
  const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
  await h.addConnection(organizationId, 'youtube', { channel_id: YOUTUBE_STAND_IN_CHANNEL, channel_title: 'Stand-in Brand' });
  const postId = await h.addPost(organizationId, { content: title, platforms: ['YouTube'] });
  await h.ctx.dataSource.query(`UPDATE ${h.table('posts', 'posts')} SET media_type = 'video', media_paths = $2 WHERE id = $1`, [postId, [`${organizationId}/clip.mp4`]]);
  await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['youtube'], dueAt: null });
  return await h.settledPublication(postId, 50_000);
}

const outcomesOf = (publication: Publication) => h.attemptOutcomes(publication.id);
const videosTitled = (title: string) => youtube.videos.filter((video) => video.snippet.title === title);

describe('YouTube: a read failing after the upload', () => {
  it('videos.list failing once (503) after the last byte: checked again, found published; one video', async () => {
    youtube.failNext('server_error', { path: '/youtube/v3/videos' });
    const publication = await publishVideo('Read failed once');
    const [video] = videosTitled('Read failed once');
    expect(publication).toMatchObject({ state: 'published', platformPostId: video!.id, link: `https://www.youtube.com/watch?v=${video!.id}` });
    expect(await outcomesOf(publication)).toEqual(['retry', 'published']);
    expect(videosTitled('Read failed once')).toHaveLength(1);
  }, 60_000);

  it('videos.list refused (403) on every check: in doubt once the tries are spent, never failed; one video', async () => {
    youtube.failNext('refused', { path: '/youtube/v3/videos', times: 2 });
    const publication = await publishVideo('Read always refused');
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('YouTube') });
    expect(await outcomesOf(publication)).toEqual(['retry', 'in_doubt']);
    expect(videosTitled('Read always refused')).toHaveLength(1);
  }, 60_000);

  it("the upload's answer lost, then its upload-status query refused (403): in doubt, never failed nor uploaded again; one video", async () => {
    youtube.failNextUpload('slow');
    youtube.failNextProbe('refused');
    const publication = await publishVideo('Probe refused');
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('YouTube') });
    expect(await outcomesOf(publication)).toEqual(['retry', 'in_doubt']);
    expect(videosTitled('Probe refused')).toHaveLength(1);
  }, 60_000);
});
