import { ConnectionMessages, PLATFORM_DISPLAY_NAMES, PostMessages, type ConnectionPlatform, type PostView, type PublicationView } from '@planner/contracts';
import type { Host, Organization, PostActionResponse, PostList } from '@planner/remote-contract';
import { ConfirmPublished, ConfirmPublishedMessages, CONFIRMED_SETTLE_MS, withConfirmed } from '@planner/ui/confirm-published';
import { ConfirmDialog } from '@planner/ui/dialog';
import { formatDateTime } from '@planner/ui/dates';
import { errorText } from '@planner/ui/error-text';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { POST_STATUS_LABELS, queuedWithoutConnection } from '@planner/ui/post-status';
import { actionsFor, DESIGNER_ROUTE, editState, MEDIA_LABELS, platformLines, retryChoices, STATUS_BADGES, type PlatformLine } from './post-review.js';
import { Badge } from '@planner/ui/badge';

/** Part 2 §8 (post actions): what a failed action says when the server gave no message. */
export const UPDATE_FAILED = 'Failed to update post. Please try again.';

export type Banner = { kind: 'success' | 'error'; text: string };

type Action = { kind: 'approve'; notes: string; scheduledTime: string } | { kind: 'reject'; reason: string } | { kind: 'sendBack' } | { kind: 'retry'; platforms?: ConnectionPlatform[] } | { kind: 'delete' };
type Panel = 'approve' | 'reject' | 'delete' | null;


/**
 * Where the post stands on one platform: its link once published, with a
 * note where it went out otherwise than asked (TikTok visible to the creator
 * only, a YouTube upload locked private), the platform's reason when it
 * failed or is in doubt.
 */
function Outcome({ line, disconnected }: { line: PlatformLine; disconnected: boolean }) {
  const outcome = line.outcome;
  if (!outcome) return null;
  if (outcome.status === 'published') {
    return (
      <>
        {outcome.link ? (
          <a href={outcome.link} target="_blank" rel="noreferrer">
            View on {line.name}
          </a>
        ) : (
          <span>Published</span>
        )}
        {outcome.reason && <span className="post-platform-note"> Note: {outcome.reason}</span>}
      </>
    );
  }
  // Its connection was removed since (docs/decisions/organization-config-page.md): it would only fail at its time.
  if (disconnected) return <span className="post-platform-failed">{ConnectionMessages.queuedWithoutConnection(line.name)}</span>;
  if (outcome.status === 'queued') return <span className="muted">Queued for publishing</span>;
  return (
    <span className="post-platform-failed">
      {outcome.status === 'failed' ? 'Failed' : 'Not confirmed'}: {outcome.reason ?? 'Unknown error'}
    </span>
  );
}

/** The submit and Cancel of a card's approve or reject panel. */
function PanelActions({ label, busyLabel, busy, danger = false, onCancel }: { label: string; busyLabel: string; busy: boolean; danger?: boolean; onCancel: () => void }) {
  return (
    <p className="actions">
      <button type="submit" className={danger ? 'button button-danger' : 'button'} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </p>
  );
}

/**
 * One post of Post Review (part 2 §2, §4, §5): its status, time, text, media,
 * notes and where it stands on each platform (its link once published, the
 * platform's reason when it failed), and the actions its status allows:
 * Approve with optional notes, Reject with a required reason, Edit in the
 * designer, Send back to review when approved, Retry of a failed platform
 * or of all when it failed, Delete after confirmation.
 */
export function PostCard({
  post,
  host,
  organization,
  highlight,
  onBanner,
  onDone,
}: {
  post: PostView;
  host: Host;
  /** The selected organization's settings and connections, once read. */
  organization: Organization | undefined;
  highlight: string | null;
  onBanner: (banner: Banner) => void;
  /** An action went through and the list was read again: the page moves the focus on (useFocusAfterAction). */
  onDone: () => void;
}) {
  const timeZone = organization?.timezone;
  const id = useId();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const card = useRef<HTMLLIElement>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [notes, setNotes] = useState('');
  const [scheduledTime, setScheduledTime] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const params = { id: post.id };
  const highlighted = highlight !== null;

  useEffect(() => {
    // Shown from the calendar or after its edit: brought into view and focused, so a screen reader starts there.
    if (highlighted) {
      card.current?.scrollIntoView?.({ block: 'center' });
      card.current?.focus();
    }
  }, [highlighted]);

  const act = useMutation({
    mutationFn: (action: Action): Promise<PostActionResponse | { message: string }> => {
      if (action.kind === 'approve') {
        const body = { notes: action.notes.trim() || null, ...(action.scheduledTime && { scheduled_time: action.scheduledTime }) };
        return host.api.request('POST', '/posts/:id/approve', { params, body });
      }
      if (action.kind === 'reject') return host.api.request('POST', '/posts/:id/reject', { params, body: { reason: action.reason.trim() } });
      if (action.kind === 'sendBack') return host.api.request('POST', '/posts/:id/clear', { params });
      if (action.kind === 'retry') return host.api.request('POST', '/posts/:id/retry', { params, ...(action.platforms && { body: { platforms: action.platforms } }) });
      return host.api.request('DELETE', '/posts/:id', { params });
    },
    onSuccess: async (answer) => {
      setPanel(null);
      onBanner({ kind: 'success', text: answer.message });
      // Part 2 §4: after an action the list reloads.
      await queries.invalidateQueries({ queryKey: ['posts'] });
      onDone();
    },
    onError: (error) => onBanner({ kind: 'error', text: errorText(error, UPDATE_FAILED) }),
  });

  // Shown at once from the scheduler's answer; the lists are read again once the posts service has the event.
  const confirmed = (publication: PublicationView) => {
    queries.setQueriesData<PostList | PostView>({ queryKey: ['posts'] }, (data) => {
      if (!data) return data;
      return 'posts' in data ? { ...data, posts: data.posts.map((p) => withConfirmed(p, publication)) } : withConfirmed<PostView>(data, publication);
    });
    onBanner({ kind: 'success', text: ConfirmPublishedMessages.done(PLATFORM_DISPLAY_NAMES[publication.platform]) });
    setTimeout(() => void queries.invalidateQueries({ queryKey: ['posts'] }), CONFIRMED_SETTLE_MS);
  };

  const allowed = actionsFor(post.status);
  // The one-click actions (no panel) say which of them is under way.
  const running = act.isPending ? act.variables.kind : null;
  const lines = platformLines(post);
  const retry = allowed.includes('retry') ? retryChoices(lines) : { platforms: [], all: false };
  /** What a running retry is for: one platform, or all. */
  const retrying = act.isPending && act.variables.kind === 'retry' ? (act.variables.platforms?.[0] ?? 'all') : null;
  const names = lines.map((line) => line.name).join(', ');
  const media = post.media_paths.split(',').filter(Boolean);
  const open = (next: Panel) => {
    setPanel(next);
    setReasonError(null);
  };

  return (
    <li ref={card} className={`card post-card${highlighted ? ' post-card-highlighted' : ''}`} aria-labelledby={`${id}-title`} data-post-id={post.id} tabIndex={highlighted ? -1 : undefined}>
      <div className="post-card-header">
        <h2 id={`${id}-title`} className="post-card-title" tabIndex={-1}>
          Post for {names || 'no platform'}
        </h2>
        <span className={`badge ${STATUS_BADGES[post.status]}`}>{POST_STATUS_LABELS[post.status]}</span>
        {highlight && <Badge tone="info">{highlight}</Badge>}
      </div>
      <p className="muted">
        {post.scheduled_time ? `Scheduled for ${formatDateTime(post.scheduled_time, timeZone)}${timeZone ? ` (${timeZone})` : ''}` : 'No scheduled time: published when approved'}
        {post.auto_schedule_id && ' · made by an auto-schedule'}
      </p>
      {post.missed_slot && <p className="form-message form-message-info">{post.missed_slot}</p>}
      <p className="post-content">{post.content || <span className="muted">{post.media_type === 'story' ? PostMessages.storiesWithoutText : 'No text yet.'}</span>}</p>
      <p className="muted">
        {MEDIA_LABELS[post.media_type]} post
        {media.length > 0 && ` · ${media.length} media file${media.length === 1 ? '' : 's'}`}
      </p>
      {post.review_notes && (
        <p>
          <strong>Review notes:</strong> {post.review_notes}
        </p>
      )}
      <ul className="post-platforms" aria-label="Platforms">
        {lines.map((line) => (
          <li key={line.name}>
            {line.platform && <PlatformIcon platform={line.platform} decorative className="platform-icon" />} <span className="post-platform-name">{line.name}</span>{' '}
            <Outcome line={line} disconnected={line.platform !== null && queuedWithoutConnection(post, line.platform, organization?.platforms)} />
            {line.platform && retry.platforms.includes(line.platform) && (
              <>
                {' '}
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Retry ${line.name}`}
                  disabled={act.isPending}
                  onClick={() => act.mutate({ kind: 'retry', platforms: [line.platform!] })}
                >
                  {retrying === line.platform ? 'Retrying...' : 'Retry'}
                </button>
              </>
            )}
            {line.platform && line.outcome?.status === 'in_doubt' && (
              <>
                {' '}
                <ConfirmPublished host={host} postId={post.id} platform={line.platform} onConfirmed={confirmed} />
              </>
            )}
          </li>
        ))}
      </ul>

      {panel === null && (
        <p className="actions">
          {allowed.includes('approve') && (
            <button type="button" className="button" onClick={() => open('approve')}>
              Approve
            </button>
          )}
          {allowed.includes('sendBack') && (
            <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate({ kind: 'sendBack' })}>
              {running === 'sendBack' ? 'Sending back...' : 'Send back to review'}
            </button>
          )}
          {retry.all && (
            <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate({ kind: 'retry' })}>
              {retrying === 'all' ? 'Retrying...' : retry.platforms.length > 0 ? 'Retry all' : 'Retry'}
            </button>
          )}
          {allowed.includes('reject') && (
            <button type="button" className="button button-secondary" onClick={() => open('reject')}>
              Reject
            </button>
          )}
          {allowed.includes('edit') && (
            <button type="button" className="button button-secondary" onClick={() => navigate(DESIGNER_ROUTE, { state: editState(post) })}>
              Edit
            </button>
          )}
          <button type="button" className="button button-danger" onClick={() => open('delete')}>
            Delete
          </button>
        </p>
      )}

      {panel === 'approve' && (
        <form
          className="post-panel"
          aria-label="Approve post"
          onSubmit={(event) => {
            event.preventDefault();
            act.mutate({ kind: 'approve', notes, scheduledTime });
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-notes`}>Approval notes (optional)</label>
            <textarea id={`${id}-notes`} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          {post.missed_slot && (
            <div className="field">
              <label htmlFor={`${id}-time`}>New time (optional)</label>
              <input id={`${id}-time`} type="datetime-local" value={scheduledTime} onChange={(e) => setScheduledTime(e.target.value)} aria-describedby={`${id}-time-hint`} />
              <p id={`${id}-time-hint`} className="field-hint">
                In the account’s time zone{timeZone ? ` (${timeZone})` : ''}. Left empty, the post is published now.
              </p>
            </div>
          )}
          <PanelActions label="Approve post" busyLabel="Approving..." busy={act.isPending} onCancel={() => open(null)} />
        </form>
      )}

      {panel === 'reject' && (
        <form
          className="post-panel"
          aria-label="Reject post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // Part 2 §5: a reason is required.
            if (!reason.trim()) return setReasonError(PostMessages.rejectReasonRequired);
            act.mutate({ kind: 'reject', reason });
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason for rejecting</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                // The reason is being written: its missing-reason message no longer holds.
                setReasonError(null);
              }}
            />
            {reasonError && (
              <p id={`${id}-reason-error`} className="field-error" role="alert">
                {reasonError}
              </p>
            )}
          </div>
          <PanelActions label="Reject post" busyLabel="Rejecting..." busy={act.isPending} danger onCancel={() => open(null)} />
        </form>
      )}

      {panel === 'delete' && (
        <ConfirmDialog
          title="Delete post"
          message={`Are you sure you want to delete this post for ${names || 'no platform'}? This cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={act.isPending}
          danger
          onConfirm={() => act.mutate({ kind: 'delete' })}
          onCancel={() => open(null)}
        />
      )}
    </li>
  );
}
