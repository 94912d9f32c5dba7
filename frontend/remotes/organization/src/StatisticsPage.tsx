import { StatisticsMessages } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { StatisticsScreen } from '@planner/ui/statistics';

const TITLE = 'Organization Statistics';

/**
 * Organization Statistics, /organization/statistics (part 2 §2): the figures
 * and charts of the organization selected in the shell. Its Refresh asks the
 * organization's statistics again (part 2 §6: only the admin's global refresh recomputes).
 */
export function StatisticsPage({ host }: HostProps) {
  const organization = host.organization;
  if (!organization) {
    return (
      <main className="page">
        <h1>{TITLE}</h1>
        <p role="alert">{StatisticsMessages.noOrganization}</p>
      </main>
    );
  }
  const params = { id: organization.id };
  return (
    <StatisticsScreen
      key={organization.id}
      host={host}
      title={`${TITLE}: ${organization.name}`}
      queryKey={['organization-statistics', organization.id]}
      load={async () => (await host.api.request('GET', '/organizations/:id/statistics', { params })).statistics}
      refresh={async () => (await host.api.request('POST', '/organizations/:id/statistics/refresh', { params })).statistics}
    />
  );
}
