import { createContext, memo, useContext, type DragEvent, type KeyboardEvent } from 'react';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { POST_STATUS_LABELS } from '@planner/ui/post-status';
import { clockTime, type MoveTarget } from './calendar-dates.js';
import { moveRefusal, type CalendarEvent } from './calendar-events.js';

/**
 * What a view's events and cells do, the same in every view: open an event
 * or a day, and drag or keyboard-move a post. Stable for the page's life, so
 * memoized cells and events do not draw again when it acts.
 */
export interface CalendarActions {
  open(event: CalendarEvent): void;
  openDay(day: number): void;
  dragStart(event: CalendarEvent, domEvent: DragEvent): void;
  dragEnd(): void;
  dragOver(target: MoveTarget, domEvent: DragEvent): void;
  drop(target: MoveTarget, domEvent: DragEvent): void;
  /** M starts a keyboard move; while moving, the arrows choose, Enter confirms, Escape cancels. */
  keyDown(event: CalendarEvent, domEvent: KeyboardEvent): void;
}

export const Actions = createContext<CalendarActions | null>(null);

export function useActions(): CalendarActions {
  const actions = useContext(Actions);
  if (!actions) throw new Error('useActions outside the calendar');
  return actions;
}

/** A post's status, or an auto-schedule's coming slot. */
export const STATUS_LABELS: Record<string, string> = { ...POST_STATUS_LABELS, scheduled: 'Auto-schedule slot' };

/**
 * One event: its time, its platforms' icons and its title; a button that opens it, draggable (and moved
 * with M) when it is a post whose time can change. A published or rejected post says why it cannot move
 * (its title, the tooltip); M on it says so too (Reschedule's refusal).
 */
export const EventChip = memo(function EventChip({ event, moving = false }: { event: CalendarEvent; moving?: boolean }) {
  const actions = useActions();
  const refusal = moveRefusal(event);
  const post = event.type === 'post' && refusal === null;
  return (
    <button
      type="button"
      className={`calendar-event calendar-event-${event.type === 'post' ? event.status : 'slot'}${moving ? ' calendar-event-moving' : ''}`}
      data-event-id={event.id}
      draggable={post}
      title={event.type === 'post' ? (refusal ?? undefined) : undefined}
      aria-keyshortcuts={post ? 'M' : undefined}
      aria-pressed={post && moving ? true : undefined}
      onClick={() => actions.open(event)}
      onKeyDown={(domEvent) => actions.keyDown(event, domEvent)}
      onDragStart={(domEvent) => actions.dragStart(event, domEvent)}
      onDragEnd={() => actions.dragEnd()}
    >
      <span className="calendar-event-time">{clockTime(event.wall)}</span>
      <PlatformIcons event={event} />
      <span className="calendar-event-title">{event.title}</span>
      <span className="visually-hidden">, {STATUS_LABELS[event.status] ?? event.status}</span>
    </button>
  );
});

function PlatformIcons({ event }: { event: CalendarEvent }) {
  if (event.platforms.length === 0) return null;
  return (
    <span className="calendar-event-platforms">
      {event.platforms.map((platform) => (
        <PlatformIcon key={platform} platform={platform} size={14} as="image" />
      ))}
    </span>
  );
}

/** A place a post can be dropped on: a day (month view) or an hour of a day (week and day views). */
export function dropHandlers(actions: CalendarActions, target: MoveTarget) {
  return {
    onDragOver: (domEvent: DragEvent) => actions.dragOver(target, domEvent),
    onDrop: (domEvent: DragEvent) => actions.drop(target, domEvent),
  };
}

/** The key of a move target, to compare one with the highlighted one. */
export const targetKey = (target: MoveTarget) => `${target.day}:${target.hour ?? ''}`;
