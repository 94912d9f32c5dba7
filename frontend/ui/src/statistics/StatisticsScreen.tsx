import { StatisticsMessages, type ConnectionPlatform } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BarChart, BarList, LineChart } from '../charts/index.js';
import { formatDateTime } from '../dates.js';
import { PlatformIcon, platformColor } from '../PlatformIcon.js';
import { failureMessage, hasStatistics, platformChart, publicationsChart, statusChart, topPlatforms, type Statistics } from './data.js';
import { useStatistics } from './useStatistics.js';

/** A platform's bar: its brand colour, but the black marks' (X, Threads, TikTok) in the text's, which shows on the dark theme too. */
const barColor = (platform: ConnectionPlatform) => (platformColor(platform).toLowerCase() === '#000000' ? 'var(--text)' : platformColor(platform));

/** A figure shown above the charts: its label and its value. */
export type Figure = [label: string, value: number];

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The figures every statistics page shows (part 2 §3). */
function commonFigures(statistics: Statistics): Figure[] {
  return [
    ['Total posts', statistics.total_posts],
    ['Successful publications', statistics.successful_publications],
    ['Posts with media', statistics.posts_with_media],
    ['Text-only posts', statistics.posts_text_only],
    ['Deleted posts', statistics.deleted_posts],
    ['Auto-schedules', statistics.total_schedules],
    ['Active auto-schedules', statistics.active_schedules],
  ];
}

function StatisticsView({ statistics, figures }: { statistics: Statistics; figures: Figure[] }) {
  const byPlatform = platformChart(statistics);
  const top = topPlatforms(statistics.platforms_usage);
  return (
    <>
      <p className="muted">Last updated: {formatDateTime(statistics.last_updated)}</p>
      <section aria-labelledby="statistics-figures">
        <h2 id="statistics-figures">Overview</h2>
        <dl className="metrics">
          {[...figures, ...commonFigures(statistics)].map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{count.format(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="statistics-charts">
        <h2 id="statistics-charts">Charts</h2>
        <div className="statistics-charts">
          <BarChart title="Posts by status" categoryLabel="Status" {...statusChart(statistics)} />
          <LineChart title="Publications over time (last 30 days)" categoryLabel="Day" {...publicationsChart(statistics)} />
          {byPlatform.categories.length > 0 && <BarChart title="Posts by platform" categoryLabel="Platform" horizontal {...byPlatform} />}
          {top.length > 0 && (
            <BarList
              title="Top 5 platforms"
              items={top.map(({ name, platform, posts }) => ({
                key: name,
                label: (
                  <>
                    {platform && <PlatformIcon platform={platform} decorative size={18} className="platform-icon" />} {name}
                  </>
                ),
                value: posts,
                valueText: `${count.format(posts)} ${posts === 1 ? 'post' : 'posts'}`,
                color: platform ? barColor(platform) : undefined,
              }))}
            />
          )}
        </div>
      </section>
    </>
  );
}

export interface StatisticsScreenProps<S extends Statistics> {
  host: Host;
  /** The page's heading. */
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<S>;
  /** The Refresh button's call; its answer replaces the figures. */
  refresh: () => Promise<S>;
  /** What a successful refresh says, if anything (the admin's; the organization's refresh only reloads, part 2 §6). */
  refreshedMessage?: string;
  /** Figures shown before the common ones (the admin's organizations and averages). */
  extraFigures?: (statistics: S) => Figure[];
}

/**
 * A statistics page (part 2 §2): loading, 'Error Loading Statistics' with Try
 * Again (and the prompt once the connection is back), 'No Statistics Available',
 * or the figures and charts, with Refresh.
 */
export function StatisticsScreen<S extends Statistics>({ host, title, queryKey, load, refresh, refreshedMessage, extraFigures }: StatisticsScreenProps<S>) {
  const client = useQueryClient();
  const { query, connectionRestored, tryAgain } = useStatistics(host, queryKey, load);
  const refreshing = useMutation({
    mutationFn: refresh,
    onSuccess: (statistics) => {
      client.setQueryData(queryKey, statistics);
      if (refreshedMessage) host.toast({ kind: 'success', message: refreshedMessage });
    },
    onError: () => host.toast({ kind: 'error', message: StatisticsMessages.refreshFailed }),
  });
  const statistics = query.data;
  return (
    <main className="page statistics" aria-busy={query.isPending}>
      <div className="statistics-header">
        <h1>{title}</h1>
        {statistics && (
          <button type="button" className="button button-secondary" onClick={() => refreshing.mutate()} disabled={refreshing.isPending}>
            {refreshing.isPending ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </div>
      {query.isPending && <p role="status">Loading statistics…</p>}
      {query.isError && (
        <section className="statistics-error" aria-labelledby="statistics-error-title">
          <h2 id="statistics-error-title">{StatisticsMessages.errorTitle}</h2>
          <p role="alert">{failureMessage(query.error)}</p>
          {connectionRestored && (
            <p className="form-message form-message-info" role="status">
              {StatisticsMessages.connectionRestored}
            </p>
          )}
          <button type="button" className="button" onClick={tryAgain} disabled={query.isFetching}>
            Try Again
          </button>
        </section>
      )}
      {statistics &&
        (hasStatistics(statistics) ? (
          <StatisticsView statistics={statistics} figures={extraFigures?.(statistics) ?? []} />
        ) : (
          <p className="statistics-empty">{StatisticsMessages.empty}</p>
        ))}
    </main>
  );
}
