import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaHost, startInstagramStandIn, type InstagramStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent, waitFor } from '@planner/service-kit/testing';
import type { PlatformAdapters } from '../src/adapters/platforms/index.js';
import { instagramAdapter } from '../src/adapters/platforms/instagram.js';
import { Publication } from '../src/entities/publication.entity.js';
import { bodyOf, config } from './adapters/harness.js';
import { FAST, GRAPH } from './adapters/meta-support.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * Issue 29 §1 for Instagram, through the worker with the real adapter
 * against the stand-in: media_publish publishes, but its answer comes after
 * the adapter stopped waiting for it, so the outcome is unknown; then the
 * check, a read of the container's status_code, fails as Meta's reads do now
 * and then: a 5xx, code 100 / subcode 33 ("Unsupported get request"), a
 * refused token (190). The publication ends published once a read finds the
 * container PUBLISHED, or in doubt, never failed, and media_publish was called
 * once: one media each.
 */

/** The adapter's wait for an answer; the stand-in's slow answer comes three times as late (a loaded CI machine still sees it lost). */
const REQUEST_TIMEOUT_MS = 1_000;
const SLOW_MS = 3 * REQUEST_TIMEOUT_MS;
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(20_000)]);

let instagram: InstagramStandIn;
let host: Awaited<ReturnType<typeof startMediaHost>>;
beforeAll(async () => {
  instagram = await startInstagramStandIn({ slowMs: SLOW_MS });
  host = await startMediaHost({});
  // The posts service's signed media links (APP_URL/api/media/<organization>/<file>), which Meta fetches itself.
  host.route('GET', '/api/media/:organizationId/:file', (_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length) }).end(jpeg));
});
afterAll(async () => {
  await instagram?.close();
  await host?.close();
});

const h = usePublishing(() => ({
  platforms: {
    ...acceptingPlatforms(),
    instagram: instagramAdapter(config({ INSTAGRAM_GRAPH_URL: instagram.url }), { ...FAST, requestTimeoutMs: REQUEST_TIMEOUT_MS }),
  } as PlatformAdapters,
  // Three attempts: the lost answer, then two checks (15 s and about a minute later).
  env: { PUBLISH_MAX_ATTEMPTS: '3' },
  postsEnv: { APP_URL: host.url },
}));

async function imagePost(organizationId: string, content: string): Promise<string> {
  const postId = await h.addPost(organizationId, { content, platforms: ['Instagram'] });
  await h.ctx.dataSource.query(`UPDATE ${h.table('posts', 'posts')} SET media_type = 'image', media_paths = $2 WHERE id = $1`, [postId, [`${organizationId}/photo.jpg`]]);
  await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['instagram'], dueAt: null });
  return postId;
}

const settled = (postId: string) => h.settledPublication(postId, 150_000);
const outcomes = (publication: Publication) => h.attemptOutcomes(publication.id);

describe('Instagram: the container status read failing after media_publish', () => {
  it('a 5xx is checked again and found published; 100/33 and a refused token on every check end in doubt; never failed, one media each', async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    await h.addConnection(organizationId, 'instagram', { username: 'planner_sandbox', user_id: instagram.userId }, { access: instagram.token });
    const tag = randomBytes(4).toString('hex');
    const texts = { serverError: `Instagram, then a 5xx ${tag}`, unsupportedGet: `Instagram, then 100/33 ${tag}`, refusedToken: `Instagram, then 190 ${tag}` };
    // Each media_publish publishes, then answers after the adapter gave up on it.
    instagram.failNext('slow', { path: '/:version/:userId/media_publish', times: 3 });

    const postIds = {
      serverError: await imagePost(organizationId, texts.serverError),
      unsupportedGet: await imagePost(organizationId, texts.unsupportedGet),
      refusedToken: await imagePost(organizationId, texts.refusedToken),
    };

    // Once each post is out (its answer lost), its container's status reads fail: once with a 5xx, on every check with 100/33 or 190.
    const published = await waitFor(
      async () => instagram.store.published.filter((media) => media.text.endsWith(tag)),
      (media) => media.length === 3,
      30_000,
    );
    const containerOf = (text: string) => published.find((media) => media.text === text)!.containerId;
    const armedAt = instagram.requests.length;
    instagram.store.faults.failReads(1, 'server_error', containerOf(texts.serverError));
    instagram.store.faults.failReads(10, 'unsupported_get', containerOf(texts.unsupportedGet));
    instagram.failNext('expired_token', { path: `${GRAPH}/${containerOf(texts.refusedToken)}`, times: 10 });

    const [serverError, unsupportedGet, refusedToken] = await Promise.all([settled(postIds.serverError), settled(postIds.unsupportedGet), settled(postIds.refusedToken)]);
    const media = (text: string) => instagram.store.published.filter((item) => item.text === text);
    expect(serverError).toMatchObject({ state: 'published', platformPostId: media(texts.serverError)[0]!.id, link: media(texts.serverError)[0]!.permalink });
    expect(await outcomes(serverError)).toEqual(['retry', 'retry', 'published']);
    for (const doubtful of [unsupportedGet, refusedToken]) {
      expect(doubtful).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('Instagram') });
      expect(await outcomes(doubtful)).toEqual(['retry', 'retry', 'in_doubt']);
    }
    // Each check read its container once: two checks each, the 5xx one's second finding it PUBLISHED.
    const statusReads = (text: string) => instagram.requests.slice(armedAt).filter((request) => request.method === 'GET' && request.path === `${GRAPH}/${containerOf(text)}`);
    for (const text of Object.values(texts)) expect(statusReads(text)).toHaveLength(2);
    for (const text of Object.values(texts)) expect(media(text)).toHaveLength(1);
    // media_publish was called once per post: the checks only read.
    const publishCalls = instagram.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/media_publish'));
    expect(publishCalls.map((request) => bodyOf(request).creation_id).sort()).toEqual(published.map((item) => item.containerId).sort());
  }, 200_000);
});
