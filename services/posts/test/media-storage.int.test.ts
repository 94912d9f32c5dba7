import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, type MediaStorage } from '../src/adapters/media-storage.js';
import { S3Storage } from '../src/adapters/s3-storage.js';
import { startS3Server } from './s3-server.js';

/** The same contract for every storage: what the service relies on, whichever is configured. */
function storageContract(name: string, make: () => Promise<{ storage: MediaStorage; close: () => Promise<void> }>) {
  describe(name, () => {
    let storage: MediaStorage;
    let close: () => Promise<void>;
    const org = randomUUID();
    const keyOf = (organization = org, ext = 'png') => `${organization}/${randomUUID()}.${ext}`;
    const exists = async (key: string) => {
      const opened = await storage.open(key);
      opened?.body.destroy();
      return opened !== null;
    };

    beforeAll(async () => {
      ({ storage, close } = await make());
    });
    afterAll(() => close());

    it('keeps what is put, streamed in chunks, and answers it whole or a span of it', async () => {
      const key = keyOf();
      const chunks = ['0123456789', 'abcdefghij', 'ABCDEFGHIJ'];
      expect(await storage.put(key, Readable.from(chunks.map((chunk) => Buffer.from(chunk))), 'image/png')).toEqual({ size: 30 });
      const whole = await storage.open(key);
      expect(whole?.size).toBe(30);
      expect(await text(whole!.body)).toBe(chunks.join(''));
      const span = await storage.open(key, { start: 8, end: 12 });
      expect(span?.size).toBe(30);
      expect(await text(span!.body)).toBe('89abc');
    });

    it('takes a Buffer too; a missing key opens as null; remove is idempotent', async () => {
      const key = keyOf();
      expect(await storage.put(key, Buffer.from('bytes'), 'image/png')).toEqual({ size: 5 });
      await storage.remove(key);
      await storage.remove(key);
      expect(await exists(key)).toBe(false);
    });

    it('a write whose stream fails leaves nothing behind', async () => {
      const key = keyOf();
      const failing = Readable.from(
        (async function* () {
          yield Buffer.alloc(64 * 1024, 1);
          throw new Error('client went away');
        })(),
      );
      await expect(storage.put(key, failing, 'image/png')).rejects.toThrow('client went away');
      expect(await exists(key)).toBe(false);
    });

    it('a stream that failed before it was handed over fails the write at once (it emits nothing more)', async () => {
      const key = keyOf();
      const failed = new Readable({ read() {} });
      failed.on('error', () => {});
      failed.push(Buffer.alloc(1024, 1));
      failed.destroy(new Error('body cut short'));
      await new Promise((resolve) => setImmediate(resolve));
      await expect(storage.put(key, failed, 'image/png')).rejects.toThrow('body cut short');
      expect(await exists(key)).toBe(false);
    });

    it('removes every key of a deleted organization, and only its', async () => {
      const gone = randomUUID();
      const theirs = [keyOf(gone), keyOf(gone, 'mp4')];
      const kept = keyOf();
      for (const key of [...theirs, kept]) await storage.put(key, Buffer.from('x'), 'image/png');
      await storage.removeOrganization(gone);
      for (const key of theirs) expect(await exists(key)).toBe(false);
      expect(await storage.open(kept)).not.toBeNull();
    });

    it('refuses keys it did not make (no path or prefix escapes)', async () => {
      await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow('Not a media key');
      await expect(storage.open(`${org}/../../x.png`)).rejects.toThrow('Not a media key');
      await expect(storage.removeOrganization('')).rejects.toThrow('Not an organization id');
    });
  });
}

storageContract('local disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
  return { storage: new LocalDiskStorage(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
});

storageContract('an S3-compatible bucket (s3rver)', async () => {
  const server = await startS3Server();
  return { storage: new S3Storage(server.options), close: server.close };
});
