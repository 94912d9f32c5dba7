import { useEffect, useState } from 'react';
import { minutesAndSeconds } from '../api/rate-limit.js';
import { useShell } from '../shell-context.js';

/** Not worded by the spec beyond "the remaining time in minutes and seconds" (part 1 §2). */
export function rateLimitNoticeText(remaining: string): string {
  return `Rate limit reached. You can try again in ${remaining}.`;
}

/** Shows the time left on the longest active rate-limit block, also after a reload. */
export function RateLimitNotice() {
  const { client } = useShell();
  const [until, setUntil] = useState<number | null>(() => client.rateLimits.latestEnd());
  const [now, setNow] = useState(() => Date.now());

  useEffect(
    () =>
      client.events.subscribe((event) => {
        if (event.type === 'rate-limited') setUntil((current) => Math.max(current ?? 0, event.until));
      }),
    [client],
  );

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  if (until === null || until <= now) return null;
  return (
    <div className="rate-limit-notice" role="status">
      {rateLimitNoticeText(minutesAndSeconds((until - now) / 1000))}
    </div>
  );
}
