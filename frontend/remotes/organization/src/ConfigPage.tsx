import { OrganizationMessages } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { AccountSettings } from './AccountSettings.js';
import { LinkedAccounts } from '@planner/ui/linked-accounts';
import { errorText } from '@planner/ui/error-text';
import { PlatformsConfiguration } from './Platforms.js';
import { Templates } from './Templates.js';
import { LoadingRegion } from '@planner/ui/skeleton';

/**
 * Account Configuration, /organization/config (part 2 §2): linked accounts,
 * settings (not for basic and test), templates (not for test) and the platform
 * connections of the organization selected in the shell; / without one.
 */
export function ConfigPage({ host }: HostProps) {
  const organizationId = host.organization?.id;
  const config = useQuery({
    queryKey: ['organization-config', organizationId],
    queryFn: () => host.api.request('GET', '/organizations/:id/config', { params: { id: organizationId! } }),
    enabled: organizationId !== undefined,
    retry: false,
  });
  const user = host.session.user;
  if (!organizationId || !user) return <Navigate to="/" replace />;
  if (config.isPending) {
    return (
      <main className="page" aria-busy="true">
        <h1>Account Configuration</h1>
        <LoadingRegion label="Loading…" />
      </main>
    );
  }
  if (config.isError) {
    return (
      <main className="page">
        <h1>Account Configuration</h1>
        <p role="alert">{errorText(config.error)}</p>
        <button type="button" className="button" onClick={() => void config.refetch()}>
          Retry
        </button>
      </main>
    );
  }
  const { organization, templates } = config.data;
  const verified = user.email_verified;
  const inactive = !organization.is_active;
  const role = user.role;
  return (
    <main className="page organization-config">
      <h1>Account Configuration: {organization.name}</h1>
      {!verified && (
        <p className="form-message form-message-info" role="status">
          {OrganizationMessages.verifyEmailBeforePlatforms}
        </p>
      )}
      {inactive && (
        <p className="form-message form-message-error" role="alert">
          {OrganizationMessages.inactive}
        </p>
      )}
      {role !== 'test' && <LinkedAccounts platforms={organization.platforms} blurred={!verified} />}
      {role !== 'test' && role !== 'basic' && <AccountSettings host={host} organization={organization} disabled={inactive} />}
      {role !== 'test' && <Templates host={host} organizationId={organization.id} templates={templates} role={role} disabled={inactive} />}
      <PlatformsConfiguration host={host} organizationId={organization.id} platforms={organization.platforms} timeZone={organization.timezone} verified={verified} disabled={inactive} />
    </main>
  );
}
