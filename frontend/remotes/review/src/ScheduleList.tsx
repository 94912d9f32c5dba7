import { platformIdOf, platformList, type AutoScheduleView } from '@planner/contracts';
import { formatDateTime } from '@planner/ui/dates';
import { humanDuration } from '@planner/ui/settings-rules';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useId } from 'react';
import { MEDIA_LABELS } from './post-review.js';
import { timingText, upcomingSlots } from './schedule-view.js';
import { Badge } from '@planner/ui/badge';

export type ScheduleAction = 'edit' | 'delete' | 'toggle';

function ScheduleItem({ schedule, timeZone, now, disabled, onAction }: { schedule: AutoScheduleView; timeZone: string; now: Date; disabled: boolean; onAction: (action: ScheduleAction) => void }) {
  const id = useId();
  const slots = upcomingSlots(schedule, timeZone, now);
  const platforms = platformList(schedule.platforms);
  return (
    <li className="card schedule-card" aria-labelledby={`${id}-name`}>
      <div className="post-card-header">
        <h3 id={`${id}-name`} className="post-card-title">
          {schedule.name}
        </h3>
        <Badge tone={schedule.active ? 'success' : 'neutral'}>{schedule.active ? 'Active' : 'Paused'}</Badge>
      </div>
      <ul className="post-platforms" aria-label="Platforms">
        {platforms.map((name) => {
          const platform = platformIdOf(name);
          return (
            <li key={name}>
              {platform && <PlatformIcon platform={platform} decorative className="platform-icon" />} {name}
            </li>
          );
        })}
      </ul>
      <p>
        {timingText(schedule, timeZone)} · {MEDIA_LABELS[schedule.specific_media_type]} ·{' '}
        {schedule.review_post_before_publishing
          ? `Review before publishing${schedule.specific_before_post_review_time ? ` (${humanDuration(schedule.specific_before_post_review_time)} ahead)` : ''}`
          : 'Published without review'}
      </p>
      <p className="muted">{schedule.specific_content ? 'Specific content' : 'Content generated for each post'}</p>
      {schedule.active && slots.length > 0 && (
        <div>
          <p id={`${id}-next`}>Next posts ({timeZone}):</p>
          <ul className="schedule-slots" aria-labelledby={`${id}-next`}>
            {slots.map((slot) => (
              <li key={slot.toISOString()}>
                <time dateTime={slot.toISOString()}>{formatDateTime(slot, timeZone)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
      {schedule.active && slots.length === 0 && <p className="muted">Its date has passed: it makes no more posts.</p>}
      <p className="actions">
        <button type="button" className="button button-secondary" disabled={disabled} onClick={() => onAction('edit')} aria-label={`Edit ${schedule.name}`}>
          Edit
        </button>
        <button type="button" className="button button-secondary" disabled={disabled} onClick={() => onAction('toggle')} aria-label={`${schedule.active ? 'Pause' : 'Activate'} ${schedule.name}`}>
          {schedule.active ? 'Pause' : 'Activate'}
        </button>
        <button type="button" className="button button-danger" disabled={disabled} onClick={() => onAction('delete')} aria-label={`Delete ${schedule.name}`}>
          Delete
        </button>
      </p>
    </li>
  );
}

/** Part 2 §2: Scheduled Posts, each schedule with its platforms, timing, next times in the organization's zone, and its actions. */
export function ScheduleList({ schedules, timeZone, disabled, onAction }: { schedules: readonly AutoScheduleView[]; timeZone: string; disabled: boolean; onAction: (schedule: AutoScheduleView, action: ScheduleAction) => void }) {
  const now = new Date();
  return (
    <ul className="schedule-list" aria-label="Scheduled Posts">
      {schedules.map((schedule) => (
        <ScheduleItem key={schedule.id} schedule={schedule} timeZone={timeZone} now={now} disabled={disabled} onAction={(action) => onAction(schedule, action)} />
      ))}
    </ul>
  );
}
