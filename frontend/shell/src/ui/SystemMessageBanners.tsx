import type { SystemMessage } from '@planner/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useShell, useUser } from '../shell-context.js';

const KIND_LABELS: Record<SystemMessage['type'], string> = { info: 'Information', success: 'Success', warning: 'Warning', error: 'Error' };

/** One message; a timed one (duration > 0, part 1 §3) runs out that long after it shows. */
function SystemMessageBanner({ message, onDismiss, onExpire }: { message: SystemMessage; onDismiss: () => void; onExpire: () => void }) {
  useEffect(() => {
    if (message.duration <= 0) return;
    const timer = setTimeout(onExpire, message.duration);
    return () => clearTimeout(timer);
    // The timer starts when the message shows; a re-render (another message dismissed) must not restart it.
  }, [message.id, message.duration]);
  const urgent = message.type === 'warning' || message.type === 'error';
  return (
    <div className={`system-message system-message-${message.type}`} role={urgent ? 'alert' : 'status'}>
      <span>
        <span className="visually-hidden">{KIND_LABELS[message.type]}: </span>
        {message.message}
      </span>
      <button type="button" className="system-message-close" aria-label="Dismiss message" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * The banner area below the header: the active system messages the user has not dismissed, at most three at a
 * time with how many more wait (docs/decisions/notices.md). In the page's flow, so never above an open dialog.
 */
export function SystemMessageBanners() {
  const { systemMessages } = useShell();
  const userId = useUser()?.id ?? null;
  useSyncExternalStore(systemMessages.subscribe, systemMessages.getSnapshot);
  const { shown, more } = systemMessages.pendingFor(userId);
  if (shown.length === 0) return null;
  return (
    <section className="system-messages" aria-label="System messages">
      {shown.map((message) => (
        <SystemMessageBanner
          key={message.id}
          message={message}
          onDismiss={() => systemMessages.dismiss(userId, message.id)}
          onExpire={() => systemMessages.expire(message.id)}
        />
      ))}
      {more > 0 && <p className="system-messages-more">and {more} more</p>}
    </section>
  );
}
