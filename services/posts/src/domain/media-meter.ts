import { Transform, type TransformCallback } from 'node:stream';
import { Mp4FactsReader, type Mp4Facts } from './mp4-facts.js';
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
 * duration, picture size and frame rate are read on the way (see Mp4FactsReader).
 */
export class MediaMeter extends Transform {
  size = 0;
  private readonly container: Mp4FactsReader | null;

  constructor(
    type: SniffedType,
    private readonly limit: number,
  ) {
    super();
    this.container = type.mime === 'video/mp4' || type.mime === 'video/quicktime' ? new Mp4FactsReader() : null;
  }

  /** What the container said; all null for images and other videos. */
  get videoFacts(): Mp4Facts {
    return this.container?.facts ?? { durationSeconds: null, width: null, height: null, frameRate: null };
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return done(new MediaTooLargeError(this.limit));
    this.container?.push(chunk);
    done(null, chunk);
  }
}
