import { z } from 'zod';
import { platformApiConfigShape, serviceConfigSchema } from '@planner/service-kit';

export const configSchema = serviceConfigSchema(4004, {
  ...platformApiConfigShape,
  /**
   * What this process runs: the HTTP API (auto-schedules, publications, the
   * Sandbox feed) with the sweep and the slot opener, the publish workers, or
   * both. Any number of each share one queue. The event consumers run in
   * every process, all on one durable consumer: each event is handled once.
   */
  SCHEDULER_ROLE: z.enum(['api', 'worker', 'both']).default('both'),
  /**
   * Publications one worker process holds at once: mostly waiting (on
   * platforms, and for their time once prepared ahead), not using the CPU.
   */
  PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(256),
  /**
   * How long before its time a publish job runs: it claims the publication,
   * reads the post and the credentials and checks them, then waits for the
   * time to make the create call, so BullMQ's delay in promoting a job and the
   * preparation do not make the post late. Until the create call is marked a
   * withdrawal or a new time still stops it. What a killed worker held is
   * late by the takeover (seconds), so more ahead is more held at once.
   */
  PUBLISH_AHEAD_MS: z.coerce.number().int().min(0).max(60_000).default(750),
  /**
   * Publications go out on ticks of this length: one due within a tick waits
   * for its end, so those of a tick are prepared and sent together, sharing
   * each round trip and commit (late by less than a tick; 1: as due).
   */
  PUBLISH_TICK_MS: z.coerce.number().int().min(1).max(5_000).default(200),
  /** Tries of one publication before it fails for good (rate-limit waits do not count). */
  PUBLISH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** How often the sweep looks for overdue publications without a job. */
  PUBLICATION_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often auto-schedules are looked at for slots whose post is due (at most a day). */
  SLOT_OPENING_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /**
   * Whether TikTok audited this app (its Direct Post audit). Until it has,
   * TikTok takes its posts only as SELF_ONLY (visible to the creator), so
   * every post is sent so and says so, and the designer says it beforehand
   * (creator info's `unaudited`): false, as for every new app.
   */
  TIKTOK_APP_AUDITED: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
  /** Where Sandbox connections publish: the Sandbox feed of a scheduler API process. */
  SANDBOX_FEED_URL: z.string().url().default('http://127.0.0.1:4004'),
});
export type SchedulerConfig = z.infer<typeof configSchema>;
