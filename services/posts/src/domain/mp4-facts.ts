/**
 * What a video's ISO base media container (MP4, QuickTime) says of it, read as
 * its bytes stream past without keeping them: the movie's duration (`mvhd`),
 * and of its first video track the picture size as shown (`tkhd`'s size,
 * turned by its matrix: a phone's portrait video is stored landscape with a
 * 90° turn) and the frame rate (`stts`' frames over `mdhd`'s time). The boxes
 * are walked; only the containers on the way (moov, trak, mdia, minf, stbl)
 * are entered and only those few small boxes kept, so a 300 MB `mdat` costs
 * nothing. `moov` may come before or after `mdat` (ISO/IEC 14496-12).
 */
export interface Mp4Facts {
  /** Seconds; null when the file has no movie header or says "unknown". */
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
}

/** Boxes walked into, by the type of the box they are in ('' is the file). */
const CONTAINERS: Record<string, string> = { moov: '', trak: 'moov', mdia: 'trak', minf: 'mdia', stbl: 'minf' };
/** Boxes kept whole, by the type of the box they are in, with the most bytes read of one. */
const KEPT: Record<string, { parent: string; maxBytes: number }> = {
  mvhd: { parent: 'moov', maxBytes: 1024 },
  tkhd: { parent: 'trak', maxBytes: 1024 },
  mdhd: { parent: 'mdia', maxBytes: 1024 },
  hdlr: { parent: 'mdia', maxBytes: 1024 },
  // One entry per run of equally long frames: a few for most videos, bounded for the rest.
  stts: { parent: 'stbl', maxBytes: 1024 * 1024 },
};

interface Track {
  handler?: string;
  size?: { width: number; height: number };
  timescale?: number;
  /** Frames, and their time in the track's timescale. */
  frames?: { count: number; duration: number };
}

export class Mp4FactsReader {
  private durationSeconds: number | null = null;
  private readonly tracks: Track[] = [];
  private offset = 0;
  private header: Buffer[] = [];
  private headerBytes = 0;
  private skipUntil = 0;
  /** The containers the reader is in, innermost last. */
  private readonly open: Array<{ type: string; end: number }> = [];
  private kept: { type: string; end: number; parts: Buffer[] } | null = null;
  /** Only the file's first movie box is the movie's. */
  private seenMoov = false;
  private done = false;

  get facts(): Mp4Facts {
    const video = this.tracks.find((track) => track.handler === 'vide');
    const frames = video?.frames;
    return {
      durationSeconds: this.durationSeconds,
      width: video?.size?.width ?? null,
      height: video?.size?.height ?? null,
      frameRate: frames && video.timescale && frames.duration > 0 ? Math.round(((frames.count * video.timescale) / frames.duration) * 1000) / 1000 : null,
    };
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (!this.done && at < chunk.length) {
      const left = chunk.length - at;
      if (this.kept) {
        const take = Math.min(left, this.kept.end - this.offset);
        this.kept.parts.push(chunk.subarray(at, at + take));
        this.offset += take;
        at += take;
        if (this.offset === this.kept.end) this.readKept();
        continue;
      }
      if (this.offset < this.skipUntil) {
        const take = Math.min(left, this.skipUntil - this.offset);
        this.offset += take;
        at += take;
        continue;
      }
      at += this.readHeader(chunk.subarray(at));
    }
  }

  /** Takes header bytes from `bytes`; once a whole box header is in, decides what to do with the box. Returns how many it took. */
  private readHeader(bytes: Buffer): number {
    while (this.open.length > 0 && this.offset >= this.open.at(-1)!.end) this.open.pop();
    const pending = this.headerBytes;
    const first = pending >= 8 ? Buffer.concat(this.header) : Buffer.concat([...this.header, bytes.subarray(0, 8 - pending)]);
    const wanted = first.length >= 8 && first.readUInt32BE(0) === 1 ? 16 : 8;
    const take = Math.min(bytes.length, wanted - pending);
    this.header.push(bytes.subarray(0, take));
    this.headerBytes += take;
    this.offset += take;
    if (this.headerBytes < wanted) return take;

    const header = Buffer.concat(this.header);
    this.header = [];
    this.headerBytes = 0;
    const start = this.offset - wanted;
    const parent = this.open.at(-1);
    const size32 = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    // Size 0: to the end of the file at the top, of the box it is in below.
    const size = size32 === 1 ? Number(header.readBigUInt64BE(8)) : size32 === 0 ? (parent ? parent.end - start : Number.POSITIVE_INFINITY) : size32;
    if (size < wanted || (parent && start + size > parent.end)) {
      // Not a box structure we can follow: what is inside this container is left, never misread.
      if (!parent) this.done = true;
      else this.skipUntil = parent.end;
      return take;
    }
    const end = start + size;
    const within = parent?.type ?? '';
    const kept = KEPT[type];
    if (CONTAINERS[type] === within && !(type === 'moov' && this.seenMoov)) {
      if (type === 'moov') this.seenMoov = true;
      if (type === 'trak') this.tracks.push({});
      this.open.push({ type, end });
    } else if (kept && kept.parent === within && size <= kept.maxBytes) this.kept = { type, end, parts: [] };
    else this.skipUntil = end;
    return take;
  }

  private readKept(): void {
    const { type, parts } = this.kept!;
    this.kept = null;
    const body = Buffer.concat(parts);
    const track = this.tracks.at(-1);
    if (type === 'mvhd') this.durationSeconds = movieSeconds(body);
    else if (track && type === 'tkhd') track.size = shownSize(body) ?? undefined;
    else if (track && type === 'mdhd') track.timescale = timescaleOf(body) ?? undefined;
    else if (track && type === 'hdlr' && body.length >= 12) track.handler = body.toString('latin1', 8, 12);
    else if (track && type === 'stts') track.frames = framesOf(body) ?? undefined;
  }
}

/** mvhd and mdhd: the timescale after the times of creation and change, 4 or 8 bytes each by version. */
function timescaleOf(body: Buffer): number | null {
  const at = body[0] === 1 ? 20 : 12;
  if (body.length < at + 4) return null;
  const timescale = body.readUInt32BE(at);
  return timescale > 0 ? timescale : null;
}

function movieSeconds(body: Buffer): number | null {
  const version = body[0];
  const timescaleAt = version === 1 ? 20 : 12;
  const timescale = timescaleOf(body);
  if (timescale === null || body.length < timescaleAt + (version === 1 ? 12 : 8)) return null;
  const raw = version === 1 ? body.readBigUInt64BE(timescaleAt + 4) : BigInt(body.readUInt32BE(timescaleAt + 4));
  // All ones: the duration is not known (ISO/IEC 14496-12 §8.2.2.3).
  if (raw === (version === 1 ? 0xffffffffffffffffn : 0xffffffffn)) return null;
  return Number(raw) / timescale;
}

/** tkhd: width and height (16.16 fixed point) after the matrix; a quarter turn in the matrix swaps them. */
function shownSize(body: Buffer): { width: number; height: number } | null {
  const matrixAt = body[0] === 1 ? 52 : 40;
  if (body.length < matrixAt + 44) return null;
  const width = Math.round(body.readUInt32BE(matrixAt + 36) / 65536);
  const height = Math.round(body.readUInt32BE(matrixAt + 40) / 65536);
  if (width === 0 || height === 0) return null;
  const a = body.readInt32BE(matrixAt);
  const d = body.readInt32BE(matrixAt + 16);
  const quarterTurn = a === 0 && d === 0;
  return quarterTurn ? { width: height, height: width } : { width, height };
}

/** stts: runs of (frames, each one's time); their sums. */
function framesOf(body: Buffer): { count: number; duration: number } | null {
  if (body.length < 8) return null;
  const entries = Math.min(body.readUInt32BE(4), Math.floor((body.length - 8) / 8));
  let count = 0;
  let duration = 0;
  for (let i = 0; i < entries; i += 1) {
    const samples = body.readUInt32BE(8 + i * 8);
    count += samples;
    duration += samples * body.readUInt32BE(12 + i * 8);
  }
  return count > 0 ? { count, duration } : null;
}
