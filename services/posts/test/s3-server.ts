import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/adapters/s3-storage.js';

/** A local S3-compatible server (s3rver, from npm: plain JavaScript over a directory) with one empty bucket. */
export async function startS3Server(): Promise<{ options: S3StorageOptions; env: Record<string, string>; close: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket: 'planner-media',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver's fixed development credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client = new S3Client({ ...options });
  await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
  client.destroy();
  return {
    options,
    env: {
      S3_BUCKET: options.bucket,
      S3_ENDPOINT: options.endpoint!,
      S3_REGION: options.region,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
