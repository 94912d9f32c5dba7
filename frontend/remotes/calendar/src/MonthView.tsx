import { memo } from 'react';
import { dayNumber, longDay, monthTitle, sameMonth, type Wall } from './calendar-dates.js';
import type { CalendarEvent } from './calendar-events.js';
import { dropHandlers, targetKey, useActions } from './EventChip.js';
import { EventList, EVENTS_PER_CELL } from './EventList.js';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const NO_EVENTS: readonly CalendarEvent[] = [];

export const eventCount = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;

export interface ViewProps {
  days: readonly Wall[];
  anchor: Wall;
  byDay: ReadonlyMap<Wall, readonly CalendarEvent[]>;
  todayDay: Wall;
  /** targetKey of the cell a post is being dragged or keyboard-moved to. */
  highlightKey: string | null;
  /** The post being keyboard-moved. */
  movingId: string | null;
}

/** The event being moved, when it is among `events` (so only its cell draws again when a move starts or ends). */
export const movingIn = (events: readonly CalendarEvent[], movingId: string | null) => (movingId && events.some((event) => event.id === movingId) ? movingId : null);

/** Part 2 §2: weekday headers Sun to Sat, 42 days, up to 3 events a day, '+N more events', a count badge; a day opens the day view. */
export function MonthView({ days, anchor, byDay, todayDay, highlightKey, movingId }: ViewProps) {
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <table className="calendar-month" aria-label={monthTitle(anchor)}>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday, i) => (
            <th key={weekday} scope="col">
              <abbr title={WEEKDAY_NAMES[i]}>{weekday}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const events = byDay.get(day) ?? NO_EVENTS;
              return (
                <MonthCell
                  key={day}
                  day={day}
                  events={events}
                  outside={!sameMonth(day, anchor)}
                  isToday={day === todayDay}
                  highlighted={highlightKey === targetKey({ day })}
                  movingId={movingIn(events, movingId)}
                />
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const MonthCell = memo(function MonthCell({
  day,
  events,
  outside,
  isToday,
  highlighted,
  movingId,
}: {
  day: Wall;
  events: readonly CalendarEvent[];
  outside: boolean;
  isToday: boolean;
  highlighted: boolean;
  movingId: string | null;
}) {
  const actions = useActions();
  const classes = ['calendar-day', outside && 'calendar-day-outside', isToday && 'calendar-today', highlighted && 'calendar-drop-target'].filter(Boolean).join(' ');
  return (
    <td className={classes} {...dropHandlers(actions, { day })}>
      <div className="calendar-day-head">
        <button
          type="button"
          className="calendar-day-number"
          aria-label={`${longDay(day)}${isToday ? ' (today)' : ''}, ${eventCount(events.length)}`}
          aria-current={isToday ? 'date' : undefined}
          onClick={() => actions.openDay(day)}
        >
          {dayNumber(day)}
        </button>
        {events.length > 0 && (
          <span className="calendar-count" aria-hidden="true">
            {events.length}
          </span>
        )}
      </div>
      <EventList events={events} day={day} movingId={movingId} limit={EVENTS_PER_CELL} />
    </td>
  );
});
