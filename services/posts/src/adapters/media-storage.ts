import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMediaKey } from '../domain/media-keys.js';

/** A part of a stored file: first and last byte, inclusive. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** Where media bytes live, by key (`<organization id>/<media id>.<ext>`): local disk by default, an S3-compatible bucket when configured. */
export interface MediaStorage {
  /** Writes the bytes under the key, streaming; resolves with how many were written. A failed write leaves nothing behind. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The bytes under the key (only `span` of them when given) and the whole file's size, or null when there are none. */
  open(key: string, span?: ByteSpan): Promise<{ body: Readable; size: number } | null>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every key of the organization (it was deleted). */
  removeOrganization(organizationId: string): Promise<void>;
}

const ORGANIZATION = /^[0-9a-f-]{36}$/;

export function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
  return key;
}

export function checkedOrganizationPrefix(organizationId: string): string {
  if (!ORGANIZATION.test(organizationId)) throw new Error(`Not an organization id: ${organizationId}`);
  return `${organizationId}/`;
}

/** Media in a directory on this machine (MEDIA_DIR). */
export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
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

  async open(key: string, span?: ByteSpan): Promise<{ body: Readable; size: number } | null> {
    // Opened before the size is read: a file removed meanwhile is either whole or null, never a failing stream.
    const handle = await fs.promises.open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
    if (!handle) return null;
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(span), size: stat.size };
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async removeOrganization(organizationId: string): Promise<void> {
    await fs.promises.rm(path.join(this.root, checkedOrganizationPrefix(organizationId)), { recursive: true, force: true });
  }
}
