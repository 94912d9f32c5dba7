import { GENERATIONS_PAGE_SIZE, platformIdOf, PostMessages, type ConnectionPlatform, type GenerationView } from '@planner/contracts';
import type { DesignerRouteState, HostProps } from '@planner/remote-contract';
import { formatDateTime } from '@planner/ui/dates';
import { ConfirmDialog } from '@planner/ui/dialog';
import { FormMessage } from '@planner/ui/form-message';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { previewAccounts, useDesignerData } from './designer-data.js';
import { formFromRequest } from './generator/generator-form.js';
import { failureText, SANDBOX_WRITTEN } from './messages.js';
import { Pager } from '@planner/ui/pager';
import { PlatformPreview, type PreviewAccount } from './post-form/PlatformPreview.js';

/** Part 2 §9: a general toast shows 3 s. */
const TOAST_MS = 3000;

/** What the designer opens with for a generation: its posts (each keeping the generation's request) and its settings in the generator. */
function resumeState(generation: GenerationView, schedule: boolean): DesignerRouteState {
  const platforms = Object.keys(generation.posts);
  return {
    prefill: {
      posts: Object.entries(generation.posts).map(([name, { post }]) => ({ platforms: [name], text: post, draftId: generation.id })),
      form: formFromRequest(generation.request, platforms),
      schedule,
    },
  };
}

/** The settings a generation was asked with, those it had (empty ones left out). */
function settingsOf({ request }: GenerationView): Array<[string, string]> {
  const rows: Array<[string, string | number | null]> = [
    ['Post type', request.content_type],
    ['Topic', request.topic],
    ['Context', request.context],
    ['Time of year', request.time_of_year],
    ['Event details', request.event_details],
    ['Tone', request.tone],
    ['Mood', request.mood],
    ['Language', request.language],
    ['Character limit', request.character_limit],
    ['Target character count', request.target_character_count],
  ];
  return rows.flatMap(([label, value]) => (value === null || value === '' ? [] : [[label, String(value)] as [string, string]]));
}

/**
 * /organization/results (issue 36; docs/product.md): the organization's
 * generations, newest first, each with its posts as the platforms show them
 * and the settings it was made with, to open again in the designer (Edit,
 * Schedule) or discard.
 */
export function ResultsPage({ host }: HostProps) {
  const organizationId = host.organization?.id;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [discarding, setDiscarding] = useState<GenerationView | null>(null);
  const data = useDesignerData(host);
  const generations = useQuery({
    queryKey: ['generations', organizationId, page],
    queryFn: () => host.api.request('GET', '/posts/generations', { query: { organization_id: organizationId!, page, per_page: GENERATIONS_PAGE_SIZE } }),
    enabled: organizationId !== undefined,
    retry: false,
  });
  const discard = useMutation({
    mutationFn: (id: string) => host.api.request('DELETE', '/posts/generations/:id', { params: { id } }),
    onSuccess: async (answer) => {
      setDiscarding(null);
      host.toast({ kind: 'success', message: answer.message, durationMs: TOAST_MS });
      await queryClient.invalidateQueries({ queryKey: ['generations', organizationId] });
    },
  });
  const pagination = generations.data?.pagination;
  // A page emptied by discarding goes back to the last one there is.
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  const user = host.session.user;
  if (!organizationId || !user) return <Navigate to="/" replace />;
  const loading = generations.isPending || data.isPending;
  const failure = generations.error ?? data.error;
  // Part 2 §6: scheduling for later is for the paid roles; the designer offers basic and test users Now only.
  const canSchedule = user.role !== 'basic' && user.role !== 'test';
  const timeZone = data.data?.organization.timezone;
  const accounts = data.data ? previewAccounts(data.data) : null;

  return (
    <main className="page results" aria-busy={loading}>
      <h1>Results</h1>
      <p className="muted">{host.organization?.name}</p>
      <p>
        The posts of your recent generations, as each platform shows them. Open one in the <Link to="/organization/designer">Content Designer</Link> to edit, schedule or
        publish it.
      </p>
      {loading && <p role="status">Loading…</p>}
      {failure && (
        <div>
          <FormMessage kind="error">{failureText(failure, 'The results could not be loaded.')}</FormMessage>
          <button type="button" className="button" onClick={() => void Promise.all([generations.refetch(), data.refetch()])}>
            Retry
          </button>
        </div>
      )}
      {generations.isSuccess && generations.data.generations.length === 0 && <p>{PostMessages.noGenerations}</p>}
      {accounts && generations.isSuccess && generations.data.generations.length > 0 && (
        <ul className="generation-list" aria-label="Generations">
          {generations.data.generations.map((generation) => (
            <GenerationCard
              key={generation.id}
              host={host}
              generation={generation}
              accounts={accounts}
              timeZone={timeZone}
              canSchedule={canSchedule}
              onDiscard={() => {
                discard.reset();
                setDiscarding(generation);
              }}
            />
          ))}
        </ul>
      )}
      {pagination && <Pager label="Pages of results" page={pagination.page} totalPages={pagination.total_pages} onPage={setPage} />}
      {discarding && (
        <ConfirmDialog
          title="Discard generation"
          message={`Discard the posts generated ${formatDateTime(discarding.created_at, timeZone)}? Posts already scheduled or published from them stay.`}
          confirmLabel="Discard"
          busyLabel="Discarding..."
          busy={discard.isPending}
          danger
          role="alertdialog"
          onConfirm={() => discard.mutate(discarding.id)}
          onCancel={() => setDiscarding(null)}
        >
          <FormMessage kind="error">{discard.error && failureText(discard.error, 'The generation could not be discarded.')}</FormMessage>
        </ConfirmDialog>
      )}
    </main>
  );
}

interface GenerationCardProps {
  host: HostProps['host'];
  generation: GenerationView;
  accounts: Record<ConnectionPlatform, PreviewAccount>;
  timeZone: string | undefined;
  canSchedule: boolean;
  onDiscard: () => void;
}

/** One generation: when, what it was asked, its posts per platform, and the designer's actions on them. */
function GenerationCard({ host, generation, accounts, timeZone, canSchedule, onDiscard }: GenerationCardProps) {
  const headingId = `generation-${generation.id}`;
  const posts = Object.entries(generation.posts).flatMap(([name, { post }]) => {
    const platform = platformIdOf(name);
    return platform ? [{ platform, post }] : [];
  });
  const topic = generation.request.topic || generation.request.business_name;
  return (
    <li className="card generation-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {topic} <span className="muted">· {formatDateTime(generation.created_at, timeZone)}</span>
      </h2>
      {generation.sandbox && <p className="field-hint">{SANDBOX_WRITTEN}</p>}
      <dl className="generation-settings">
        <div>
          <dt>Platforms</dt>
          <dd>{Object.keys(generation.posts).join(', ')}</dd>
        </div>
        {settingsOf(generation).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="previews">
        {posts.map(({ platform, post }) => (
          <PlatformPreview key={platform} host={host} platform={platform} account={accounts[platform]} text={post} media={[]} mediaType="text" />
        ))}
      </div>
      <p className="actions">
        <Link className="button" to="/organization/designer" state={resumeState(generation, false)} aria-describedby={headingId}>
          Edit
        </Link>
        {canSchedule && (
          <Link className="button button-secondary" to="/organization/designer" state={resumeState(generation, true)} aria-describedby={headingId}>
            Schedule
          </Link>
        )}
        <button type="button" className="button button-danger" onClick={onDiscard} aria-describedby={headingId}>
          Discard
        </button>
      </p>
    </li>
  );
}
