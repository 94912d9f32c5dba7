import path from 'node:path';
import { z } from 'zod';
import { developmentSecret, serviceConfigSchema } from '@planner/service-kit';

export const configSchema = serviceConfigSchema(4007, {
  /** SMTP server, e.g. smtp://user:pass@mail.example.com:587 (smtps:// for TLS); unset: mails go to MAIL_DIR. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL').optional(),
  /** Where mails are written as .eml files when SMTP_URL is unset (development sandbox). */
  MAIL_DIR: z.string().default(path.resolve(process.cwd(), '../../var/mail')),
  /** The sender of every mail. */
  MAIL_FROM: z.string().min(3).default('"Social Planner" <no-reply@social-planner.local>'),
  /** Tries per mail before it is recorded as failed (a permanent refusal stops at once). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** First retry delay; each further retry waits twice as long. */
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(1).default(30_000),
  /** Mails sent at once by one process (also the SMTP connection pool size). */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  /** How long a mail job's lock lasts without renewal: the mails of a sender that died are sent by another after about this long. */
  MAIL_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * Where bounces come back: each mail's envelope sender is this address with a
   * signed tag of the mail (VERP), e.g. bounces+<tag>@example.com. Default: bounces@ the domain of MAIL_FROM.
   */
  BOUNCE_ADDRESS: z.string().email().optional(),
  /** Signs the tags of the return paths, so a bounce cannot be forged for another mail: set a long random value in production. */
  BOUNCE_SIGNING_KEY: developmentSecret('development-bounce-signing-key', 'bounces can be forged for any mail'),
  /** Port of the SMTP listener that takes bounce reports (DSNs) to the bounce address; unset: no listener. */
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});
export type NotificationsConfig = z.infer<typeof configSchema>;
