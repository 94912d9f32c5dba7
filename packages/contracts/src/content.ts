import { z } from 'zod';

export const ContentMessages = {
  categoryNameAndSlugRequired: 'Category name and slug are required',
  subjectAndContentRequired: 'Subject and content are required',
  blogPostNotFound: 'Blog post not found',
  blogUnavailable: 'Blog service is temporarily unavailable. Please try again later.',
} as const;

/** Events the content service publishes (subject → payload), merged into `eventSchemas`. */
export const contentEventSchemas = {
  /**
   * One newsletter mail to one subscriber, ready to send: the HTML already holds
   * the tracking pixel, the tracked links and the unsubscribe link. The event id
   * is the delivery id, so a resumed send never publishes a second copy.
   */
  'content.newsletter.delivery_requested': z.object({
    deliveryId: z.string().uuid(),
    newsletterId: z.string().uuid(),
    email: z.string().email(),
    subject: z.string().min(1),
    html: z.string(),
    text: z.string(),
    unsubscribeUrl: z.string().url(),
  }),
} as const satisfies Record<string, z.ZodType>;
