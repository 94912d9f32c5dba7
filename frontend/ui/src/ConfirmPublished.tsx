import { PLATFORM_DISPLAY_NAMES, type ConnectionPlatform, type PostView, type PublicationView } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from './error-text.js';

/** Not worded by the spec (docs/decisions/publishing.md, "In doubt"). */
export const ConfirmPublishedMessages = {
  open: (platform: string) => `It is on ${platform}`,
  linkLabel: (platform: string) => `Link to the post on ${platform} (optional)`,
  submit: 'Mark as published',
  submitting: 'Marking...',
  done: (platform: string) => `Marked as published on ${platform}.`,
  noLongerInDoubt: (platform: string) => `This post is no longer in doubt on ${platform}: its state has changed since. Reload to see it.`,
} as const;

/** About when the posts service has the confirmation's event: a screen that showed it at once reads the post again then. */
export const CONFIRMED_SETTLE_MS = 2000;

/**
 * The post as it stands once `publication` was confirmed: its platform published, with the link.
 * The posts service learns of it by event a moment later; a screen shows it at once with this.
 */
export function withConfirmed<P extends Pick<PostView, 'id' | 'publications'>>(post: P, publication: PublicationView): P {
  if (post.id !== publication.post_id) return post;
  const outcome = { status: 'published' as const, link: publication.link, reason: null, at: publication.published_at ?? new Date().toISOString() };
  return { ...post, publications: { ...post.publications, [publication.platform]: outcome } };
}

export interface ConfirmPublishedProps {
  host: Host;
  postId: string;
  platform: ConnectionPlatform;
  /** The publication as the scheduler recorded it: published, with the link given. */
  onConfirmed: (publication: PublicationView) => void;
}

/**
 * A publication in doubt is never sent again on its own (it could post twice);
 * its reason asks the user to check the account, then confirm it was
 * published or retry. This is the confirm: "It is on X" opens a form for the
 * post's link (optional), and Mark as published records it
 * (POST /publications/{id}/confirm), so the post counts as published there.
 */
export function ConfirmPublished({ host, postId, platform, onConfirmed }: ConfirmPublishedProps) {
  const name = PLATFORM_DISPLAY_NAMES[platform];
  const id = useId();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);

  // Cancel gives focus back to the button that opened the form (it mounts again as the form goes).
  useEffect(() => {
    if (!open && cancelled.current) {
      cancelled.current = false;
      opener.current?.focus();
    }
  }, [open]);

  const close = () => {
    cancelled.current = true;
    setOpen(false);
    setProblem(null);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      const { publications } = await host.api.request('GET', '/publications', { query: { post_id: postId } });
      // Newest version first: the one in doubt now, not an older version's.
      const inDoubt = publications.find((publication) => publication.platform === platform && publication.state === 'in_doubt');
      if (!inDoubt) {
        setProblem(ConfirmPublishedMessages.noLongerInDoubt(name));
        return;
      }
      const answer = await host.api.request('POST', '/publications/:id/confirm', { params: { id: inDoubt.id }, body: { link: link.trim() || null } });
      setDone(true);
      onConfirmed(answer.publication);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSending(false);
    }
  };

  // Until the screen shows the publication as published (its row may stay until the post is read again).
  if (done) return <span role="status">{ConfirmPublishedMessages.done(name)}</span>;
  if (!open) {
    return (
      <button ref={opener} type="button" className="button button-small" onClick={() => setOpen(true)}>
        {ConfirmPublishedMessages.open(name)}
      </button>
    );
  }
  return (
    <form className="confirm-published" onSubmit={(event) => void confirm(event)} aria-label={ConfirmPublishedMessages.open(name)}>
      <label htmlFor={`${id}-link`}>{ConfirmPublishedMessages.linkLabel(name)}</label>
      <input id={`${id}-link`} type="url" inputMode="url" value={link} onChange={(event) => setLink(event.target.value)} placeholder="https://" autoFocus />
      <span className="actions">
        <button type="submit" className="button button-small" disabled={sending}>
          {sending ? ConfirmPublishedMessages.submitting : ConfirmPublishedMessages.submit}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={close} disabled={sending}>
          Cancel
        </button>
      </span>
      {problem && (
        <span className="form-message form-message-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
