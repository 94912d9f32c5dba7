import type { ConfirmRequest } from '../Confirm.js';

/**
 * The newsletters' texts, shared by the newsletter dashboard and the admin
 * panel's Newsletters tab so both word the same action the same way: part 1
 * §8's toasts word for word, then the ones the spec leaves unworded.
 */
export const NewsletterTexts = {
  statsFailed: 'Failed to load newsletter statistics',
  fetchNewslettersFailed: 'Failed to fetch newsletters',
  createFailed: 'Failed to create newsletter',
  updateFailed: 'Failed to update newsletter',
  deleteFailed: 'Failed to delete newsletter',
  createAndSendFailed: 'Failed to create and send newsletter',
  noIdAfterCreate: 'Failed to get newsletter ID after creation',
  fetchSubscribersFailed: 'Failed to fetch subscribers',
  deleteSubscriberFailed: 'Failed to delete subscriber',
  // Not worded by the spec (part 1 §5 asks for these confirmations; worded like its blog post one).
  sendFailed: 'Failed to send newsletter',
  confirmSend: 'Are you sure you want to send this newsletter to all active subscribers? This cannot be undone.',
  confirmDeleteNewsletter: 'Are you sure you want to delete this newsletter? This cannot be undone.',
  confirmDeleteSubscriber: 'Are you sure you want to delete this subscriber? This cannot be undone.',
  draftSaved: 'Newsletter saved as a draft.',
  updated: 'Newsletter updated.',
  noNewsletters: 'No newsletters yet. Compose the first one above.',
  noSubscribers: 'No subscribers yet.',
} as const;

/** The question asked before a newsletter is sent or deleted, on the dashboard and in the Newsletters tab alike. */
export function newsletterConfirmation(action: 'send' | 'delete', subject: string): ConfirmRequest {
  return action === 'send'
    ? { title: 'Send newsletter', message: NewsletterTexts.confirmSend, detail: subject, confirmLabel: 'Send' }
    : { title: 'Delete newsletter', message: NewsletterTexts.confirmDeleteNewsletter, detail: subject, confirmLabel: 'Delete' };
}
