import { ContentMessages } from '@planner/contracts';
import type { Newsletter, NewsletterInput } from '@planner/remote-contract';
import { useEffect, useId, useRef, useState } from 'react';

/** The server's limit on a subject (content service). */
const SUBJECT_MAX = 300;

/** Part 1 §5: a newsletter needs a subject and content. */
export function newsletterInputErrors(input: NewsletterInput): string | null {
  return input.subject.trim() && input.content.trim() ? null : ContentMessages.subjectAndContentRequired;
}

/**
 * Compose (a new draft, or one sent at once) or edit a newsletter: its subject
 * and its HTML content. Editing focuses the subject, so the form is where the
 * keyboard is.
 */
export function NewsletterForm({ editing, busy, onSave, onSend, onCancel }: {
  editing: Newsletter | null;
  busy: boolean;
  onSave: (input: NewsletterInput) => void;
  /** Compose only: create and send at once (asked first). */
  onSend: (input: NewsletterInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const subjectRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState<NewsletterInput>({ subject: editing?.subject ?? '', content: editing?.content ?? '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (editing) subjectRef.current?.focus();
  }, [editing]);
  const submit = (action: (input: NewsletterInput) => void) => {
    const found = newsletterInputErrors(input);
    setError(found);
    if (!found) action({ subject: input.subject.trim(), content: input.content });
  };
  const invalid = (value: string) => (error && !value.trim() ? true : undefined);
  return (
    <form
      className="form newsletter-compose"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(onSave);
      }}
    >
      <h2 id={`${id}-title`}>{editing ? `Edit Newsletter: ${editing.subject}` : 'Compose Newsletter'}</h2>
      {editing?.status === 'sent' && <p className="muted">This newsletter was sent: changes update its archive copy, not the mails already sent.</p>}
      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          ref={subjectRef}
          value={input.subject}
          maxLength={SUBJECT_MAX}
          aria-invalid={invalid(input.subject)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setInput((current) => ({ ...current, subject: event.target.value }))}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>Content (HTML)</label>
        <textarea
          id={`${id}-content`}
          rows={10}
          value={input.content}
          aria-invalid={invalid(input.content)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setInput((current) => ({ ...current, content: event.target.value }))}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="form-message form-message-error" role="alert">
          {error}
        </p>
      )}
      <p className="actions">
        <button type="submit" className="button" disabled={busy}>
          {editing ? 'Save Changes' : 'Save Draft'}
        </button>
        {!editing && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => submit(onSend)}>
            Send Now
          </button>
        )}
        {(editing || input.subject || input.content) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setInput({ subject: '', content: '' });
              setError(null);
              onCancel();
            }}
          >
            Cancel
          </button>
        )}
      </p>
    </form>
  );
}
