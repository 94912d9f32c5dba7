import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@planner/service-kit';
import { mediaStorageOf } from '../src/adapters/index.js';
import { LocalDiskStorage } from '../src/adapters/media-storage.js';
import { configSchema } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1', NATS_URL: 'nats://127.0.0.1', MEDIA_DIR: os.tmpdir() };
const production = { ...base, NODE_ENV: 'production', MEDIA_SIGNING_KEY: 'a-long-random-media-signing-key-for-this-test' };

describe('where media are kept', () => {
  it('in development, on this machine\'s MEDIA_DIR', async () => {
    expect(await mediaStorageOf(loadConfig(configSchema, base))).toBeInstanceOf(LocalDiskStorage);
  });

  it('in production, never on a disk the other replicas may not see: S3_BUCKET, or a MEDIA_DIR declared shared', async () => {
    await expect(mediaStorageOf(loadConfig(configSchema, production))).rejects.toThrow(
      'S3_BUCKET is required in production, or MEDIA_DIR_SHARED=true when every replica of posts mounts the same MEDIA_DIR (one replica, or a shared volume)',
    );
    expect(await mediaStorageOf(loadConfig(configSchema, { ...production, MEDIA_DIR_SHARED: 'true' }))).toBeInstanceOf(LocalDiskStorage);
    expect(await mediaStorageOf(loadConfig(configSchema, { ...production, S3_BUCKET: 'planner-media' }))).not.toBeInstanceOf(LocalDiskStorage);
  });
});
