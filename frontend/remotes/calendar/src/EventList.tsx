import type { Wall } from './calendar-dates.js';
import type { CalendarEvent } from './calendar-events.js';
import { EventChip, useActions } from './EventChip.js';

/** Part 2 §2 / §9: a month cell shows 3 events, then '+N more events' (worded as the spec gives it, also for one). */
export const EVENTS_PER_CELL = 3;
export const moreEvents = (count: number) => `+${count} more events`;

/** The events of a cell or a group: the first `limit`, then '+N more events', which opens their day. */
export function EventList({ events, day, movingId, limit = Infinity }: { events: readonly CalendarEvent[]; day: Wall; movingId: string | null; limit?: number }) {
  const actions = useActions();
  const shown = events.slice(0, limit);
  const more = events.length - shown.length;
  return (
    <>
      {shown.length > 0 && (
        <ul className="calendar-events">
          {shown.map((event) => (
            <li key={event.id}>
              <EventChip event={event} moving={event.id === movingId} />
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <button type="button" className="link-button calendar-more" onClick={() => actions.openDay(day)}>
          {moreEvents(more)}
        </button>
      )}
    </>
  );
}
