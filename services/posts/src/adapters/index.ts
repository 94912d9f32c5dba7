import type { Logger } from '@planner/service-kit';
import type { PostsConfig } from '../config.js';
import type { ContentGenerator, ImageGenerator } from './generators.js';
import { LocalDiskStorage, type MediaStorage } from './media-storage.js';
import { SandboxContentGenerator, SandboxImageGenerator } from './sandbox-generators.js';

/**
 * The bucket when S3_BUCKET is set, else MEDIA_DIR; the AWS SDK is loaded only for the bucket. In production a
 * MEDIA_DIR must be declared shared by every replica: a pod's own disk would lose media to the others.
 */
export async function mediaStorageOf(config: PostsConfig): Promise<MediaStorage> {
  if (!config.S3_BUCKET) {
    if (config.NODE_ENV === 'production' && !config.MEDIA_DIR_SHARED)
      throw new Error(
        'S3_BUCKET is required in production, or MEDIA_DIR_SHARED=true when every replica of posts mounts the same MEDIA_DIR (one replica, or a shared volume)',
      );
    return new LocalDiskStorage(config.MEDIA_DIR);
  }
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

/**
 * The generators the config asks for: OpenAI with a key, the labelled sandbox
 * without one. The `openai` library (4.4 MB of code) is loaded only with a key.
 */
export async function generatorsFromConfig(config: PostsConfig, logger: Logger): Promise<{ contentGenerator: ContentGenerator; imageGenerator: ImageGenerator }> {
  if (!config.OPENAI_API_KEY) {
    logger.info('OPENAI_API_KEY is not set: posts and images are sandbox drafts (answers say sandbox: true)');
    return { contentGenerator: new SandboxContentGenerator(), imageGenerator: new SandboxImageGenerator() };
  }
  const { OpenAIContentGenerator, OpenAIImageGenerator, openAIClient } = await import('./openai-generators.js');
  const client = openAIClient({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
  });
  return {
    contentGenerator: new OpenAIContentGenerator(client, config.OPENAI_MODEL, logger),
    imageGenerator: new OpenAIImageGenerator(client, config.OPENAI_IMAGE_MODEL, logger),
  };
}
