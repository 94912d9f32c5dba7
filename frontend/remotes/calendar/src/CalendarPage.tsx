import { useCallback, useEffect, useMemo, useState } from 'react';
import { hasFeature, type PostView } from '@planner/contracts';
import { serverMessage, type CalendarData, type HostProps } from '@planner/remote-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { isoDay, longDay, monthTitle, parseIsoDay, stepAnchor, today, visibleDays, weekTitle, type CalendarView, type Wall } from './calendar-dates.js';
import { eventsByDay, postEvents, postInstant, scheduleEvents, type CalendarEvent } from './calendar-events.js';
import { DayView, type DayGrouping } from './DayView.js';
import { EventDialog } from './EventDialog.js';
import { Actions, type CalendarActions } from './EventChip.js';
import { LOAD_FAILED } from './messages.js';
import { MonthView, NO_EVENTS } from './MonthView.js';
import { useReschedule } from './Reschedule.js';
import { WeekView } from './WeekView.js';
import { LoadingRegion } from '@planner/ui/skeleton';

const VIEWS: readonly CalendarView[] = ['month', 'week', 'day'];
const calendarKey = (organizationId: string | undefined) => ['calendar-data', organizationId];

/**
 * The Calendar, /organization/calendar (part 2 §2): the selected
 * organization's posts and auto-schedule slots by month, week or day, in the
 * organization's time zone. A paid feature: the shell's route guard sends
 * others to /plan-selection, and so does the page.
 */
export function CalendarPage({ host }: HostProps) {
  const organizationId = host.organization?.id;
  const user = host.session.user;
  const allowed = user !== null && hasFeature(user.role, 'calendar', user.capabilities);
  const query = useQuery({
    queryKey: calendarKey(organizationId),
    queryFn: () => host.api.request('GET', '/organizations/:id/calendar-data', { params: { id: organizationId! } }),
    enabled: organizationId !== undefined && allowed,
    retry: false,
  });
  if (!organizationId || !user) return <Navigate to="/" replace />;
  if (!allowed) return <Navigate to="/plan-selection" replace />;
  if (query.isPending) {
    return (
      <main className="page calendar-page" aria-busy="true">
        <h1>Calendar</h1>
        <LoadingRegion label="Loading calendar..." />
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="page calendar-page">
        <h1>Calendar</h1>
        <p className="form-message form-message-error" role="alert">
          {serverMessage(query.error, LOAD_FAILED)}
        </p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Retry
        </button>
      </main>
    );
  }
  return <Calendar host={host} organizationId={organizationId} data={query.data} loadedAt={query.dataUpdatedAt} refreshing={query.isFetching} onRefresh={() => void query.refetch()} />;
}

function Calendar({
  host,
  organizationId,
  data,
  loadedAt,
  refreshing,
  onRefresh,
}: HostProps & { organizationId: string; data: CalendarData; loadedAt: number; refreshing: boolean; onRefresh: () => void }) {
  const queryClient = useQueryClient();
  const timeZone = data.timezone;
  // Its connections: the detail dialog marks a queued platform whose connection is gone.
  const organization = useQuery({
    queryKey: ['organization', organizationId],
    queryFn: () => host.api.request('GET', '/organizations/:id', { params: { id: organizationId } }),
    retry: false,
    staleTime: 60_000,
  });
  const todayDay = today(loadedAt, timeZone);
  // The view and its day are in the address (?view=week&date=2026-03-10): a reload or a shared link shows the same.
  const [search, setSearch] = useSearchParams();
  const view: CalendarView = VIEWS.includes(search.get('view') as CalendarView) ? (search.get('view') as CalendarView) : 'month';
  const anchor = parseIsoDay(search.get('date')) ?? todayDay;
  const show = useCallback((next: { view?: CalendarView; anchor?: Wall }) => {
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.view) params.set('view', next.view);
        if (next.anchor !== undefined) params.set('date', isoDay(next.anchor));
        return params;
      },
      { replace: true },
    );
  }, [setSearch]);
  const setView = (next: CalendarView) => show({ view: next });
  const setAnchor = (next: Wall) => show({ anchor: next });
  const [returnView, setReturnView] = useState<'month' | 'week'>('month');
  const [grouping, setGrouping] = useState<DayGrouping>('platform');
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string; date: number } | null>(null);

  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const posts = useMemo(() => eventsByDay(postEvents(data.posts, timeZone)), [data.posts, timeZone]);
  const byDay = useMemo(() => {
    const slots = eventsByDay(scheduleEvents(data.autoSchedules, data.posts, timeZone, days, loadedAt));
    const shown = new Map<Wall, CalendarEvent[]>();
    for (const day of days) {
      const own = posts.get(day) ?? NO_EVENTS;
      const extra = slots.get(day);
      if (own.length > 0 || extra) shown.set(day, extra ? [...own, ...extra].sort((a, b) => a.date - b.date) : (own as CalendarEvent[]));
    }
    return shown;
  }, [data, timeZone, days, posts, loadedAt]);

  const onMoved = useCallback(
    (post: PostView) => {
      queryClient.setQueryData<CalendarData>(calendarKey(organizationId), (old) => old && { ...old, posts: old.posts.map((candidate) => (candidate.id === post.id ? post : candidate)) });
      setFocusTarget({ id: post.id, date: postInstant(post) });
      void queryClient.invalidateQueries({ queryKey: calendarKey(organizationId) });
    },
    [queryClient, organizationId],
  );
  const reschedule = useReschedule({ host, timeZone, view, days, onMoved });

  // A moved post is drawn anew in its new cell: keyboard focus follows it there, once the data has it there.
  useEffect(() => {
    if (!focusTarget || !data.posts.some((post) => post.id === focusTarget.id && postInstant(post) === focusTarget.date)) return;
    document.querySelector<HTMLElement>(`[data-event-id="${focusTarget.id}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, data.posts]);

  const openDay = useCallback(
    (day: Wall) => {
      if (view !== 'day') setReturnView(view);
      show({ view: 'day', anchor: day });
    },
    [view, show],
  );
  const actions = useMemo<CalendarActions>(
    () => ({ ...reschedule.actions, open: setSelected, openDay }),
    [reschedule.actions, openDay],
  );

  const title = view === 'month' ? monthTitle(anchor) : view === 'week' ? weekTitle(anchor) : longDay(anchor);
  const viewProps = { days, anchor, byDay, todayDay, highlightKey: reschedule.highlightKey, movingId: reschedule.movingId };

  return (
    <main className="page calendar-page">
      <h1>Calendar</h1>
      <div className="calendar-toolbar">
        <div className="calendar-nav" role="group" aria-label="Dates">
          <button type="button" className="button button-secondary" onClick={() => setAnchor(stepAnchor(view, anchor, -1))}>
            Previous
          </button>
          <button type="button" className="button button-secondary" onClick={() => setAnchor(todayDay)}>
            Today
          </button>
          <button type="button" className="button button-secondary" onClick={() => setAnchor(stepAnchor(view, anchor, 1))}>
            Next
          </button>
        </div>
        <h2 className="calendar-title" aria-live="polite">
          {title}
        </h2>
        <div className="calendar-toggle" role="group" aria-label="View">
          {(['month', 'week'] as const).map((option) => (
            <button key={option} type="button" className="button button-secondary" aria-pressed={view === option} onClick={() => setView(option)}>
              {option === 'month' ? 'Month' : 'Week'}
            </button>
          ))}
        </div>
        <button type="button" className="button button-secondary" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="muted calendar-zone">
        Times in {timeZone}. Drag a post to another day or hour to move it, or focus it and press M.
      </p>
      {reschedule.refusal && (
        <div className="form-message form-message-error calendar-refusal" role="alert">
          <span>{reschedule.refusal}</span>
          <button type="button" className="link-button" onClick={reschedule.dismissRefusal}>
            Dismiss
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {reschedule.announcement}
      </p>
      <Actions.Provider value={actions}>
        {view === 'month' && <MonthView {...viewProps} />}
        {view === 'week' && <WeekView {...viewProps} />}
        {view === 'day' && <DayView {...viewProps} grouping={grouping} onGrouping={setGrouping} onBack={() => setView(returnView)} />}
      </Actions.Provider>
      {selected && (
        <EventDialog
          event={selected}
          timeZone={timeZone}
          schedules={data.autoSchedules}
          connections={organization.data?.platforms}
          onClosed={() => setSelected(null)}
          onMove={(event) => {
            setSelected(null);
            setFocusTarget({ id: event.id, date: event.date });
            reschedule.actions.begin(event);
          }}
        />
      )}
      {reschedule.dialog}
    </main>
  );
}
