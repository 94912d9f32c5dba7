import type { Newsletter } from '@planner/remote-contract';
import { formatDateTime } from '../format.js';
import { NewsletterTexts } from './messages.js';
import { isSending, subscribersText } from './send-progress.js';
import { Badge } from '@planner/ui/badge';

/**
 * Part 1 §2, §4: the newsletters, Draft without sent_at and Sent otherwise.
 * Every one can be previewed and edited; drafts can also be sent and deleted.
 */
export function NewsletterList({ newsletters, onPreview, onEdit, onSend, onDelete }: {
  newsletters: Newsletter[];
  onPreview: (newsletter: Newsletter) => void;
  onEdit: (newsletter: Newsletter) => void;
  onSend: (newsletter: Newsletter) => void;
  onDelete: (newsletter: Newsletter) => void;
}) {
  if (newsletters.length === 0) return <p>{NewsletterTexts.noNewsletters}</p>;
  return (
    <ul className="newsletter-items" aria-label="Newsletters">
      {newsletters.map((newsletter) => {
        const sent = newsletter.sent_at !== null;
        return (
          <li key={newsletter.id} className="card newsletter-item">
            <h3>
              {newsletter.subject}{' '}
              <Badge tone={sent ? 'success' : 'neutral'}>{sent ? 'Sent' : 'Draft'}</Badge>
            </h3>
            <p className="muted">
              Created {formatDateTime(newsletter.created_at)}
              {sent && (
                <>
                  {' '}
                  {isSending(newsletter)
                    ? `· Sending since ${formatDateTime(newsletter.sent_at!)}: ${subscribersText(newsletter.recipients_count)} so far…`
                    : `· Sent ${formatDateTime(newsletter.sent_at!)} to ${subscribersText(newsletter.recipients_count)}`}
                </>
              )}
            </p>
            <p className="actions" role="group" aria-label={`Actions for ${newsletter.subject}`}>
              <button type="button" className="button button-secondary" onClick={() => onPreview(newsletter)}>
                Preview
              </button>
              <button type="button" className="button button-secondary" onClick={() => onEdit(newsletter)}>
                Edit
              </button>
              {!sent && (
                <>
                  <button type="button" className="button" onClick={() => onSend(newsletter)}>
                    Send
                  </button>
                  <button type="button" className="button button-danger" onClick={() => onDelete(newsletter)}>
                    Delete
                  </button>
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
