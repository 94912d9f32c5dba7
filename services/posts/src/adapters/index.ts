import type { PostsConfig } from '../config.js';
import { LocalDiskStorage, type MediaStorage } from './media-storage.js';

/** The bucket when S3_BUCKET is set, else MEDIA_DIR; the AWS SDK is loaded only for the bucket. */
export async function mediaStorageOf(config: PostsConfig): Promise<MediaStorage> {
  if (!config.S3_BUCKET) return new LocalDiskStorage(config.MEDIA_DIR);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
  });
}
