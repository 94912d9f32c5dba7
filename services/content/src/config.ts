import { z } from 'zod';
import { developmentSecret, serviceConfigSchema } from '@planner/service-kit';

/** Comma-separated keys that verify links but sign none. */
const keyList = z
  .string()
  .default('')
  .transform((list) => list.split(',').map((key) => key.trim()).filter(Boolean));

export const configSchema = serviceConfigSchema(4006, {
  /** Signs unsubscribe and tracked-click links: set a long random value in production. */
  NEWSLETTER_SIGNING_KEY: developmentSecret('development-newsletter-signing-key', 'unsubscribe and click links can be forged'),
  /** A rotation's first phase: the key that will replace NEWSLETTER_SIGNING_KEY; links it signs verify, none is signed with it yet (docs/operations.md). */
  NEWSLETTER_NEXT_SIGNING_KEYS: keyList,
  /** Keys NEWSLETTER_SIGNING_KEY replaced, comma separated: links of mails sent before a rotation still verify (docs/operations.md). */
  NEWSLETTER_PREVIOUS_SIGNING_KEYS: keyList,
  /** Subscribers written per transaction while a newsletter is sent. */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  /** How long a send job's lock lasts without renewal: a crashed sender's job is taken over after about this long. */
  NEWSLETTER_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
});

export type ContentConfig = z.infer<typeof configSchema>;
