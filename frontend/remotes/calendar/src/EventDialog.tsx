import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConnectionMessages, displayDateTime, PLATFORM_DISPLAY_NAMES, wallClockAt, type AutoScheduleView } from '@planner/contracts';
import { Dialog } from '@planner/ui/dialog';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { queuedWithoutConnection } from '@planner/ui/post-status';
import { moveRefusal, type CalendarEvent } from './calendar-events.js';
import { STATUS_LABELS } from './EventChip.js';

/** Part 2 §2: the detail dialog closes 300 ms after it is asked to. */
export const DIALOG_CLOSE_DELAY_MS = 300;
export const CALENDAR_ROUTE = '/organization/calendar';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Every Monday at 09:00' or 'Once, 10/Mar/2026 09:00' (in the organization's zone). */
export function scheduleTiming(schedule: AutoScheduleView, timeZone: string): string {
  if (schedule.specific_date) return `Once, ${displayDateTime(wallClockAt(Date.parse(schedule.specific_date), timeZone))}`;
  return `Every ${capitalized(schedule.day_of_week ?? '')} at ${schedule.time_of_day ?? ''}`;
}

/**
 * Part 2 §2: an event's details; Edit Post (the designer, editingPost and
 * returnToRoute), Edit Schedule (the auto scheduler, editingSchedule and
 * returnToRoute), View Full Post (Post Review, highlightPostId), and Move
 * for a post whose time can change.
 */
export function EventDialog({
  event,
  timeZone,
  schedules,
  connections,
  onClosed,
  onMove,
}: {
  event: CalendarEvent;
  timeZone: string;
  schedules: readonly AutoScheduleView[];
  /** The organization's platforms map, once read. */
  connections: Record<string, { is_connected: boolean }> | undefined;
  onClosed: () => void;
  onMove: (event: CalendarEvent) => void;
}) {
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const close = () => {
    if (closing) return;
    setClosing(true);
    timer.current = setTimeout(onClosed, DIALOG_CLOSE_DELAY_MS);
  };
  const schedule = event.type === 'auto-schedule' ? event.originalData : schedules.find((candidate) => candidate.id === event.originalData.auto_schedule_id);
  const post = event.type === 'post' ? event.originalData : null;
  const movable = moveRefusal(event) === null;

  return (
    <Dialog title={event.title} onCancel={close} className={closing ? 'calendar-dialog calendar-dialog-closing' : 'calendar-dialog'}>
      <dl className="details">
        <dt>Type</dt>
        <dd>{event.type === 'post' ? 'Post' : 'Auto-schedule'}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[event.status] ?? event.status}</dd>
        <dt>{event.type === 'post' ? 'Scheduled for' : 'Next slot'}</dt>
        <dd>
          {displayDateTime(event.wall)} <span className="muted">({timeZone})</span>
        </dd>
        {schedule && (
          <>
            <dt>Schedule</dt>
            <dd>
              {schedule.name}: {scheduleTiming(schedule, timeZone)}
            </dd>
          </>
        )}
        <dt>Platforms</dt>
        <dd>
          <ul className="calendar-platform-list">
            {event.platforms.map((platform) => (
              <li key={platform}>
                <PlatformIcon platform={platform} decorative /> {PLATFORM_DISPLAY_NAMES[platform]}
                {post && queuedWithoutConnection(post, platform, connections) && (
                  <span className="calendar-platform-disconnected"> {ConnectionMessages.queuedWithoutConnection(PLATFORM_DISPLAY_NAMES[platform])}</span>
                )}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {post?.content && <p className="calendar-dialog-content">{post.content}</p>}
      <div className="actions">
        {post && (
          <button type="button" className="button" onClick={() => navigate('/organization/designer', { state: { editingPost: post, returnToRoute: CALENDAR_ROUTE } })}>
            Edit Post
          </button>
        )}
        {schedule && (
          <button type="button" className="button" onClick={() => navigate('/organization/autopost', { state: { editingSchedule: schedule, returnToRoute: CALENDAR_ROUTE } })}>
            Edit Schedule
          </button>
        )}
        {post && (
          <button type="button" className="button button-secondary" onClick={() => navigate('/organization/posts', { state: { highlightPostId: post.id } })}>
            View Full Post
          </button>
        )}
        {movable && (
          <button type="button" className="button button-secondary" onClick={() => onMove(event)}>
            Move
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={close}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
