import { PLATFORM_DISPLAY_NAMES, PostMessages, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { failureText, SANDBOX_WRITTEN } from '../messages.js';
import { generatedText, type PostDraft } from './drafts.js';
import { LengthCounter } from './LengthCounter.js';
import type { PlatformCounter } from './text-counting.js';
import { FormMessage } from '@planner/ui/form-message';

/** Part 2 §9: a general toast shows 3 s. */
const TOAST_MS = 3000;

/** Seconds since `since`, ticking: a post being written shows that the page is alive while a slow model works. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{Math.max(0, Math.round((now - since) / 1000))} s</>;
}

export interface DraftCardProps {
  host: Host;
  organizationId: string;
  draft: PostDraft;
  onChange: (draft: PostDraft) => void;
  /** The organization's connected platforms, in display order. */
  connected: readonly ConnectionPlatform[];
  mediaType: MediaType;
  counter: PlatformCounter | null;
  /** Magic edit and Regenerate: the generator's roles only (part 2 §6). */
  aiEdits: boolean;
  /** The post being edited, whose Regenerate is the posts service's. */
  editing: { postId: string; hasOriginalRequest: boolean } | null;
  disabled: boolean;
}

/**
 * One post of the form (part 2 §2 Post form): its platforms, its text with
 * each platform's live length counter, Edit/Save of the text (6 rows), the
 * magic edit and Regenerate (the previews are the composer's, PreviewTabs).
 */
export function DraftCard({ host, organizationId, draft, onChange, connected, mediaType, counter, aiEdits, editing, disabled }: DraftCardProps) {
  const id = useId();
  const [editingText, setEditingText] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const names = draft.platforms.map((platform) => PLATFORM_DISPLAY_NAMES[platform]);
  // A generated post left without a platform keeps the name of the one it was written for.
  const title = names.length
    ? `Post for ${names.join(', ')}`
    : draft.request
      ? `Post written for ${draft.request.platforms.join(', ')}, without a platform`
      : 'Post without a platform';

  const magicEdit = useMutation({
    mutationFn: () => host.api.request('POST', '/posts/optimize', { body: { organization_id: organizationId, post: draft.text, prompt, platforms: names } }),
    onSuccess: (answer) => {
      onChange({ ...draft, text: answer.optimized_post, sandbox: answer.sandbox });
      setPrompt('');
      setProblem(null);
      host.toast({ kind: 'success', message: PostMessages.contentUpdated, durationMs: TOAST_MS });
    },
    onError: (error) => setProblem(failureText(error, PostMessages.magicEditFailed)),
  });

  // `retry`: the generation of this post failed and is asked again (the card shows it being written meanwhile).
  const regenerate = useMutation({
    mutationFn: async (_retry: boolean): Promise<Pick<PostDraft, 'text' | 'draftId' | 'sandbox'>> => {
      if (editing) {
        const answer = await host.api.request('POST', '/posts/:id/regenerate', { params: { id: editing.postId }, body: { regenerate_media: false } });
        return { text: answer.post.content, draftId: draft.draftId, sandbox: answer.sandbox };
      }
      const request = { ...draft.request!, platforms: names, platform: names.length === 1 ? names[0]! : '' };
      const answer = await host.api.request('POST', '/posts/generate', { body: request });
      return { text: generatedText(answer), draftId: answer.draft_id, sandbox: answer.sandbox };
    },
    onMutate: (retry) => {
      if (retry) onChange({ ...draft, status: 'writing', error: null, startedAt: Date.now() });
    },
    onSuccess: (result) => {
      onChange({ ...draft, ...result, status: 'ready', error: null });
      setProblem(null);
      host.toast({ kind: 'success', message: PostMessages.contentRegenerated, durationMs: TOAST_MS });
    },
    onError: (error, retry) => {
      const message = failureText(error, PostMessages.regenerateFailed);
      if (retry) onChange({ ...draft, status: 'failed', error: message });
      else setProblem(message);
    },
  });

  // Regenerate and magic edit rework a generation: a post written by hand (or edited without its original request) has none to rework.
  const generated = aiEdits && (editing ? editing.hasOriginalRequest : draft.request !== null);
  const askRegenerate = () => {
    setProblem(null);
    regenerate.mutate(draft.status === 'failed');
  };
  const askMagicEdit = () => {
    if (!prompt.trim()) return setProblem(PostMessages.editPromptRequired);
    setProblem(null);
    magicEdit.mutate();
  };
  const togglePlatform = (platform: ConnectionPlatform, on: boolean) =>
    onChange({ ...draft, platforms: on ? connected.filter((p) => p === platform || draft.platforms.includes(p)) : draft.platforms.filter((p) => p !== platform) });

  if (draft.status !== 'ready') {
    return (
      <li className="card draft-card" aria-labelledby={`${id}-title`} aria-busy={draft.status === 'writing'}>
        <h3 id={`${id}-title`}>{title}</h3>
        {draft.status === 'writing' ? (
          <p role="status" className="draft-progress">
            <span className="spinner" aria-hidden="true" /> Writing the post for {names.join(', ')}… <Elapsed since={draft.startedAt} />
          </p>
        ) : (
          <>
            <FormMessage kind="error">{draft.error}</FormMessage>
            {generated && (
              <button type="button" className="button button-secondary" disabled={disabled || regenerate.isPending} onClick={askRegenerate}>
                Try again
              </button>
            )}
          </>
        )}
      </li>
    );
  }

  const busy = magicEdit.isPending || regenerate.isPending;
  return (
    <li className="card draft-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <fieldset className="platform-choices" disabled={disabled}>
        <legend>Publish to</legend>
        {connected.map((platform) => (
          <label key={platform} className="platform-choice">
            <input type="checkbox" checked={draft.platforms.includes(platform)} onChange={(e) => togglePlatform(platform, e.target.checked)} />
            <PlatformIcon platform={platform} size={18} decorative className="platform-icon" /> {PLATFORM_DISPLAY_NAMES[platform]}
          </label>
        ))}
      </fieldset>
      {editingText ? (
        <div className="field">
          <label htmlFor={`${id}-text`}>Post text</label>
          <textarea id={`${id}-text`} rows={6} value={draft.text} disabled={disabled} onChange={(e) => onChange({ ...draft, text: e.target.value })} />
        </div>
      ) : (
        <p className="draft-text">{draft.text || <span className="muted">No text yet: Edit to write it.</span>}</p>
      )}
      {draft.sandbox && (
        <p className="sandbox-label">
          <span className="badge">Sandbox</span> {SANDBOX_WRITTEN}
        </p>
      )}
      {draft.platforms.length === 0 ? (
        <p className="field-hint">Choose a platform to publish this post to.</p>
      ) : (
        <div className="length-counters">
          {draft.platforms.map((platform) => (
            <LengthCounter key={platform} counter={counter} platform={platform} text={draft.text} mediaType={mediaType} />
          ))}
        </div>
      )}
      <p className="actions">
        <button type="button" className="button button-secondary" disabled={disabled || busy} onClick={() => setEditingText((v) => !v)}>
          {editingText ? 'Save' : 'Edit'}
        </button>
        {generated && (
          <button type="button" className="button button-secondary" disabled={disabled || busy} onClick={askRegenerate}>
            {regenerate.isPending ? 'Regenerating...' : 'Regenerate'}
          </button>
        )}
      </p>
      {generated && (
        <div className="magic-edit">
          <label htmlFor={`${id}-prompt`}>Magic edit</label>
          <div className="inline-form">
            <input id={`${id}-prompt`} value={prompt} placeholder="Make it shorter, add an emoji…" disabled={disabled} onChange={(e) => setPrompt(e.target.value)} />
            <button type="button" className="button button-secondary" disabled={disabled || busy} onClick={askMagicEdit}>
              {magicEdit.isPending ? 'Editing...' : 'Apply'}
            </button>
          </div>
        </div>
      )}
      <FormMessage kind="error">{problem}</FormMessage>
    </li>
  );
}
