import { PLATFORM_DISPLAY_NAMES, type PostView, type PublicationView } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { ConfirmPublished, withConfirmed } from '@planner/ui/confirm-published';
import { formatDateTime } from '@planner/ui/dates';
import { errorText } from '@planner/ui/error-text';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useEffect, useRef, useState } from 'react';
import { inDoubtText } from '../messages.js';
import { progressRows, PROGRESS_POLL_MS, stillPublishing, type ProgressRow } from './publish-progress.js';
import type { ScheduleMode } from './submit.js';

export interface PublishProgressProps {
  host: Host;
  mode: ScheduleMode;
  /** The posts the submit saved, as its answers carried them. */
  posts: readonly PostView[];
  timeZone: string;
}

const rowKey = (row: Pick<ProgressRow, 'postId' | 'platform'>) => `${row.postId}:${row.platform}`;

/**
 * Issue 30 §2: after a submit, one row per post and platform: publishing…,
 * published with its link, failed with its reason and Retry, in doubt, or
 * (Schedule for) queued for its time. While a platform publishes, the post is
 * read again every PROGRESS_POLL_MS until none does or the page is left;
 * changes are announced politely. Retry is the post's own (POST
 * /posts/{id}/retry for that platform), then its row follows it the same way.
 */
export function PublishProgress({ host, mode, posts: submitted, timeZone }: PublishProgressProps) {
  const [posts, setPosts] = useState(submitted);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const rows = useRef(new Map<string, HTMLLIElement>());
  const replace = (post: PostView) => setPosts((all) => all.map((p) => (p.id === post.id ? post : p)));
  const confirmed = (publication: PublicationView) => setPosts((all) => all.map((p) => withConfirmed(p, publication)));

  useEffect(() => {
    if (mode !== 'now' || !posts.some(stillPublishing)) return;
    // A retry (or the page's end) while a read is on its way drops that read: it may be older than what the retry answered.
    let current = true;
    const timer = setTimeout(() => {
      void Promise.all(posts.map((post) => (stillPublishing(post) ? host.api.request('GET', '/posts/:id', { params: { id: post.id } }).catch(() => post) : post))).then((read) => {
        if (current) setPosts(read);
      });
    }, PROGRESS_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [host, mode, posts]);

  const retry = async (row: ProgressRow) => {
    const key = rowKey(row);
    setRetrying(key);
    setProblems(({ [key]: _, ...rest }) => rest);
    try {
      const answer = await host.api.request('POST', '/posts/:id/retry', { params: { id: row.postId }, body: { platforms: [row.platform] } });
      replace(answer.post);
    } catch (error) {
      setProblems((all) => ({ ...all, [key]: errorText(error) }));
    } finally {
      setRetrying(null);
      // The Retry button is gone or disabled: focus stays on its row.
      rows.current.get(key)?.focus();
    }
  };

  return (
    <section className="publish-progress" aria-labelledby="publish-progress-title">
      <h3 id="publish-progress-title">Publishing results</h3>
      <ul className="publish-progress-rows" aria-live="polite">
        {posts.flatMap((post) =>
          progressRows(post, mode).map((row) => {
            const key = rowKey(row);
            const name = PLATFORM_DISPLAY_NAMES[row.platform];
            return (
              <li
                key={key}
                ref={(element) => {
                  if (element) rows.current.set(key, element);
                  else rows.current.delete(key);
                }}
                tabIndex={-1}
                className={`publish-progress-row publish-progress-${row.state}`}
              >
                <span className="publish-progress-platform">
                  <PlatformIcon platform={row.platform} decorative /> {name}
                </span>{' '}
                <RowState row={row} name={name} scheduledTime={post.scheduled_time} timeZone={timeZone} />
                {row.retryable && (
                  <button type="button" className="button button-small" disabled={retrying !== null} onClick={() => void retry(row)} aria-label={`Retry on ${name}`}>
                    {retrying === key ? 'Retrying...' : 'Retry'}
                  </button>
                )}
                {row.state === 'in_doubt' && <ConfirmPublished host={host} postId={row.postId} platform={row.platform} onConfirmed={confirmed} />}
                {problems[key] && (
                  <span className="post-platform-failed" role="alert">
                    {' '}
                    {problems[key]}
                  </span>
                )}
              </li>
            );
          }),
        )}
      </ul>
    </section>
  );
}

function RowState({ row, name, scheduledTime, timeZone }: { row: ProgressRow; name: string; scheduledTime: string | null; timeZone: string }) {
  switch (row.state) {
    case 'publishing':
      return <span className="muted">Publishing…</span>;
    case 'queued':
      return <span className="muted">{scheduledTime ? `Queued for ${formatDateTime(scheduledTime, timeZone)}` : 'Queued for publishing'}</span>;
    case 'published':
      return (
        <span>
          Published
          {row.link && (
            <>
              {': '}
              <a href={row.link} target="_blank" rel="noreferrer">
                View on {name}
              </a>
            </>
          )}
          {row.reason && <span className="post-platform-note"> Note: {row.reason}</span>}
        </span>
      );
    case 'failed':
      return <span className="post-platform-failed">Failed: {row.reason ?? 'Unknown error'}</span>;
    case 'in_doubt':
      return <span className="post-platform-failed">{inDoubtText(name)}</span>;
  }
}
