import { Readable } from 'node:stream';

/** Hand-built media for tests: ISO base media boxes, and the first bytes of each image format. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A movie header (mvhd) of version 0 or 1 with this timescale and duration. */
export function mvhd(timescale: number, duration: number | bigint, version: 0 | 1 = 0): Buffer {
  const body = Buffer.alloc(version === 1 ? 108 : 96);
  body[0] = version;
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(Number(duration), 16);
  }
  return box('mvhd', body);
}

export const ftyp = (brand = 'isom') => box('ftyp', Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(`${brand}mp41`, 'latin1'));
/** A moov holding a track box before its mvhd, as some muxers write it. */
export const moov = (seconds: number, timescale = 1000) => box('moov', box('trak', Buffer.alloc(40)), mvhd(timescale, Math.round(seconds * timescale)));

/** A full box's body: version, no flags, then `fields`. */
const fullBox = (type: string, version: number, fields: Buffer) => box(type, Buffer.from([version, 0, 0, 0]), fields);

/** What a track says of its pictures: stored size, a quarter turn (a phone held upright), frames and each one's time. */
export interface VideoTrack {
  width: number;
  height: number;
  quarterTurn?: boolean;
  timescale?: number;
  /** Runs of (frames, time of each in the timescale). */
  frames?: Array<[count: number, delta: number]>;
  version?: 0 | 1;
  handler?: string;
}

/** A track box: tkhd (size after the matrix), mdia with mdhd, hdlr and minf/stbl/stts. */
export function trak({ width, height, quarterTurn = false, timescale = 30_000, frames = [[300, 1001]], version = 0, handler = 'vide' }: VideoTrack): Buffer {
  const tkhd = Buffer.alloc(version === 1 ? 92 : 80);
  const matrixAt = version === 1 ? 48 : 36;
  const [a, b, c, d] = quarterTurn ? [0, 0x10000, -0x10000, 0] : [0x10000, 0, 0, 0x10000];
  tkhd.writeInt32BE(a, matrixAt);
  tkhd.writeInt32BE(b, matrixAt + 4);
  tkhd.writeInt32BE(c, matrixAt + 12);
  tkhd.writeInt32BE(d, matrixAt + 16);
  tkhd.writeInt32BE(0x40000000, matrixAt + 32);
  tkhd.writeUInt32BE(width * 65536, matrixAt + 36);
  tkhd.writeUInt32BE(height * 65536, matrixAt + 40);
  const mdhd = Buffer.alloc(version === 1 ? 28 : 16);
  mdhd.writeUInt32BE(timescale, version === 1 ? 16 : 8);
  const hdlr = Buffer.concat([Buffer.alloc(4), Buffer.from(handler, 'latin1'), Buffer.alloc(13)]);
  const stts = Buffer.alloc(4 + frames.length * 8);
  stts.writeUInt32BE(frames.length, 0);
  frames.forEach(([count, delta], i) => {
    stts.writeUInt32BE(count, 4 + i * 8);
    stts.writeUInt32BE(delta, 8 + i * 8);
  });
  const stbl = box('stbl', box('stsd', Buffer.alloc(16)), fullBox('stts', 0, stts));
  return box('trak', fullBox('tkhd', version, tkhd), box('mdia', fullBox('mdhd', version, mdhd), fullBox('hdlr', 0, hdlr), box('minf', box('vmhd', Buffer.alloc(12)), stbl)));
}

/** An mp4 of `seconds` with `mdatBytes` of media data, moov before or after mdat, and these tracks; whole, in memory (small files only). */
export function mp4(seconds: number, { mdatBytes = 1024, moovFirst = false, brand = 'isom', tracks = [] as VideoTrack[] } = {}): Buffer {
  const mdat = box('mdat', Buffer.alloc(mdatBytes, 7));
  const movie = tracks.length === 0 ? moov(seconds) : box('moov', mvhd(1000, Math.round(seconds * 1000)), ...tracks.map(trak));
  return Buffer.concat(moovFirst ? [ftyp(brand), movie, mdat] : [ftyp(brand), mdat, movie]);
}

/**
 * An mp4 of exactly `totalBytes` as a stream (ftyp, moov, then one mdat
 * filling the rest), made chunk by chunk: never all in memory.
 */
export function mp4Stream(seconds: number, totalBytes: number, chunkBytes = 1024 * 1024): Readable {
  const head = Buffer.concat([ftyp(), moov(seconds)]);
  const mdatBody = totalBytes - head.length - 8;
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + mdatBody, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  const chunk = Buffer.alloc(chunkBytes, 7);
  return Readable.from(
    (function* () {
      yield Buffer.concat([head, mdatHeader]);
      for (let left = mdatBody; left > 0; left -= chunkBytes) yield left >= chunkBytes ? chunk : chunk.subarray(0, left);
    })(),
  );
}

export const png = (bytes = 256) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 1)]);
export const jpeg = (bytes = 256) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 2)]);
export const gif = () => Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100)]);
export const webp = () => Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(100)]);
export const webm = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm', 'latin1'), Buffer.alloc(100)]);
