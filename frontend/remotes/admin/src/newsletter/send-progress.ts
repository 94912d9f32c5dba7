import type { Newsletter } from '@planner/remote-contract';
import { useEffect, useRef, useState } from 'react';

/** How often the newsletters are read again while one is being sent (docs/decisions/admin-tools.md). */
export const SEND_PROGRESS_POLL_MS = 2000;

/** Marked as sent, its deliveries still being written: `recipients_count` is how many so far. */
export const isSending = (newsletter: Newsletter) => newsletter.sent_at !== null && newsletter.finished_at === null;

export const subscribersText = (count: number) => `${count} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * What the page's live region says about sends: once when one starts (or is found sending) and once when it
 * ends, not at every count in between, which the list shows.
 */
export function useSendAnnouncement(newsletters: Newsletter[] | undefined): string {
  const sending = useRef(new Set<string>());
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!newsletters) return;
    const said: string[] = [];
    for (const newsletter of newsletters) {
      const was = sending.current.has(newsletter.id);
      if (isSending(newsletter) && !was) {
        sending.current.add(newsletter.id);
        said.push(`Sending “${newsletter.subject}”…`);
      } else if (!isSending(newsletter) && was) {
        sending.current.delete(newsletter.id);
        said.push(`“${newsletter.subject}” was sent to ${subscribersText(newsletter.recipients_count)}.`);
      }
    }
    if (said.length > 0) setAnnouncement(said.join(' '));
  }, [newsletters]);
  return announcement;
}
