import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstagramStandIn, startMediaHost, startXStandIn, X_STAND_IN_USER, type InstagramStandIn, type XStandIn } from '@planner/platform-stand-ins';
import { freePort, publishEvent, waitFor } from '@planner/service-kit/testing';
import type { PlatformAdapters } from '../src/adapters/platforms/index.js';
import { instagramAdapter } from '../src/adapters/platforms/instagram.js';
import { Publication } from '../src/entities/publication.entity.js';
import { xAdapter } from '../src/adapters/platforms/x.js';
import { config } from './adapters/harness.js';
import { FAST } from './adapters/meta-support.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * Issue 30 §2: a PNG uploaded for X and Instagram. Instagram takes only JPEG
 * (its stand-in refuses a PNG link as Meta does): it is given the posts
 * service's JPEG rendition of the stored PNG, and X the PNG itself. The real
 * posts service serves both, behind the gateway's /api/media path.
 */

/** A 4×4 red PNG, every other pixel half transparent. */
const pngImage = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAGUlEQVR4nGM4oaHxH4gbYDQDMgdEMxBUAQDrLR159KHIIwAAAABJRU5ErkJggg==', 'base64');
const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'png-instagram-'));
let postsPort: number;
let instagram: InstagramStandIn;
let x: XStandIn;
let gateway: Awaited<ReturnType<typeof startMediaHost>>;
/** What the platforms fetched through the gateway, and got. */
const fetched: Array<{ path: string; status: number; contentType: string | null; bytes: Buffer }> = [];

beforeAll(async () => {
  postsPort = await freePort();
  [instagram, x, gateway] = await Promise.all([startInstagramStandIn(), startXStandIn(), startMediaHost({})]);
  // The gateway's /api/media/... is the posts service's /media/...: the links posts signs point at APP_URL/api/media.
  gateway.route('GET', '/api/media/:organizationId/:file', async (req, res) => {
    const answer = await fetch(`http://127.0.0.1:${postsPort}/media/${req.params.organizationId}/${req.params.file}?${req.query.toString()}`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const contentType = answer.headers.get('content-type');
    fetched.push({ path: req.path, status: answer.status, contentType, bytes });
    res.writeHead(answer.status, { 'content-type': contentType ?? 'application/octet-stream', 'content-length': String(bytes.length) }).end(bytes);
  });
});
afterAll(async () => {
  await Promise.all([instagram?.close(), x?.close(), gateway?.close()]);
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const h = usePublishing(() => ({
  platforms: {
    ...acceptingPlatforms(),
    instagram: instagramAdapter(config({ INSTAGRAM_GRAPH_URL: instagram.url }), { ...FAST, requestTimeoutMs: 5_000 }),
    x: xAdapter(config({ X_API_URL: x.url }), { requestTimeoutMs: 5_000, uploadTimeoutMs: 5_000 }),
  } as PlatformAdapters,
  postsEnv: { PORT: String(postsPort), APP_URL: gateway.url, MEDIA_DIR: mediaDir },
}));

/** A PNG stored by the posts service as an upload is: its bytes under MEDIA_DIR, its row in media. */
async function storedPng(organizationId: string): Promise<{ key: string; bytes: Buffer }> {
  const bytes = pngImage();
  const key = `${organizationId}/${randomUUID()}.png`;
  fs.mkdirSync(path.join(mediaDir, organizationId), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, key), bytes);
  await h.ctx.dataSource.query(`INSERT INTO ${h.table('posts', 'media')} (key, organization_id, mime, size, source) VALUES ($1, $2, 'image/png', $3, 'upload')`, [
    key,
    organizationId,
    bytes.length,
  ]);
  return { key, bytes };
}

describe('a PNG for X and Instagram', () => {
  it('is published on both: Instagram gets JPEG bytes, X the PNG as uploaded', async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    await h.addConnection(organizationId, 'x', { username: X_STAND_IN_USER.username, name: X_STAND_IN_USER.name, user_id: X_STAND_IN_USER.id }, { access: X_STAND_IN_USER.token });
    await h.addConnection(organizationId, 'instagram', { username: 'planner_sandbox' }, { access: instagram.token });
    const png = await storedPng(organizationId);
    const postId = await h.addPost(organizationId, { content: 'A red square', platforms: ['X', 'Instagram'] });
    await h.ctx.dataSource.query(`UPDATE ${h.table('posts', 'posts')} SET media_type = 'image', media_paths = $2 WHERE id = $1`, [postId, [png.key]]);
    await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['x', 'instagram'], dueAt: null });

    const settled = await waitFor(
      () => h.ctx.dataSource.getRepository(Publication).find({ where: { postId }, order: { platform: 'ASC' } }),
      (rows) => rows.length === 2 && rows.every((row) => ['failed', 'in_doubt', 'published'].includes(row.state)),
      90_000,
    );
    expect(settled.map(({ platform, state, reason }) => ({ platform, state, reason }))).toEqual([
      { platform: 'instagram', state: 'published', reason: null },
      { platform: 'x', state: 'published', reason: null },
    ]);

    // Instagram fetched the rendition (<key>.jpg) and got a JPEG; never the PNG.
    const forInstagram = fetched.filter((fetch) => fetch.path === `/api/media/${png.key}.jpg`);
    expect(forInstagram).toHaveLength(1);
    expect(forInstagram[0]).toMatchObject({ status: 200, contentType: 'image/jpeg' });
    expect(isJpeg(forInstagram[0]!.bytes)).toBe(true);
    const [container] = [...instagram.store.containers.values()].filter((one) => one.status === 'PUBLISHED');
    expect(container!.mediaUrl).toContain(`${png.key}.jpg?`);

    // X uploaded the stored PNG's own bytes.
    const uploaded = [...x.media.values()];
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]!.mediaType).toBe('image/png');
    expect(isPng(uploaded[0]!.bytes!)).toBe(true);
    expect(uploaded[0]!.bytes!.equals(png.bytes)).toBe(true);
  });

  it("serves a PNG's rendition to a link signed for it only", async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    const png = await storedPng(organizationId);
    const forged = await fetch(`${gateway.url}/api/media/${png.key}.jpg?expires=${Math.floor(Date.now() / 1000) + 60}&signature=${'0'.repeat(64)}`);
    expect(forged.status).toBe(403);
  });
});
