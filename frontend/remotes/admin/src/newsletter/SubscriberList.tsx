import type { NewsletterSubscriber } from '@planner/remote-contract';
import { formatDateTime } from '../format.js';
import { NewsletterTexts } from './messages.js';
import { Badge } from '@planner/ui/badge';

const STATUS: Record<NewsletterSubscriber['status'], string> = {
  active: 'Active',
  pending: 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
};

/** Part 1 §2: the subscribers (a page of 50), each with Delete. */
export function SubscriberList({ subscribers, onDelete }: { subscribers: NewsletterSubscriber[]; onDelete: (subscriber: NewsletterSubscriber) => void }) {
  if (subscribers.length === 0) return <p>{NewsletterTexts.noSubscribers}</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Subscribers table" tabIndex={0}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            <th scope="col">Subscribed</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className="subscriber-email">{subscriber.email}</td>
              <td>
                <Badge tone={subscriber.is_active ? 'success' : 'neutral'}>{STATUS[subscriber.status]}</Badge>
              </td>
              <td>{formatDateTime(subscriber.created_at)}</td>
              <td>
                <button type="button" className="button button-danger button-small" aria-label={`Delete ${subscriber.email}`} onClick={() => onDelete(subscriber)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
