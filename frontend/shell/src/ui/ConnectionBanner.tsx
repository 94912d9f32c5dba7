import { SharedMessages } from '@planner/contracts';
import { useEffect, useRef, useState } from 'react';
import { useShell } from '../shell-context.js';

/** Part 1 §9: the Retry Connection button acts at most once per 5 s. */
export const RETRY_THROTTLE_MS = 5000;

/** The red banner while the server is unreachable (part 1 §2, §4). */
export function ConnectionBanner() {
  const { client } = useShell();
  const [down, setDown] = useState(false);
  const lastRetry = useRef(-Infinity);

  useEffect(
    () =>
      client.events.subscribe((event) => {
        if (event.type === 'connection-lost') setDown(true);
        if (event.type === 'connected') setDown(false);
      }),
    [client],
  );

  if (!down) return null;
  const retry = () => {
    if (Date.now() - lastRetry.current < RETRY_THROTTLE_MS) return;
    lastRetry.current = Date.now();
    void client.checkConnection();
  };
  return (
    <div className="connection-banner" role="alert">
      <span>{SharedMessages.serverUnreachable}</span>
      <button type="button" onClick={retry}>
        Retry Connection
      </button>
    </div>
  );
}
