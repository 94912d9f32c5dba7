import path from 'node:path';
import { z } from 'zod';
import { serviceConfigSchema } from '@planner/service-kit';

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

export const configSchema = serviceConfigSchema(4003, {
  /** Where uploaded and generated media are kept on this machine (when no S3-compatible bucket is configured). */
  MEDIA_DIR: z.string().default(path.resolve(process.cwd(), '../../var/media')),
  /** How long publish-now waits for the scheduler's outcome before answering that publishing continues. */
  /** Unset or empty (compose passes `${OPENAI_API_KEY:-}`): the labelled sandbox generators write drafts and placeholder images. Never logged. */
  OPENAI_API_KEY: unsetWhenEmpty(z.string().optional()),
  /** Unset: OpenAI's own API; tests point it at a local stand-in. */
  OPENAI_BASE_URL: unsetWhenEmpty(z.string().url().optional()),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** How long one call to the provider may take (images take tens of seconds). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(90_000),
  PUBLISH_NOW_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
});
export type PostsConfig = z.infer<typeof configSchema>;
