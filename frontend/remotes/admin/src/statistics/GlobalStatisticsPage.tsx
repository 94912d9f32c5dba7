import { isAdminRole, SharedMessages, StatisticsMessages, type GlobalStatistics } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { StatisticsScreen, type Figure } from '@planner/ui/statistics';

const TITLE = 'Global System Statistics';

/** The admin extras (part 2 §3): organizations, and posts and auto-schedules per organization. */
function adminFigures(statistics: GlobalStatistics): Figure[] {
  return [
    ['Organizations', statistics.total_organizations],
    ['Average posts per organization', statistics.avg_posts_per_organization],
    ['Average auto-schedules per organization', statistics.avg_schedules_per_organization],
  ];
}

/**
 * Global System Statistics, /statistics (part 2 §2, §6): every organization's
 * figures and charts with the admin extras, and Refresh, which recomputes them
 * now. Admins only: anyone else gets the spec's denial and no call is made.
 */
export function GlobalStatisticsPage({ host }: HostProps) {
  const user = host.session.user;
  if (!user || !isAdminRole(user.role)) {
    return (
      <main className="page">
        <h1>{TITLE}</h1>
        <p role="alert">{SharedMessages.adminRequired}</p>
      </main>
    );
  }
  return (
    <StatisticsScreen
      host={host}
      title={TITLE}
      queryKey={['global-statistics']}
      load={() => host.api.request('GET', '/statistics/admin')}
      refresh={async () => (await host.api.request('POST', '/statistics/refresh')).statistics}
      refreshedMessage={StatisticsMessages.refreshed}
      extraFigures={adminFigures}
    />
  );
}
