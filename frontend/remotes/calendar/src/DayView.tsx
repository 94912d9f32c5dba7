import { useMemo } from 'react';
import { CONNECTION_PLATFORMS, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from '@planner/contracts';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { HOURS, longDay } from './calendar-dates.js';
import type { CalendarEvent } from './calendar-events.js';
import { targetKey } from './EventChip.js';
import { EventList } from './EventList.js';
import { eventCount, movingIn, NO_EVENTS, type ViewProps } from './MonthView.js';
import { eventsByHour, HourCell, hourLabel } from './WeekView.js';

export type DayGrouping = 'platform' | 'hour';

/** A day's events under each of their platforms, in the platforms' order; an event on two platforms is under both. */
export function eventsByPlatform(events: readonly CalendarEvent[]): [ConnectionPlatform | null, CalendarEvent[]][] {
  const groups = new Map<ConnectionPlatform | null, CalendarEvent[]>();
  for (const event of events) {
    for (const platform of event.platforms.length > 0 ? event.platforms : [null]) {
      const list = groups.get(platform);
      if (list) list.push(event);
      else groups.set(platform, [event]);
    }
  }
  const order = (platform: ConnectionPlatform | null) => (platform === null ? CONNECTION_PLATFORMS.length : CONNECTION_PLATFORMS.indexOf(platform));
  return [...groups].sort(([a], [b]) => order(a) - order(b));
}

/** Part 2 §2: one day's events grouped by platform, or by hour (where a post can be dropped on an hour), with Back. */
export function DayView({ days, byDay, highlightKey, movingId, grouping, onGrouping, onBack }: ViewProps & { grouping: DayGrouping; onGrouping: (grouping: DayGrouping) => void; onBack: () => void }) {
  const day = days[0]!;
  const events = byDay.get(day) ?? NO_EVENTS;
  return (
    <section className="calendar-day-view" aria-labelledby="calendar-day-title">
      <div className="calendar-day-bar">
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back
        </button>
        <h3 id="calendar-day-title">
          {longDay(day)} <span className="muted">({eventCount(events.length)})</span>
        </h3>
        <div className="calendar-toggle" role="group" aria-label="Group the day’s events">
          {(['platform', 'hour'] as const).map((option) => (
            <button key={option} type="button" className="button button-secondary" aria-pressed={grouping === option} onClick={() => onGrouping(option)}>
              By {option}
            </button>
          ))}
        </div>
      </div>
      {grouping === 'platform' ? <ByPlatform events={events} day={day} movingId={movingId} /> : <ByHour days={days} byDay={byDay} highlightKey={highlightKey} movingId={movingId} />}
    </section>
  );
}

function ByPlatform({ events, day, movingId }: { events: readonly CalendarEvent[]; day: number; movingId: string | null }) {
  const groups = useMemo(() => eventsByPlatform(events), [events]);
  if (groups.length === 0) return <p className="muted">No events on this day.</p>;
  return (
    <div className="calendar-platform-groups">
      {groups.map(([platform, list]) => {
        const name = platform ? PLATFORM_DISPLAY_NAMES[platform] : 'Other';
        return (
          <section key={platform ?? 'other'} className="calendar-platform-group" aria-label={`${name}, ${eventCount(list.length)}`}>
            <h4>
              {platform && <PlatformIcon platform={platform} decorative />} {name}
            </h4>
            <EventList events={list} day={day} movingId={movingId} />
          </section>
        );
      })}
    </div>
  );
}

function ByHour({ days, byDay, highlightKey, movingId }: Pick<ViewProps, 'days' | 'byDay' | 'highlightKey' | 'movingId'>) {
  const day = days[0]!;
  const cells = useMemo(() => eventsByHour(days, byDay), [days, byDay]);
  return (
    <table className="calendar-week calendar-hours" aria-label={`${longDay(day)} by hour`}>
      <tbody>
        {HOURS.map((hour) => {
          const key = targetKey({ day, hour });
          const events = cells.get(key) ?? NO_EVENTS;
          return (
            <tr key={hour}>
              <th scope="row" className="calendar-hour">
                {hourLabel(hour)}
              </th>
              <HourCell day={day} hour={hour} events={events} highlighted={highlightKey === key} movingId={movingIn(events, movingId)} limit={Infinity} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
