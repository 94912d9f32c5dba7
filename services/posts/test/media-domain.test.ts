import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { byteRange } from '../src/domain/byte-range.js';
import { MediaMeter, MediaTooLargeError } from '../src/domain/media-meter.js';
import { sniffMediaType } from '../src/domain/media-types.js';
import { Mp4FactsReader } from '../src/domain/mp4-facts.js';
import { isValidSignature, mediaSignature, signedMediaUrl } from '../src/domain/signed-url.js';
import { box, ftyp, gif, jpeg, moov, mp4, mvhd, png, trak, webm, webp } from './media-fixtures.js';

const MB = 1024 * 1024;

function factsOf(bytes: Buffer, chunk = bytes.length) {
  const reader = new Mp4FactsReader();
  for (let at = 0; at < bytes.length; at += chunk) reader.push(bytes.subarray(at, at + chunk));
  return reader.facts;
}
const durationOf = (bytes: Buffer, chunk?: number) => factsOf(bytes, chunk).durationSeconds;

describe('sniffing the type from the bytes', () => {
  it.each([
    ['jpeg', jpeg(), 'image/jpeg', 'jpg'],
    ['png', png(), 'image/png', 'png'],
    ['gif', gif(), 'image/gif', 'gif'],
    ['webp', webp(), 'image/webp', 'webp'],
    ['mp4', mp4(5), 'video/mp4', 'mp4'],
    ['quicktime', mp4(5, { brand: 'qt  ' }), 'video/quicktime', 'mov'],
    ['webm', webm(), 'video/webm', 'webm'],
  ])('%s', (_name, bytes, mime, ext) => {
    expect(sniffMediaType(bytes)).toMatchObject({ mime, ext });
  });

  it('refuses what is none of them: text, a PDF, a HEIC still in an ftyp box, a Matroska that is not WebM, too few bytes', () => {
    expect(sniffMediaType(Buffer.from('hello, this is a text file named photo.png'))).toBeNull();
    expect(sniffMediaType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffMediaType(ftyp('heic'))).toBeNull();
    expect(sniffMediaType(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('matroska')]))).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('a video’s duration from its container', () => {
  it('moov after mdat, and before it', () => {
    expect(durationOf(mp4(12.5))).toBe(12.5);
    expect(durationOf(mp4(42, { moovFirst: true }))).toBe(42);
  });

  it('the same whatever the chunks: one byte at a time, or split across headers', () => {
    const bytes = mp4(7.25, { mdatBytes: 5000 });
    for (const chunk of [1, 3, 7, 8, 13, 4096]) expect(durationOf(bytes, chunk)).toBe(7.25);
  });

  it('reads version 1 headers and 64-bit box sizes (mdat with size 1 and a largesize)', () => {
    const body = Buffer.alloc(300, 1);
    const largeMdat = Buffer.alloc(16);
    largeMdat.writeUInt32BE(1, 0);
    largeMdat.write('mdat', 4, 'latin1');
    largeMdat.writeBigUInt64BE(BigInt(16 + body.length), 8);
    const bytes = Buffer.concat([ftyp(), largeMdat, body, box('moov', mvhd(90_000, 90_000 * 61, 1))]);
    expect(durationOf(bytes, 5)).toBe(61);
  });

  it('an mvhd outside moov is not the movie’s; none, a zero timescale or an unknown duration give null', () => {
    expect(durationOf(Buffer.concat([ftyp(), mvhd(1000, 9000), box('mdat', Buffer.alloc(10))]))).toBeNull();
    expect(durationOf(Buffer.concat([ftyp(), box('mdat', Buffer.alloc(10))]))).toBeNull();
    expect(durationOf(Buffer.concat([ftyp(), box('moov', mvhd(0, 9000))]))).toBeNull();
    expect(durationOf(Buffer.concat([ftyp(), box('moov', mvhd(1000, 0xffffffff))]))).toBeNull();
  });

  it('stops at a box whose size cannot be (smaller than its header)', () => {
    const broken = Buffer.from([0, 0, 0, 4, 0x6d, 0x6f, 0x6f, 0x76]);
    expect(durationOf(Buffer.concat([ftyp(), broken, moov(10)]))).toBeNull();
  });
});

describe('a video’s picture and frame rate from its container', () => {
  const landscape = { width: 1920, height: 1080 };

  it('the size of the first video track and its frames a second, whatever the chunks', () => {
    const bytes = mp4(10, { tracks: [{ ...landscape, timescale: 30_000, frames: [[300, 1001]] }], mdatBytes: 3000 });
    for (const chunk of [1, 5, 8, 64, bytes.length]) expect(factsOf(bytes, chunk)).toEqual({ durationSeconds: 10, width: 1920, height: 1080, frameRate: 29.97 });
  });

  it('a phone’s upright video, stored landscape with a quarter turn, is shown portrait', () => {
    expect(factsOf(mp4(5, { tracks: [{ ...landscape, quarterTurn: true }] }))).toMatchObject({ width: 1080, height: 1920 });
  });

  it('version 1 headers, moov first, a sound track before the video, frames of varying length', () => {
    const bytes = mp4(4, {
      moovFirst: true,
      tracks: [
        { width: 0, height: 0, handler: 'soun', timescale: 48_000, frames: [[100, 1024]] },
        { width: 720, height: 720, version: 1, timescale: 90_000, frames: [[50, 3000], [50, 1500]] },
      ],
    });
    // 100 frames in (50 × 3000 + 50 × 1500) / 90,000 s = 2.5 s: 40 a second.
    expect(factsOf(bytes)).toEqual({ durationSeconds: 4, width: 720, height: 720, frameRate: 40 });
  });

  it('no video track, or one inside a box that is not the movie’s: no picture facts, the duration still read', () => {
    expect(factsOf(mp4(3))).toEqual({ durationSeconds: 3, width: null, height: null, frameRate: null });
    const stray = Buffer.concat([ftyp(), box('free', trak(landscape)), moov(3)]);
    expect(factsOf(stray)).toEqual({ durationSeconds: 3, width: null, height: null, frameRate: null });
  });
});

describe('the meter a file streams through', () => {
  const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

  it('counts the bytes and reads the duration', async () => {
    const bytes = mp4(30, { mdatBytes: 200_000 });
    const meter = new MediaMeter(sniffMediaType(bytes)!, bytes.length);
    await pipeline(Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), meter, sink());
    expect(meter.size).toBe(bytes.length);
    expect(meter.videoFacts.durationSeconds).toBe(30);
  });

  it('fails as soon as the file passes its limit, without reading the rest', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(produced === 64 * 1024 ? Buffer.concat([png(64), Buffer.alloc(64 * 1024 - 64)]) : Buffer.alloc(64 * 1024));
      },
    });
    const meter = new MediaMeter(sniffMediaType(png())!, 1 * MB);
    await expect(pipeline(endless, meter, sink())).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(produced).toBeLessThan(2 * MB);
  });
});

describe('signed media URLs', () => {
  const key = '0b8e2a8e-1c1d-4f7e-9a0b-0c2d3e4f5a6b/6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d.png';
  const now = Date.UTC(2026, 10, 24, 12);
  const expires = now / 1000 + 60;

  it('valid until it expires, not after; another key, expiry or secret does not match', () => {
    const signature = mediaSignature(key, expires, 'secret');
    expect(isValidSignature(key, expires, signature, 'secret', now)).toBe(true);
    expect(isValidSignature(key, expires, signature, 'secret', expires * 1000)).toBe(false);
    expect(isValidSignature(key, expires + 1, signature, 'secret', now)).toBe(false);
    expect(isValidSignature(key.replace('.png', '.jpg'), expires, signature, 'secret', now)).toBe(false);
    expect(isValidSignature(key, expires, signature, 'other', now)).toBe(false);
    expect(isValidSignature(key, expires, 'zz', 'secret', now)).toBe(false);
  });

  it('lives under APP_URL’s /api/media', () => {
    expect(signedMediaUrl('https://planner.example/', key, expires, 's')).toBe(
      `https://planner.example/api/media/${key}?expires=${expires}&signature=${mediaSignature(key, expires, 's')}`,
    );
  });
});

describe('Range headers', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=50-10', 'unsatisfiable'],
    ['bytes=0-1,5-9', null],
    ['items=0-1', null],
  ] as const)('%s', (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });
});
