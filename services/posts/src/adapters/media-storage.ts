import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where media bytes live, by key (`<organization id>/<media id>.<ext>`): local disk by default, an S3-compatible bucket when configured. */
export interface MediaStorage {
  /** Writes the bytes under the key, streaming; resolves with how many were written. A failed write leaves nothing behind. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The bytes under the key, or null when there are none. */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are made by this service (`<uuid>/<uuid>.<ext>`); anything else never reaches the disk. */
const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** Media in a directory on this machine (MEDIA_DIR). */
export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed: a reader never sees half a file, a failure leaves none.
    const partial = `${file}.${process.pid}.partial`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(partial));
      await fs.promises.rename(partial, file);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    return { size: (await fs.promises.stat(file)).size };
  }

  async open(key: string): Promise<{ body: Readable; size: number } | null> {
    const file = this.pathOf(key);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: fs.createReadStream(file), size: stat.size };
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
