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
  /** Tries of one publication before it fails for good (rate-limit waits do not count). */
  PUBLISH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** How often the sweep looks for overdue publications without a job. */
  PUBLICATION_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often auto-schedules are looked at for slots whose post is due (at most a day). */
  SLOT_OPENING_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** Where Sandbox connections publish: the Sandbox feed of a scheduler API process. */
  SANDBOX_FEED_URL: z.string().url().default('http://127.0.0.1:4004'),
});
export type SchedulerConfig = z.infer<typeof configSchema>;
