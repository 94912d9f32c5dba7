/**
 * Reads a video's duration from an ISO base media file (MP4, QuickTime) as its
 * bytes stream past, without keeping them: the top-level boxes are walked,
 * everything but `moov` is skipped by counting (a 300 MB `mdat` costs nothing),
 * and inside `moov` only `mvhd` (about 100 bytes) is kept, for its timescale and
 * duration. `moov` may come before or after `mdat`.
 */
export class Mp4DurationReader {
  /** Seconds, once `mvhd` has gone past; null until then, or when the file has none or says "unknown". */
  seconds: number | null = null;
  private offset = 0;
  private header: Buffer[] = [];
  private headerBytes = 0;
  private skipUntil = 0;
  private moovEnd: number | null = null;
  private mvhd: { end: number; parts: Buffer[] } | null = null;
  private done = false;

  push(chunk: Buffer): void {
    let at = 0;
    while (!this.done && at < chunk.length) {
      const left = chunk.length - at;
      if (this.mvhd) {
        const take = Math.min(left, this.mvhd.end - this.offset);
        this.mvhd.parts.push(chunk.subarray(at, at + take));
        this.offset += take;
        at += take;
        if (this.offset === this.mvhd.end) this.readMvhd(Buffer.concat(this.mvhd.parts));
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
    if (this.moovEnd !== null && this.offset >= this.moovEnd) this.moovEnd = null;
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
    const size32 = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    const size = size32 === 1 ? Number(header.readBigUInt64BE(8)) : size32 === 0 ? Number.POSITIVE_INFINITY : size32;
    if (size < wanted) {
      // Not a box structure we can follow: no duration rather than a wrong one.
      this.done = true;
      return take;
    }
    const end = start + size;
    if (type === 'moov' && this.moovEnd === null) this.moovEnd = end;
    else if (type === 'mvhd' && this.moovEnd !== null && size <= 1024) this.mvhd = { end, parts: [] };
    else this.skipUntil = end;
    return take;
  }

  private readMvhd(body: Buffer): void {
    this.mvhd = null;
    this.done = true;
    const version = body[0];
    const timescaleAt = version === 1 ? 20 : 12;
    if (body.length < timescaleAt + (version === 1 ? 12 : 8)) return;
    const timescale = body.readUInt32BE(timescaleAt);
    const duration = version === 1 ? Number(body.readBigUInt64BE(timescaleAt + 4)) : body.readUInt32BE(timescaleAt + 4);
    // All ones: the duration is not known (ISO/IEC 14496-12 §8.2.2.3).
    const unknown = version === 1 ? body.readBigUInt64BE(timescaleAt + 4) === 0xffffffffffffffffn : duration === 0xffffffff;
    if (timescale > 0 && !unknown) this.seconds = duration / timescale;
  }
}
