import { useEffect, useState } from 'react';
import { rateLimitMessage } from '../api/rate-limit.js';
import { useShell } from '../shell-context.js';

/**
 * Counts down the longest active rate-limit block (part 1 §2), also after a reload, in the words of the toast
 * that announced it: both read the client's one rate-limit state (docs/decisions/notices.md).
 */
export function RateLimitNotice() {
  const { client } = useShell();
  const [secondsLeft, setSecondsLeft] = useState(() => client.rateLimits.longestRemaining());

  useEffect(
    () =>
      client.events.subscribe((event) => {
        if (event.type === 'rate-limited') setSecondsLeft(client.rateLimits.longestRemaining());
      }),
    [client],
  );

  const blocked = secondsLeft > 0;
  useEffect(() => {
    if (!blocked) return;
    const timer = setInterval(() => setSecondsLeft(client.rateLimits.longestRemaining()), 1000);
    return () => clearInterval(timer);
  }, [client, blocked]);

  if (!blocked) return null;
  // A timer is not read aloud each second (implicit aria-live off); the toast announced the block.
  return (
    <div className="rate-limit-notice" role="timer">
      {rateLimitMessage(secondsLeft)}
    </div>
  );
}
