import { hasFeature, type AccountStatistics, type PublicUser } from '@planner/contracts';
import { selectOrganization, type Host, type Organization } from '@planner/remote-contract';
import { ConfirmPublished, CONFIRMED_SETTLE_MS } from '@planner/ui/confirm-published';
import { formatDateTime } from '@planner/ui/dates';
import { errorText } from '@planner/ui/error-text';
import { FormMessage } from '@planner/ui/form-message';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  awaitingReviewOf,
  connectionHealthOf,
  failedOf,
  PANEL_ITEMS,
  platformNames,
  QUEUE_DAYS,
  queueOf,
  type ConnectionHealth,
  type DashboardPost,
  type FailedPublication,
} from './dashboard.js';
import { Badge } from '@planner/ui/badge';

/** Every query of the dashboard starts with it, so a Retry reloads them all. */
const HOME_KEY = 'home';
const POST_REVIEW = '/organization/posts';
const DESIGNER = '/organization/designer';
const configOf = (organizationId: string) => `/organization/${organizationId}/config`;

/** Not worded by the spec (issue 30 §3): the panels' texts. */
export const DashboardMessages = {
  queueEmpty: `Nothing is scheduled for the next ${QUEUE_DAYS} days.`,
  reviewEmpty: 'No post is waiting for review.',
  failedEmpty: 'No failed publication: every post went out as planned.',
  connectionsEmpty: 'No platform is connected yet.',
  statisticsEmpty: 'No post yet: your figures show here once you create one.',
  loadFailed: (what: string, organization: string) => `Could not load ${what} of ${organization}: `,
  statisticsFailed: 'Could not load the statistics: ',
} as const;

/**
 * The home dashboard's panels over every active organization of the user (docs/decisions/home-dashboard.md): the next
 * QUEUE_DAYS days' queue, the posts awaiting review, the failed or in-doubt publications with Retry, connection
 * health, and the all-accounts statistics of GET /statistics/user/accounts.
 */
export function Dashboard({ host, user, organizations }: { host: Host; user: PublicUser; organizations: Organization[] }) {
  const active = organizations.filter((organization) => organization.is_active);
  const ids = active.map((organization) => organization.id);
  // The calendar's read gives each organization's posts with its time zone: one call for three panels.
  const calendars = useQuery({
    queryKey: [HOME_KEY, 'calendar-data', ids],
    queryFn: () => eachOrganization(active, (id) => host.api.request('GET', '/organizations/:id/calendar-data', { params: { id } })),
    retry: false,
  });
  const configs = useQuery({
    queryKey: [HOME_KEY, 'config', ids],
    queryFn: () => eachOrganization(active, (id) => host.api.request('GET', '/organizations/:id/config', { params: { id } })),
    retry: false,
  });
  const statistics = useQuery({ queryKey: [HOME_KEY, 'statistics'], queryFn: () => host.api.request('GET', '/statistics/user/accounts'), retry: false });

  const now = Date.now();
  const posts: DashboardPost[] = (calendars.data ?? []).flatMap(({ organization, data }) =>
    (data?.posts ?? []).map((post) => ({ post, organizationId: organization.id, organizationName: organization.name, timeZone: data!.timezone })),
  );
  const postsState = panelState(calendars, 'the posts');
  const canReview = hasFeature(user.role, 'post_review', user.capabilities);
  const several = active.length > 1;

  return (
    <div className="home-dashboard">
      <Panel title={`Next ${QUEUE_DAYS} days`} state={postsState}>
        <PostItems
          items={queueOf(posts, now)}
          several={several}
          canReview={canReview}
          empty={<Empty text={DashboardMessages.queueEmpty} to={DESIGNER} action="Schedule a post in the Content Designer" />}
        />
      </Panel>
      <Panel title="Awaiting review" state={postsState}>
        <PostItems
          items={awaitingReviewOf(posts)}
          several={several}
          canReview={canReview}
          empty={<Empty text={DashboardMessages.reviewEmpty} to={DESIGNER} action="Create a post in the Content Designer" />}
        />
      </Panel>
      <Panel title="Failed publications" state={postsState}>
        <FailedItems host={host} items={failedOf(posts)} several={several} canReview={canReview} />
      </Panel>
      <Panel title="Connection health" state={panelState(configs, 'the connections')}>
        <ConnectionItems health={(configs.data ?? []).flatMap(({ data }) => (data ? [connectionHealthOf(data, now)] : []))} several={several} />
      </Panel>
      <Panel
        title="All accounts' statistics"
        state={{ loading: statistics.isPending, errors: statistics.isError ? [{ text: DashboardMessages.statisticsFailed + errorText(statistics.error), retry: () => void statistics.refetch() }] : [] }}
      >
        {statistics.data && <StatisticsFigures statistics={statistics.data} />}
      </Panel>
    </div>
  );
}

interface PanelState {
  loading: boolean;
  errors: { text: string; retry: () => void }[];
}

/** One organization's answer, or why it failed: one organization's failure does not hide the others'. */
interface OrganizationAnswer<T> {
  organization: Organization;
  data?: T;
  error?: unknown;
}

/**
 * `read` of each organization at once, settled one by one. One query for them all, not one each: the shared
 * @tanstack/react-query is the shell's slim build (remote-contract/src/shared), which the landing page pays for.
 */
async function eachOrganization<T>(organizations: Organization[], read: (id: string) => Promise<T>): Promise<OrganizationAnswer<T>[]> {
  const settled = await Promise.allSettled(organizations.map((organization) => read(organization.id)));
  return settled.map((result, index) => ({
    organization: organizations[index]!,
    ...(result.status === 'fulfilled' ? { data: result.value } : { error: result.reason as unknown }),
  }));
}

/** Loading while the answers are awaited; each organization's failure is an error in place with Try Again (which asks again). */
function panelState(query: UseQueryResult<OrganizationAnswer<unknown>[]>, what: string): PanelState {
  const retry = () => void query.refetch();
  return {
    loading: query.isPending,
    errors: query.isError
      ? [{ text: errorText(query.error), retry }]
      : (query.data ?? []).flatMap(({ organization, error }) => (error === undefined ? [] : [{ text: DashboardMessages.loadFailed(what, organization.name) + errorText(error), retry }])),
  };
}

/** A panel: its heading, a placeholder while loading, its errors in place, then what it lists. */
function Panel({ title, state, children }: { title: string; state: PanelState; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card home-panel" aria-labelledby={id} aria-busy={state.loading}>
      <h2 id={id}>{title}</h2>
      {state.errors.map((error) => (
        <div key={error.text} className="form-message form-message-error home-panel-error" role="alert">
          {error.text}{' '}
          <button type="button" className="link-button" onClick={error.retry}>
            Try Again
          </button>
        </div>
      ))}
      {state.loading ? <LoadingPlaceholder /> : children}
    </section>
  );
}

/** Until @planner/ui has a Skeleton: a few grey bars where the items will be. */
function LoadingPlaceholder() {
  return (
    <div className="home-placeholder" role="status">
      <span className="visually-hidden">Loading…</span>
      <span className="home-placeholder-bar" aria-hidden="true" />
      <span className="home-placeholder-bar" aria-hidden="true" />
      <span className="home-placeholder-bar" aria-hidden="true" />
    </div>
  );
}

function Empty({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <p className="home-empty">
      {text} <Link to={to}>{action}</Link>
    </p>
  );
}

/** How many more a panel has than it lists, and Post Review where the plan has it. */
function More({ count, canReview }: { count: number; canReview: boolean }) {
  if (count <= PANEL_ITEMS) return null;
  return (
    <p className="muted">
      {count - PANEL_ITEMS} more.{canReview && <Link to={POST_REVIEW}> Open Post Review</Link>}
    </p>
  );
}

function PostSummary({ item, several }: { item: DashboardPost; several: boolean }) {
  const { post } = item;
  return (
    <>
      <span className="home-item-title">{platformNames(post) || 'No platform'}</span>
      <span className="muted">
        {several && `${item.organizationName} · `}
        {post.scheduled_time ? formatDateTime(post.scheduled_time, item.timeZone) : 'No scheduled time'}
      </span>
      <span className="home-item-text">{post.content}</span>
    </>
  );
}

function PostItems({ items, several, canReview, empty }: { items: DashboardPost[]; several: boolean; canReview: boolean; empty: ReactNode }) {
  if (items.length === 0) return empty;
  return (
    <>
      <ul className="home-items">
        {items.slice(0, PANEL_ITEMS).map((item) => (
          <li key={item.post.id} className="home-item">
            <PostSummary item={item} several={several} />
            {canReview && (
              <span className="home-item-actions">
                <OpenInReview item={item} />
              </span>
            )}
          </li>
        ))}
      </ul>
      <More count={items.length} canReview={canReview} />
    </>
  );
}

/** Opens the post in Post Review, its organization selected first (Post Review shows the selected organization's posts). */
function OpenInReview({ item }: { item: DashboardPost }) {
  return (
    <Link
      className="button button-secondary button-small"
      to={`${POST_REVIEW}?highlightPostId=${encodeURIComponent(item.post.id)}`}
      onClick={() => selectOrganization(window.localStorage, item.organizationId)}
      aria-label={`Open in Post Review: the post for ${platformNames(item.post) || 'no platform'}`}
    >
      Open in Post Review
    </Link>
  );
}

/**
 * The failed or in-doubt posts, each platform with its reason, and Retry: POST /posts/{id}/retry without a body, as
 * Post Review's Retry all (every platform not out). What the server answers is said in place, where focus goes, since the
 * retried post leaves the list.
 */
function FailedItems({ host, items, several, canReview }: { host: Host; items: FailedPublication[]; several: boolean; canReview: boolean }) {
  const queries = useQueryClient();
  const result = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const retry = useMutation({
    mutationFn: (postId: string) => host.api.request('POST', '/posts/:id/retry', { params: { id: postId } }),
    onSuccess: async (answer) => {
      setOutcome({ kind: 'success', text: answer.message });
      await queries.invalidateQueries({ queryKey: [HOME_KEY] });
    },
    onError: (error) => setOutcome({ kind: 'error', text: errorText(error) }),
    onSettled: () => result.current?.focus(),
  });
  // The posts service learns of a confirmation by event: the panel is read again once it has.
  const confirmed = () => setTimeout(() => void queries.invalidateQueries({ queryKey: [HOME_KEY] }), CONFIRMED_SETTLE_MS);
  return (
    <>
      <div ref={result} tabIndex={-1} className="home-retry-result">
        {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      </div>
      {items.length === 0 ? (
        <Empty text={DashboardMessages.failedEmpty} to={DESIGNER} action="Plan the next one in the Content Designer" />
      ) : (
        <>
          <ul className="home-items">
            {items.slice(0, PANEL_ITEMS).map((item) => {
              const retrying = retry.isPending && retry.variables === item.post.id;
              return (
                <li key={item.post.id} className="home-item">
                  <PostSummary item={item} several={several} />
                  <ul className="home-item-outcomes">
                    {item.platforms.map((platform) => (
                      <li key={platform.name}>
                        <span className={`badge ${platform.status === 'failed' ? 'badge-red' : 'badge-yellow'}`}>
                          {platform.name}: {platform.status === 'failed' ? 'failed' : 'in doubt'}
                        </span>{' '}
                        {platform.reason}
                        {platform.status === 'in_doubt' && (
                          <>
                            {' '}
                            <ConfirmPublished host={host} postId={item.post.id} platform={platform.platform} onConfirmed={confirmed} />
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                  <span className="home-item-actions">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(item.post.id)}
                      aria-label={`Retry the post for ${platformNames(item.post) || 'no platform'}`}
                    >
                      {retrying ? 'Retrying...' : 'Retry'}
                    </button>
                    {canReview && <OpenInReview item={item} />}
                  </span>
                </li>
              );
            })}
          </ul>
          <More count={items.length} canReview={canReview} />
        </>
      )}
    </>
  );
}

const PROBLEM_TEXT = {
  expired: () => 'Expired: connect it again to keep publishing.',
  expiring: (at: string, timeZone: string) => `Expires on ${formatDateTime(at, timeZone)}: connect it again before then.`,
};

function ConnectionItems({ health, several }: { health: ConnectionHealth[]; several: boolean }) {
  const connected = health.filter((organization) => organization.healthy.length + organization.problems.length > 0);
  if (connected.length === 0) {
    const first = health[0];
    return first ? <Empty text={DashboardMessages.connectionsEmpty} to={configOf(first.organizationId)} action="Connect a platform on the Account Configuration page" /> : null;
  }
  return (
    <ul className="home-items">
      {health.map((organization) => (
        <li key={organization.organizationId} className="home-item">
          {several && <span className="home-item-title">{organization.organizationName}</span>}
          {organization.problems.map(({ platform, problem }) => (
            <span key={platform} className="home-connection-problem">
              <Badge tone="warning">{platform}</Badge>{' '}
              {problem.kind === 'expired' ? PROBLEM_TEXT.expired() : problem.kind === 'expiring' ? PROBLEM_TEXT.expiring(problem.at, organization.timeZone) : problem.text}{' '}
              <Link to={configOf(organization.organizationId)} aria-label={`Reconnect ${platform}${several ? ` of ${organization.organizationName}` : ''} on the Account Configuration page`}>
                Reconnect
              </Link>
            </span>
          ))}
          {organization.healthy.length > 0 && <span className="muted">Connected: {organization.healthy.join(', ')}</span>}
          {organization.healthy.length + organization.problems.length === 0 && (
            <span className="muted">
              {DashboardMessages.connectionsEmpty} <Link to={configOf(organization.organizationId)}>Connect a platform</Link>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function StatisticsFigures({ statistics }: { statistics: AccountStatistics }) {
  if (statistics.total_posts === 0) return <Empty text={DashboardMessages.statisticsEmpty} to={DESIGNER} action="Open the Content Designer" />;
  const platforms = Object.entries(statistics.platforms_usage).sort((a, b) => b[1] - a[1]);
  const figures: [string, number][] = [
    ['Posts', statistics.total_posts],
    ['Published', statistics.successful_publications],
    ['Pending review', statistics.posts_by_status.pending_review],
    ['Failed', statistics.posts_by_status.failed],
    ['With media', statistics.posts_with_media],
    ['Text only', statistics.posts_text_only],
    ['Active auto-schedules', statistics.active_schedules],
    ['Auto-schedules', statistics.total_schedules],
  ];
  return (
    <>
      <dl className="home-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {platforms.length > 0 && <p className="muted">By platform: {platforms.map(([name, count]) => `${name} ${count}`).join(', ')}</p>}
      <p className="muted">Updated {formatDateTime(statistics.last_updated)}</p>
    </>
  );
}
