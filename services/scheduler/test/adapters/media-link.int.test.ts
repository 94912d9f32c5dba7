import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaHost, startStandInServer, type StandInServer } from '@planner/platform-stand-ins';
import { openMediaLink, piecesOf, withoutFirstBytes } from '../../src/adapters/platforms/media-link.js';
import { platformFailure, signal } from './harness.js';

const clip = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));

let media: Awaited<ReturnType<typeof startMediaHost>>;
/** Links that answer as a broken or expired one does. */
let links: StandInServer;

beforeAll(async () => {
  [media, links] = await Promise.all([startMediaHost({ 'clip.mp4': { contentType: 'video/mp4', bytes: clip } }), startStandInServer()]);
  for (const [path, status] of [['/gone', 404], ['/expired', 403], ['/down', 503]] as const) links.route('GET', path, (_req, res) => void res.writeHead(status).end());
  links.route('GET', '/unsized', (_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4' });
    res.end(clip);
  });
  links.route('GET', '/slow', (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-length': '1' }).end('x'), 500));
  // The connection drops after 40,000 of the 100,000 bytes it announced.
  links.route('GET', '/cut', (_req, res) => {
    res.writeHead(200, { 'content-length': String(clip.length) });
    res.write(clip.subarray(0, 40_000), () => setTimeout(() => res.destroy(), 50));
  });
});
afterAll(() => Promise.all([media?.close(), links?.close()]));

const linked = (url: string) => ({ url, contentType: 'video/mp4' });
const open = (url: string, timeoutMs = 1000) => openMediaLink('TikTok', linked(url), signal(), timeoutMs);
const streamOf = (...sizes: number[]) => ReadableStream.from(sizes.map((size, i) => new Uint8Array(size).fill(i + 1)));
const collect = async (pieces: AsyncIterable<Buffer>) => {
  const collected: Buffer[] = [];
  for await (const piece of pieces) collected.push(piece);
  return collected;
};

describe('a media link opened for streaming', () => {
  it('gives its size, the sniffed type and its bytes', async () => {
    const opened = await open(media.urlOf('clip.mp4'));
    expect(opened).toMatchObject({ size: clip.length, contentType: 'video/mp4' });
    expect(Buffer.concat(await collect(piecesOf('TikTok', opened.body, 30_000))).equals(clip)).toBe(true);
  });

  it('is permanent when the file is gone or has no size, transient when the link expired (403), the server failed or did not answer in time', async () => {
    expect(await platformFailure(open(`${links.url}/gone`))).toMatchObject({
      kind: 'permanent',
      message: "The post's media could not be read for TikTok: its link answered HTTP 404.",
    });
    expect(await platformFailure(open(`${links.url}/unsized`))).toMatchObject({
      kind: 'permanent',
      message: "The post's media could not be read for TikTok: its link gave no size.",
    });
    expect(await platformFailure(open(`${links.url}/expired`))).toMatchObject({ kind: 'transient', options: { status: 403 } });
    expect(await platformFailure(open(`${links.url}/down`))).toMatchObject({ kind: 'transient', options: { status: 503 } });
    expect(await platformFailure(open(`${links.url}/slow`, 200))).toMatchObject({ kind: 'transient', message: 'TikTok could not be reached. It will be tried again.' });
  });

  it('fails its reader transiently when the download is cut short', async () => {
    const opened = await open(`${links.url}/cut`);
    expect(opened.size).toBe(clip.length);
    expect(await platformFailure(collect(piecesOf('TikTok', opened.body, [60_000, 40_000])))).toMatchObject({ kind: 'transient' });
  });

  it('lets an unread link go', async () => {
    const opened = await open(media.urlOf('clip.mp4'));
    await opened.discard();
    await expect(opened.body.getReader().read()).resolves.toEqual({ done: true, value: undefined });
  });
});

describe('pieces of a stream', () => {
  it('of one size, whatever the chunks, the last one shorter', async () => {
    const pieces = await collect(piecesOf('X', streamOf(3, 5, 4), 5));
    expect(pieces.map((piece) => [...piece])).toEqual([
      [1, 1, 1, 2, 2],
      [2, 2, 2, 3, 3],
      [3, 3],
    ]);
  });

  it('of the sizes given, in turn', async () => {
    const pieces = await collect(piecesOf('LinkedIn', streamOf(3, 5, 4), [4, 8]));
    expect(pieces.map((piece) => piece.length)).toEqual([4, 8]);
  });

  it('a stream that ends before the sizes given is cut: transient', async () => {
    const error = await platformFailure(collect(piecesOf('LinkedIn', streamOf(3, 5, 4), [10, 10])));
    expect(error).toMatchObject({ kind: 'transient', message: 'A media file of the post ended early while it was sent to LinkedIn. It will be tried again.' });
  });

  it('without its first bytes, what a resumed upload session already holds', async () => {
    const rest = await collect(piecesOf('YouTube', withoutFirstBytes(streamOf(3, 5, 4), 6), 100));
    expect([...rest[0]!]).toEqual([2, 2, 3, 3, 3, 3]);
  });
});
