import { z } from 'zod';
import { roleSchema } from './roles.js';
import { planTypeSchema, subscriptionStatusSchema } from './plans.js';
import { organizationEventSchemas } from './organizations.js';
import { connectionEventSchemas } from './connections.js';
import { contentEventSchemas } from './content.js';
import { notificationEventSchemas } from './notifications.js';
import { postEventSchemas } from './posts.js';
import { autoScheduleEventSchemas, schedulerEventSchemas } from './scheduler.js';

/**
 * Every event travels in this envelope (ARCHITECTURE §4). `eventId` doubles as
 * the JetStream msgID (publisher dedupe) and the consumer's inbox key.
 */
export const eventEnvelopeSchema = z.object({
  eventId: z.string().uuid(),
  subject: z.string().min(1),
  occurredAt: z.string().datetime(),
  schemaVersion: z.number().int().positive(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

const userRef = { userId: z.string().uuid() };

/**
 * Subject → payload schema, per `<service>.<entity>.<past-tense-verb>`.
 * A change of a payload's shape bumps `schemaVersion` in EVENT_VERSIONS.
 */
export const eventSchemas = {
  'auth.user.registered': z.object({
    ...userRef,
    username: z.string(),
    email: z.string().email(),
    role: roleSchema,
    newsletterSubscribe: z.boolean(),
    emailVerified: z.boolean(),
  }),
  'auth.user.verified': z.object({ ...userRef, email: z.string().email() }),
  'auth.user.role_changed': z.object({ ...userRef, role: roleSchema, previousRole: roleSchema }),
  'auth.user.banned': z.object({ ...userRef, reason: z.string().min(1), expiresAt: z.string().datetime().nullable() }),
  'auth.user.unbanned': z.object(userRef),
  'auth.user.deleted': z.object({ ...userRef, email: z.string().email() }),
  /** Notifications mails the link; the link carries a single-use token valid 24 h. */
  'auth.email_verification.requested': z.object({ ...userRef, email: z.string().email(), username: z.string(), verifyUrl: z.string().url() }),
  /** Notifications mails the link; the link carries a single-use token valid 1 h. */
  'auth.password_reset.requested': z.object({ ...userRef, email: z.string().email(), username: z.string(), resetUrl: z.string().url() }),
  /**
   * These sessions (refresh-token families, the access token's `sid`) end now:
   * caches of verified tokens drop them. Only these: a session opened after
   * the revocation is untouched. Version 2: sessions named instead of the user.
   */
  'auth.sessions.revoked': z.object({ ...userRef, sessionIds: z.array(z.string().min(1)).min(1), reason: z.string() }),
  /**
   * The user's plan as it now takes effect (a downgrade at its period end).
   * `changedAt` orders the changes of one user: events may arrive late or
   * twice, so a consumer skips one older than the last it applied.
   */
  'billing.subscription.changed': z.object({
    ...userRef,
    planType: planTypeSchema,
    status: subscriptionStatusSchema,
    changedAt: z.string().datetime().optional(),
  }),
  ...organizationEventSchemas,
  ...connectionEventSchemas,
  ...contentEventSchemas,
  ...notificationEventSchemas,
  ...postEventSchemas,
  ...schedulerEventSchemas,
  ...autoScheduleEventSchemas,
} as const;

export type EventSubject = keyof typeof eventSchemas;
export type EventData<S extends EventSubject> = z.infer<(typeof eventSchemas)[S]>;

export const EVENT_VERSIONS: Record<EventSubject, number> = {
  ...(Object.fromEntries(Object.keys(eventSchemas).map((subject) => [subject, 1])) as Record<EventSubject, number>),
  'auth.sessions.revoked': 2,
};

/** The JetStream stream that holds a service's events: its name upper-cased, subjects `<service>.>`. */
export function streamOf(subject: string): string {
  const service = subject.split('.')[0];
  if (!service) throw new Error(`Malformed subject: ${subject}`);
  return service.toUpperCase();
}
