import { z } from 'zod';
import { LIMITS } from './plans.js';

export const NotificationMessages = {
  /** Not worded by the spec (part 1 §5: system message content required). */
  systemMessageRequired: 'Please enter the message text.',
  /** Not worded by the spec (part 1 §5: duration a number, minimum 0, step 1000). */
  systemMessageDuration: 'Duration must be a number of milliseconds of at least 0, in steps of 1000 (0 keeps the message until closed).',
  /** Not worded by the spec (part 1 §3: the four types). */
  systemMessageType: 'Type must be one of info, warning, error or success.',
  /** Not worded by the spec. */
  systemMessageNotFound: 'System message not found',
  /** Not worded by the spec: PUT without any field. */
  systemMessageNothingToChange: 'Please change at least one of type, message, duration or is_active.',
  /** Not worded by the spec; like part 1 §5's 'Username must be 30 characters or less'. */
  systemMessageTooLong: 'The message must be 2000 characters or less.',
  /** Not worded by the spec. */
  systemMessageActive: 'is_active must be true or false.',
} as const;

/** The mails the service sends: one per consumed event. */
export const EMAIL_KINDS = ['verification', 'password_reset', 'account_deleted', 'newsletter', 'newsletter_confirmation', 'connection_expiring'] as const;
export const emailKindSchema = z.enum(EMAIL_KINDS);
export type EmailKind = z.infer<typeof emailKindSchema>;

/** Part 1 §3: system message types, default info. */
export const SYSTEM_MESSAGE_TYPES = ['info', 'warning', 'error', 'success'] as const;
export const systemMessageTypeSchema = z.enum(SYSTEM_MESSAGE_TYPES, { error: NotificationMessages.systemMessageType });

const systemMessageText = z
  .string({ error: NotificationMessages.systemMessageRequired })
  .trim()
  .min(1, NotificationMessages.systemMessageRequired)
  .max(2000, NotificationMessages.systemMessageTooLong);
const systemMessageActive = z.boolean({ error: NotificationMessages.systemMessageActive });
/** Milliseconds, at least 0, a multiple of 1000; 0 means persistent (part 1 §3, §5). */
const systemMessageDuration = z
  .number({ error: NotificationMessages.systemMessageDuration })
  .int(NotificationMessages.systemMessageDuration)
  .min(0, NotificationMessages.systemMessageDuration)
  .max(24 * 3600_000, NotificationMessages.systemMessageDuration)
  .multipleOf(1000, NotificationMessages.systemMessageDuration);

/**
 * POST /system-messages/ {type, message, duration, is_active}. (A call on a schema other than `z` is
 * marked pure, so frontend bundles that import only this module's constants drop the schemas and zod.)
 */
export const systemMessageCreateSchema = z.object(
  {
    type: /* @__PURE__ */ systemMessageTypeSchema.default('info'),
    message: systemMessageText,
    duration: /* @__PURE__ */ systemMessageDuration.default(LIMITS.defaultSystemMessageDurationMs),
    is_active: /* @__PURE__ */ systemMessageActive.default(true),
  },
  // No body (or not an object): the message, the one field without a default, is what is missing.
  { error: NotificationMessages.systemMessageRequired },
);

/** PUT /system-messages/{id}: any of the fields, at least one. */
export const systemMessageUpdateSchema = z
  .object(
    {
      type: /* @__PURE__ */ systemMessageTypeSchema.optional(),
      message: /* @__PURE__ */ systemMessageText.optional(),
      duration: /* @__PURE__ */ systemMessageDuration.optional(),
      is_active: /* @__PURE__ */ systemMessageActive.optional(),
    },
    { error: NotificationMessages.systemMessageNothingToChange },
  )
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: NotificationMessages.systemMessageNothingToChange });

export const systemMessageSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(SYSTEM_MESSAGE_TYPES),
  message: z.string(),
  duration: z.number().int(),
  is_active: z.boolean(),
  created_by: z.string().uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SystemMessage = z.infer<typeof systemMessageSchema>;

/** Events the notifications service publishes (subject → payload), merged into `eventSchemas`. */
export const notificationEventSchemas = {
  /** A mail the SMTP server accepted; `deliveryId` ties a newsletter mail back to content's delivery row. */
  'notifications.email.sent': z.object({
    emailId: z.string().uuid(),
    kind: emailKindSchema,
    deliveryId: z.string().uuid().nullable(),
    /** The Message-ID the mail went out with. */
    messageId: z.string(),
  }),
  /** A mail given up on: a permanent SMTP refusal while sending it, or retries spent. */
  'notifications.email.failed': z.object({
    emailId: z.string().uuid(),
    kind: emailKindSchema,
    deliveryId: z.string().uuid().nullable(),
    /** The server refused it for good (5xx): content stops mailing this address. */
    permanent: z.boolean(),
    reason: z.string(),
    attempts: z.number().int().positive(),
  }),
  /**
   * A mail the server accepted that came back later, undeliverable for good: a
   * delivery status notification (RFC 3464) with a 5.x.x status, sent to the
   * mail's own return path. Content stops mailing the address. Published once per mail.
   */
  'notifications.email.bounced': z.object({
    emailId: z.string().uuid(),
    kind: emailKindSchema,
    deliveryId: z.string().uuid().nullable(),
    /** The report's status code, e.g. 5.1.1 (RFC 3463). */
    status: z.string(),
    /** The reporting server's diagnostic, else the status. */
    reason: z.string(),
  }),
} as const satisfies Record<string, z.ZodType>;
