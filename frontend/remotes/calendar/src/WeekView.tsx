import { memo, useMemo } from 'react';
import { HOURS, hourOf, longDay, shortDay, weekTitle, type Wall } from './calendar-dates.js';
import type { CalendarEvent } from './calendar-events.js';
import { dropHandlers, targetKey, useActions } from './EventChip.js';
import { EventList, EVENTS_PER_CELL } from './EventList.js';
import { eventCount, movingIn, NO_EVENTS, type ViewProps } from './MonthView.js';

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The events of each hour of each day shown, by targetKey. */
export function eventsByHour(days: readonly Wall[], byDay: ViewProps['byDay']): Map<string, CalendarEvent[]> {
  const cells = new Map<string, CalendarEvent[]>();
  for (const day of days) {
    for (const event of byDay.get(day) ?? NO_EVENTS) {
      const key = targetKey({ day, hour: hourOf(event.wall) });
      const list = cells.get(key);
      if (list) list.push(event);
      else cells.set(key, [event]);
    }
  }
  return cells;
}

/** Part 2 §2: 24 hourly rows (00:00 to 23:00), 7 day columns, the week from Sunday; a day's heading opens its day view. */
export function WeekView({ days, anchor, byDay, todayDay, highlightKey, movingId }: ViewProps) {
  const actions = useActions();
  const cells = useMemo(() => eventsByHour(days, byDay), [days, byDay]);
  return (
    <div className="calendar-scroll">
      <table className="calendar-week" aria-label={`Week of ${weekTitle(anchor)}`}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Hour</span>
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className={day === todayDay ? 'calendar-today' : undefined}>
                <button type="button" className="calendar-day-number" aria-current={day === todayDay ? 'date' : undefined} onClick={() => actions.openDay(day)}>
                  {/* Named in full for screen readers, and not by an aria-label, which would leave out the visible 'Sun 8'. */}
                  <span aria-hidden="true">{shortDay(day)}</span>
                  <span className="visually-hidden">{`${longDay(day)}${day === todayDay ? ' (today)' : ''}, ${eventCount((byDay.get(day) ?? NO_EVENTS).length)}`}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HOURS.map((hour) => (
            <tr key={hour}>
              <th scope="row" className="calendar-hour">
                {hourLabel(hour)}
              </th>
              {days.map((day) => {
                const key = targetKey({ day, hour });
                const events = cells.get(key) ?? NO_EVENTS;
                return <HourCell key={day} day={day} hour={hour} events={events} highlighted={highlightKey === key} movingId={movingIn(events, movingId)} />;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An hour of a day: its events (the first 3, then '+N more events', unless `limit` says otherwise), where a post can be dropped. */
export const HourCell = memo(function HourCell({
  day,
  hour,
  events,
  highlighted,
  movingId,
  limit = EVENTS_PER_CELL,
}: {
  day: Wall;
  hour: number;
  events: readonly CalendarEvent[];
  highlighted: boolean;
  movingId: string | null;
  limit?: number;
}) {
  const actions = useActions();
  return (
    <td className={highlighted ? 'calendar-slot calendar-drop-target' : 'calendar-slot'} {...dropHandlers(actions, { day, hour })}>
      <EventList events={events} day={day} movingId={movingId} limit={limit} />
    </td>
  );
});
