import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { displayDateTime, PostMessages, wallClockAt, type PostView } from '@planner/contracts';
import { serverMessage, type Host } from '@planner/remote-contract';
import { ConfirmDialog } from '@planner/ui/dialog';
import { FormMessage } from '@planner/ui/form-message';
import { hourOf, isSameSlot, movedInstant, steppedTarget, type CalendarView, type MoveTarget, type Wall } from './calendar-dates.js';
import { moveRefusal, pastMoveRefusal, type CalendarEvent, type PostEvent } from './calendar-events.js';
import { targetKey, type CalendarActions } from './EventChip.js';
import { UPDATE_FAILED } from './messages.js';

/** A move waiting for its confirmation. */
interface PendingMove {
  event: PostEvent;
  instant: Date;
}

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
type Arrow = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/**
 * Rescheduling a post (beyond the spec, docs/decisions/calendar.md): drag it
 * onto another day or hour, or focus it, press M, choose with the arrow
 * keys and press Enter; either way a dialog asks to confirm, then the posts
 * service's update changes its scheduled time (the scheduler follows by
 * event). Published and rejected posts and schedule slots are refused, and
 * so is a time that has passed, each saying why.
 */
export function useReschedule({
  host,
  timeZone,
  view,
  days,
  onMoved,
}: {
  host: Host;
  timeZone: string;
  view: CalendarView;
  days: readonly Wall[];
  onMoved: (post: PostView) => void;
}) {
  const [highlightKey, setHighlightKey] = useState<string | null>(null);
  const [keyboardMove, setKeyboardMove] = useState<{ event: PostEvent; target: MoveTarget } | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dragging = useRef<PostEvent | null>(null);
  // The actions are made once (the views' memoized cells keep them); they read the current state here.
  const current = useRef({ timeZone, view, days, keyboardMove, highlightKey });
  current.current = { timeZone, view, days, keyboardMove, highlightKey };

  const actions = useMemo(() => {
    /** Where a move would take the post, as the dialog and the announcements write it. */
    const targetText = (event: CalendarEvent, target: MoveTarget) => {
      const zone = current.current.timeZone;
      return displayDateTime(wallClockAt(movedInstant(event.date, zone, target).getTime(), zone));
    };
    const highlight = (key: string | null) => {
      if (current.current.highlightKey !== key) setHighlightKey(key);
      current.current.highlightKey = key;
    };
    /** The event's refusal shown, or the event as a movable post. */
    const movable = (event: CalendarEvent): PostEvent | null => {
      const refused = moveRefusal(event);
      setRefusal(refused);
      return refused || event.type !== 'post' ? null : event;
    };
    const propose = (event: PostEvent, target: MoveTarget) => {
      const { timeZone: zone } = current.current;
      if (isSameSlot(event.date, zone, target)) return;
      const instant = movedInstant(event.date, zone, target);
      const past = pastMoveRefusal(instant, Date.now());
      setRefusal(past);
      if (!past) setPending({ event, instant });
    };
    const stopKeyboardMove = (message: string) => {
      setKeyboardMove(null);
      highlight(null);
      setAnnouncement(message);
    };
    const begin = (event: CalendarEvent) => {
      const post = movable(event);
      if (!post) return;
      const target: MoveTarget = current.current.view === 'month' ? { day: post.day } : { day: post.day, hour: hourOf(post.wall) };
      setKeyboardMove({ event: post, target });
      highlight(targetKey(target));
      setAnnouncement(`Moving “${post.title}”. Arrow keys choose the ${current.current.view === 'month' ? 'day' : 'day and hour'}, Enter confirms, Escape cancels.`);
    };
    const keyDown = (event: CalendarEvent, domEvent: KeyboardEvent) => {
      const moving = current.current.keyboardMove;
      if (moving && moving.event.id === event.id) {
        if (ARROWS.has(domEvent.key)) {
          domEvent.preventDefault();
          const target = steppedTarget(current.current.view, moving.target, domEvent.key as Arrow, current.current.days);
          setKeyboardMove({ event: moving.event, target });
          highlight(targetKey(target));
          setAnnouncement(`To ${targetText(moving.event, target)}`);
        } else if (domEvent.key === 'Enter') {
          domEvent.preventDefault();
          stopKeyboardMove('');
          propose(moving.event, moving.target);
        } else if (domEvent.key === 'Escape') {
          domEvent.preventDefault();
          stopKeyboardMove('Move cancelled.');
        }
        return;
      }
      if ((domEvent.key === 'm' || domEvent.key === 'M') && !domEvent.ctrlKey && !domEvent.metaKey && !domEvent.altKey) {
        domEvent.preventDefault();
        begin(event);
      }
    };
    return {
      begin,
      keyDown,
      dragStart: (event: CalendarEvent, domEvent: DragEvent) => {
        const post = movable(event);
        if (!post) {
          domEvent.preventDefault();
          return;
        }
        dragging.current = post;
        if (domEvent.dataTransfer) {
          domEvent.dataTransfer.effectAllowed = 'move';
          domEvent.dataTransfer.setData('text/plain', post.id);
        }
      },
      dragEnd: () => {
        dragging.current = null;
        highlight(null);
      },
      dragOver: (target: MoveTarget, domEvent: DragEvent) => {
        if (!dragging.current) return;
        domEvent.preventDefault(); // the cell takes the drop
        highlight(targetKey(target));
      },
      drop: (target: MoveTarget, domEvent: DragEvent) => {
        const post = dragging.current;
        if (!post) return;
        domEvent.preventDefault();
        dragging.current = null;
        highlight(null);
        propose(post, target);
      },
    } satisfies Partial<CalendarActions> & { begin: (event: CalendarEvent) => void };
    // Made once: everything they read is in `current`.
  }, []);

  const dialog = pending && (
    <MoveDialog
      key={pending.event.id}
      host={host}
      pending={pending}
      timeZone={timeZone}
      onCancel={() => setPending(null)}
      onMoved={(post) => {
        setPending(null);
        onMoved(post);
      }}
    />
  );
  return { actions, highlightKey, movingId: keyboardMove?.event.id ?? null, refusal, dismissRefusal: () => setRefusal(null), announcement, dialog };
}

/** The confirmation: from when to when, in the organization's zone; Move post sends the new time. */
function MoveDialog({ host, pending, timeZone, onCancel, onMoved }: { host: Host; pending: PendingMove; timeZone: string; onCancel: () => void; onMoved: (post: PostView) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { event, instant } = pending;
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { post } = await host.api.request('POST', '/posts/:id/update', { params: { id: event.id }, body: { scheduled_time: instant.toISOString() } });
      host.toast({ kind: 'success', message: PostMessages.postUpdated });
      onMoved(post);
    } catch (error) {
      setFailure(serverMessage(error, UPDATE_FAILED));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title="Move this post?"
      message={
        <>
          “{event.title}” moves from <strong>{displayDateTime(event.wall)}</strong> to <strong>{displayDateTime(wallClockAt(instant.getTime(), timeZone))}</strong>{' '}
          <span className="muted">({timeZone})</span>.
        </>
      }
      confirmLabel="Move post"
      busyLabel="Moving…"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <FormMessage kind="error">{failure}</FormMessage>
    </ConfirmDialog>
  );
}
