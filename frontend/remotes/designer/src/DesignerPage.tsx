import { hasFeature, platformIdOf, PostMessages, type ConnectionPlatform } from '@planner/contracts';
import type { DesignerData, DesignerRouteState, GeneratorFormData, HostProps, PlatformMediaTypes } from '@planner/remote-contract';
import { Collapsible } from '@planner/ui/collapsible';
import { LinkedAccounts } from '@planner/ui/linked-accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { emptyForm, formFromRequest, generateRequest, withTemplate } from './generator/generator-form.js';
import { GeneratorForm } from './generator/GeneratorForm.js';
import { connectedPlatforms, previewAccounts, useDesignerData } from './designer-data.js';
import { failureText, INACTIVE, NO_PLATFORMS, VIEW_ONLY } from './messages.js';
import { generatedText, handWrittenDraft, writingDraft, type PostDraft } from './post-form/drafts.js';
import { Composer } from './post-form/Composer.js';
import { PostedLinks, PostForm, type SubmitResult } from './post-form/PostForm.js';
import { PublishProgress } from './post-form/PublishProgress.js';
import { FormMessage } from '@planner/ui/form-message';

/** Part 2 §8, §9: the generator's error banner clears after 10 s, its toast 5 s; the post form's success notice stays 30 s; publish-now leaves after 1 s. */
export const GENERATOR_ERROR_MS = 10_000;
export const GENERATION_TOAST_MS = 5000;
export const SUCCESS_NOTICE_MS = 30_000;
export const RETURN_AFTER_PUBLISH_MS = 1000;
const POST_FORM_TOAST_MS = 5000;

type Variant = 'designer' | 'generator';

/** /organization/designer (part 2 §2 Content Designer). */
export function DesignerPage({ host }: HostProps) {
  return <Designer host={host} variant="designer" />;
}

/** /organization/generator and /organization/{id}/generator: the generator open, filled from the route state's form data. */
export function GeneratorPage({ host }: HostProps) {
  return <Designer host={host} variant="generator" />;
}

function Designer({ host, variant }: HostProps & { variant: Variant }) {
  const organizationId = host.organization?.id;
  const data = useDesignerData(host);
  const mediaTypes = useQuery({ queryKey: ['platform-media-types'], queryFn: () => host.api.request('GET', '/platforms/media_types'), retry: false, staleTime: 5 * 60_000 });
  const state = (useLocation().state ?? {}) as DesignerRouteState;
  const title = state.editingPost ? 'Edit Post' : variant === 'generator' ? 'Generator' : 'Content Designer';
  if (!organizationId || !host.session.user) return <Navigate to="/" replace />;
  if (data.isPending || mediaTypes.isPending) {
    return (
      <main className="page designer" aria-busy="true">
        <h1>{title}</h1>
        <p role="status">Loading…</p>
      </main>
    );
  }
  if (data.isError || mediaTypes.isError) {
    return (
      <main className="page designer">
        <h1>{title}</h1>
        <p role="alert">{failureText(data.error ?? mediaTypes.error, 'The designer could not be loaded.')}</p>
        <button type="button" className="button" onClick={() => void Promise.all([data.refetch(), mediaTypes.refetch()])}>
          Retry
        </button>
      </main>
    );
  }
  // Keyed by the post being edited: another Edit starts the page afresh.
  return <LoadedDesigner key={state.editingPost?.id ?? 'new'} host={host} variant={variant} title={title} data={data.data} mediaTypes={mediaTypes.data} state={state} />;
}

/**
 * The generator's first values (part 2 §4): the route's form data, the edited post's original request, or
 * the default template or a new form, under a prefill's settings (a generation's, an example's).
 */
function initialForm(data: DesignerData, state: DesignerRouteState, platformNames: string[]): GeneratorFormData {
  if (state.formData) return state.formData;
  const post = state.editingPost;
  if (post?.original_request) return formFromRequest(post.original_request, post.platforms.split(',').map((name) => name.trim()).filter(Boolean));
  const form = emptyForm(data.organization.name, platformNames, data.organization.language);
  const template = data.templates.find((t) => t.is_default);
  return { ...(template ? withTemplate(form, template) : form), ...state.prefill?.form };
}

const platformIdsOf = (names: readonly string[]) =>
  names.flatMap((name) => {
    const id = platformIdOf(name);
    return id ? [id] : [];
  });

/** The posts the page opens with: the edited post, a prefill's posts on the platforms connected (a generation's asks again with its request), or none. */
function initialDrafts(state: DesignerRouteState, form: GeneratorFormData, organizationId: string, connected: readonly ConnectionPlatform[]): PostDraft[] {
  if (state.editingPost) return [handWrittenDraft(platformIdsOf(state.editingPost.platforms.split(',')), state.editingPost.content)];
  return (state.prefill?.posts ?? []).map((post) => ({
    ...handWrittenDraft(platformIdsOf(post.platforms).filter((id) => connected.includes(id)), post.text),
    draftId: post.draftId ?? null,
    request: post.draftId ? generateRequest(form, organizationId, post.platforms) : null,
  }));
}

function LoadedDesigner({ host, variant, title, data, mediaTypes, state }: HostProps & { variant: Variant; title: string; data: DesignerData; mediaTypes: PlatformMediaTypes; state: DesignerRouteState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = host.session.user!;
  const organization = data.organization;
  const connected = connectedPlatforms(data);
  const editing = state.editingPost ?? null;
  // Part 2 §6: the generator's gates follow the role, as the posts service applies them.
  const canGenerate = hasFeature(user.role, 'generator');
  const viewOnly = user.role === 'test';
  const [form, setForm] = useState(() => initialForm(data, state, connected.map((p) => p.name)));
  const [generatorOpen, setGeneratorOpen] = useState(variant === 'generator' || (!editing && !state.prefill));
  const [drafts, setDrafts] = useState<PostDraft[]>(() => initialDrafts(state, form, organization.id, connected.map((p) => p.id)));
  const [generatorError, setGeneratorError] = useState<string | null>(null);
  const [result, setResult] = useState<SubmitResult | null>(null);
  // The last submit's rows outlast its notice: they stay until the next submit (numbered, so each starts afresh).
  const [sent, setSent] = useState<{ number: number; outcome: SubmitResult } | null>(null);
  const [published, setPublished] = useState(false);
  const generating = drafts.some((draft) => draft.status === 'writing' && draft.request !== null);

  useEffect(() => {
    if (!generatorError) return;
    const timer = setTimeout(() => setGeneratorError(null), GENERATOR_ERROR_MS);
    return () => clearTimeout(timer);
  }, [generatorError]);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const updateDraft = (draft: PostDraft) => setDrafts((all) => all.map((d) => (d.key === draft.key ? draft : d)));

  /** One request per platform, at once: each post shows as it comes, and a slow one holds up no other. */
  const generate = async (values: GeneratorFormData) => {
    setGeneratorOpen(false);
    setGeneratorError(null);
    setResult(null);
    const writing = values.selectedPlatformNames.flatMap((name) => {
      const platform = platformIdOf(name);
      return platform ? [writingDraft(platform, generateRequest(values, organization.id, [name]), Date.now())] : [];
    });
    setDrafts(writing);
    const outcomes = await Promise.all(
      writing.map(async (draft) => {
        try {
          const answer = await host.api.request('POST', '/posts/generate', { body: draft.request! });
          setDrafts((all) => all.map((d) => (d.key === draft.key ? { ...d, status: 'ready', text: generatedText(answer), draftId: answer.draft_id, sandbox: answer.sandbox } : d)));
          return null;
        } catch (error) {
          const message = failureText(error, PostMessages.generationUnavailable);
          setDrafts((all) => all.map((d) => (d.key === draft.key ? { ...d, status: 'failed', error: message } : d)));
          return message;
        }
      }),
    );
    const failure = outcomes.find((outcome) => outcome !== null);
    if (failure) {
      setGeneratorError(failure);
      host.toast({ kind: 'error', message: failure, durationMs: GENERATION_TOAST_MS });
    }
    if (outcomes.some((outcome) => outcome === null)) host.toast({ kind: 'success', message: PostMessages.contentGenerated, durationMs: 3000 });
  };

  const submitted = (outcome: SubmitResult) => {
    const back = state.returnToRoute;
    setSent((last) => ({ number: (last?.number ?? 0) + 1, outcome }));
    if (editing && back) {
      // Part 2 §8: a saved edit is 'Post updated successfully!'; one published now says where it went, or which platform refused it.
      host.toast({ kind: outcome.failed ? 'error' : 'success', message: outcome.mode === 'later' ? PostMessages.postUpdated : outcome.notice, durationMs: POST_FORM_TOAST_MS });
      const goBack = () => navigate(back, { state: state.returnState });
      // Part 2 §4: a schedule-later save goes back at once; a publish shows Published and its links, then goes back after 1 s.
      // A refused one goes back at once: the post's card there shows each platform's outcome, with Retry.
      if (outcome.mode === 'later' || outcome.failed) return goBack();
      setPublished(true);
      setResult(outcome);
      setTimeout(goBack, RETURN_AFTER_PUBLISH_MS);
      return;
    }
    setResult(outcome);
    setDrafts((all) => all.filter((draft) => !outcome.keys.includes(draft.key)));
    // An edit without a way back ends here: the page is the designer again; a prefill's posts, once sent, do not come back on a reload.
    if (editing || state.prefill) navigate(pathname, { replace: true, state: null });
  };

  const generator = canGenerate ? (
    <GeneratorForm form={form} onChange={setForm} templates={data.templates} platforms={connected} language={organization.language} busy={generating} disabled={!organization.is_active || connected.length === 0} onGenerate={(values) => void generate(values)} />
  ) : viewOnly ? (
    <>
      <FormMessage kind="info">{VIEW_ONLY}</FormMessage>
      <GeneratorForm form={form} onChange={setForm} templates={data.templates} platforms={connected} language={organization.language} busy={false} disabled onGenerate={() => undefined} />
    </>
  ) : (
    <p className="upgrade-prompt">
      {PostMessages.generationNotInPlan}. <Link to="/plan-selection">Upgrade your plan</Link>
    </p>
  );

  /** The editor column: the generator, the linked accounts and the posts, with the post form (or the prompt to write one). */
  const layout = ({ form: posts, previews, bar }: { form: ReactNode; previews: ReactNode; bar?: ReactNode }) => (
    <Composer
      editor={
        <>
          <Collapsible title="Generator" open={generatorOpen} onOpenChange={setGeneratorOpen}>
            {generator}
          </Collapsible>
          <LinkedAccounts platforms={organization.platforms} />
          <section className="card designer-posts" aria-labelledby="designer-posts-title">
            <h2 id="designer-posts-title">Posts</h2>
            {result && (
              <FormMessage kind={result.failed ? 'error' : 'success'}>
                <p>{result.notice}</p>
                {result.links.length > 0 && <PostedLinks links={result.links} />}
              </FormMessage>
            )}
            {sent && sent.outcome.posts.length > 0 && (
              <PublishProgress key={sent.number} host={host} mode={sent.outcome.mode} posts={sent.outcome.posts} timeZone={organization.timezone} />
            )}
            {drafts.length > 0 && canGenerate && !editing && (
              <p>
                <Link to={`/organization/${organization.id}/generator`} state={{ formData: form } satisfies DesignerRouteState}>
                  Back to Generator
                </Link>
              </p>
            )}
            {posts}
          </section>
        </>
      }
      previews={previews}
      bar={bar}
    />
  );

  return (
    <main className="page wide designer">
      <h1>{title}</h1>
      <p className="muted">{organization.name}</p>
      <FormMessage kind="error">{!organization.is_active && INACTIVE}</FormMessage>
      <FormMessage kind="info">{connected.length === 0 && NO_PLATFORMS}</FormMessage>
      <FormMessage kind="error">{generatorError}</FormMessage>
      {drafts.length > 0 ? (
        <PostForm
          host={host}
          organization={organization}
          drafts={drafts}
          onDraft={updateDraft}
          connected={connected.map((platform) => platform.id)}
          mediaTypes={mediaTypes.platforms}
          accounts={previewAccounts(data)}
          aiEdits={canGenerate}
          aiImages={canGenerate ? 'allowed' : viewOnly ? 'hidden' : 'upgrade'}
          later={viewOnly ? 'hidden' : user.role === 'basic' ? 'upgrade' : 'allowed'}
          editing={editing}
          startWith={state.prefill && { mediaType: state.prefill.mediaType, mode: state.prefill.schedule ? 'later' : 'now' }}
          onSubmitStart={() => {
            setResult(null);
            setSent(null);
          }}
          onSubmitted={submitted}
          published={published}
          layout={layout}
        />
      ) : (
        layout({
          form: (
            <>
              <p>{canGenerate ? 'Generated posts appear here, one per platform.' : 'Write a post and publish it to your linked accounts.'}</p>
              <button
                type="button"
                className="button button-secondary"
                disabled={connected.length === 0 || !organization.is_active}
                onClick={() => setDrafts([handWrittenDraft(connected.length === 1 ? [connected[0]!.id] : [])])}
              >
                Write a post yourself
              </button>
            </>
          ),
          previews: <p className="composer-empty muted">Each post shows here as each of its platforms will show it.</p>,
        })
      )}
    </main>
  );
}
