import path from 'node:path';
import { z } from 'zod';
import { serviceConfigSchema } from '@planner/service-kit';

export const configSchema = serviceConfigSchema(4003, {
  /** Where uploaded and generated media are kept on this machine (when no S3-compatible bucket is configured). */
  MEDIA_DIR: z.string().default(path.resolve(process.cwd(), '../../var/media')),
  /** How long publish-now waits for the scheduler's outcome before answering that publishing continues. */
  PUBLISH_NOW_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
});
export type PostsConfig = z.infer<typeof configSchema>;
