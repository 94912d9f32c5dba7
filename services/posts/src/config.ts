import path from 'node:path';
import { z } from 'zod';
import { developmentSecret, serviceConfigSchema } from '@planner/service-kit';

export const configSchema = serviceConfigSchema(4003, {
  /** Where uploaded and generated media are kept on this machine (when no S3-compatible bucket is configured). */
  MEDIA_DIR: z.string().default(path.resolve(process.cwd(), '../../var/media')),
  /**
   * 'true' says every replica of posts reads and writes this same MEDIA_DIR (one replica, or a volume they
   * all mount). Production without S3_BUCKET needs it: media a pod stored on its own disk are lost to the others.
   */
  MEDIA_DIR_SHARED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** An S3-compatible bucket for media instead of MEDIA_DIR; the bucket must exist. */
  S3_BUCKET: z.string().min(3).optional(),
  /** The server's URL for S3-compatible stores other than AWS (MinIO, R2, …). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Unset: the SDK's default chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path rather than the host name, as most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Signs the media links platforms fetch without login: set a long random value in production. */
  MEDIA_SIGNING_KEY: developmentSecret('development-media-signing-key', "anyone can make a link to any organization's media"),
  /** How long publish-now waits for the scheduler's outcome before answering that publishing continues. */
  /** Unset (compose's empty `${OPENAI_API_KEY:-}` counts as unset, see loadConfig): the labelled sandbox generators write drafts and placeholder images. Never logged. */
  OPENAI_API_KEY: z.string().optional(),
  /** Unset: OpenAI's own API; tests point it at a local stand-in. */
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** How long one call to the provider may take (images take tens of seconds). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(90_000),
  PUBLISH_NOW_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
});
export type PostsConfig = z.infer<typeof configSchema>;
