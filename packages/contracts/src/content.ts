import { z } from 'zod';

export const ContentMessages = {
  categoryNameAndSlugRequired: 'Category name and slug are required',
  subjectAndContentRequired: 'Subject and content are required',
  blogPostNotFound: 'Blog post not found',
  blogUnavailable: 'Blog service is temporarily unavailable. Please try again later.',
  // Not worded by the spec: the refusals and confirmations its screens leave to the server.
  postFieldsRequired: 'Title, slug and content are required',
  postSlugTaken: 'A blog post with this slug already exists.',
  categorySlugTaken: 'A category with this slug already exists.',
  categoryNotFound: 'Category not found',
  unknownCategories: 'One or more categories do not exist.',
  featuredImageUrl: 'The featured image must be an http(s) URL.',
  postDeleted: 'Blog post deleted.',
  categoryDeleted: 'Category deleted.',
  /** The answer to a confirmed subscription (double opt-in: the link of the confirmation mail). */
  subscribed: 'Thank you for subscribing to our newsletter!',
  /** The answer to every signup, whether or not a confirmation mail went out: the list is not revealed. */
  confirmSubscription: 'Please check your inbox and click the link in our email to confirm your subscription.',
  confirmSubscriptionQuestion: (email: string) => `Subscribe ${email} to the newsletter?`,
  confirmSubscriptionButton: 'Confirm subscription',
  invalidConfirmationLink: 'This confirmation link is invalid.',
  unsubscribed: 'You have been unsubscribed from the newsletter.',
  invalidUnsubscribeLink: 'This unsubscribe link is invalid.',
  confirmUnsubscribe: (email: string) => `Unsubscribe ${email} from the newsletter?`,
  unsubscribeButton: 'Unsubscribe',
  invalidTrackedLink: 'This link is invalid.',
  newsletterNotFound: 'Newsletter not found',
  newsletterAlreadySent: 'This newsletter has already been sent.',
  sentNewsletterNotDeletable: 'A sent newsletter cannot be deleted.',
  newsletterDeleted: 'Newsletter deleted.',
  newsletterBeingSent: 'This newsletter is being sent. Please edit its content when sending has finished.',
  newsletterSending: 'The newsletter is being sent to every active subscriber.',
  subscriberNotFound: 'Subscriber not found',
  subscriberDeleted: 'Subscriber deleted.',
  /** Worded like part 1 §5's 'Username must be 30 characters or less'. */
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less.`,
  invalidPage: 'page must be a whole number of at least 1.',
  invalidPageSize: 'The page size must be a whole number from 1 to 100.',
  invalidFilter: 'The filter must be true or false.',
  invalidCategoryFilter: 'category must be one category slug.',
  invalidPublishedFlag: 'is_published must be true or false.',
} as const;

/**
 * The longest slug: Fastify's router refuses path parameters over 100
 * characters (maxParamLength), so a longer slug could not be read by /blog/posts/{slug}.
 */
export const SLUG_MAX_LENGTH = 100;

/**
 * Part 1 §5: a slug is the text lowercased, accents and punctuation removed,
 * runs of spaces and hyphens turned into one hyphen; cut at SLUG_MAX_LENGTH.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-|-$/g, '');
}

/** Events the content service publishes (subject → payload), merged into `eventSchemas`. */
export const contentEventSchemas = {
  /** A signup from the public form, to be confirmed by the address's owner (double opt-in). */
  'content.newsletter.confirmation_requested': z.object({
    email: z.string().email(),
    /** Signed link to the confirmation page. */
    confirmUrl: z.string().url(),
  }),
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
