import { Transform, type TransformCallback } from 'node:stream';
import { Mp4DurationReader } from './mp4-duration.js';
import type { SniffedType } from './media-types.js';

/** A file went past its limit while streaming; what was stored of it is to be removed. */
export class MediaTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`media over ${limit} bytes`);
    this.name = 'MediaTooLargeError';
  }
}

/**
 * Passes a file's bytes through, counting them: past `limit` it fails (the
 * upload is cut off there, not read to its end); an MP4/QuickTime file's
 * duration is read on the way (see Mp4DurationReader).
 */
export class MediaMeter extends Transform {
  size = 0;
  private readonly duration: Mp4DurationReader | null;

  constructor(
    type: SniffedType,
    private readonly limit: number,
  ) {
    super();
    this.duration = type.mime === 'video/mp4' || type.mime === 'video/quicktime' ? new Mp4DurationReader() : null;
  }

  get durationSeconds(): number | null {
    return this.duration?.seconds ?? null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return done(new MediaTooLargeError(this.limit));
    this.duration?.push(chunk);
    done(null, chunk);
  }
}
