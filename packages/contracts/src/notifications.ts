import { z } from 'zod';

/** Events the notifications service publishes (subject → payload), merged into `eventSchemas`. */
export const notificationEventSchemas = {
  /** A mail the SMTP server accepted; `deliveryId` ties a newsletter mail back to content's delivery row. */
  'notifications.email.sent': z.object({
    emailId: z.string().uuid(),
    kind: z.string(),
    deliveryId: z.string().uuid().nullable(),
  }),
  /** A mail given up on: a permanent SMTP refusal (bounce) or retries spent. */
  'notifications.email.failed': z.object({
    emailId: z.string().uuid(),
    kind: z.string(),
    deliveryId: z.string().uuid().nullable(),
    permanent: z.boolean(),
    reason: z.string(),
  }),
} as const satisfies Record<string, z.ZodType>;
