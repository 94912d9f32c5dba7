import type { AdminAnswer, Host, Organization } from '@planner/remote-contract';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureText } from '../errors.js';
import { FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { LoadFailure } from '../LoadFailure.js';
import { AdminMessages } from '../messages.js';
import { organizationsKey } from './keys.js';
import { checkDeactivation } from './rules.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';

/** Which organizations the list shows (orgSearchType). */
const STATUS_FILTERS = { all: 'All', active: 'Active', inactive: 'Inactive' } as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

const statusFilter = (value: string | null): StatusFilter => (value === 'active' || value === 'inactive' ? value : 'all');

/** Not worded by the spec. */
export const ORGANIZATIONS_LOAD_FAILED = 'Failed to load the user’s organizations';

/**
 * The user's organizations (part 1 §2, §4): their count, a filter by name
 * (orgSearchQuery) and status (orgSearchType) kept in the address; activate,
 * or deactivate with a required reason.
 */
export function UserOrganizations({ host, userId, query }: { host: Host; userId: string; query: UseQueryResult<AdminAnswer<{ organizations: Organization[] }>> }) {
  const [params, setParams] = useSearchParams();
  const nameFilter = params.get('orgSearchQuery') ?? '';
  const status = statusFilter(params.get('orgSearchType'));
  const setFilter = (key: 'orgSearchQuery' | 'orgSearchType', value: string, empty: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === empty) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (query.isError) return <LoadFailure message={ORGANIZATIONS_LOAD_FAILED} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingRegion label="Loading organizations…" />;
  const organizations = query.data.data.organizations;
  const active = organizations.filter((organization) => organization.is_active).length;
  const needle = nameFilter.trim().toLowerCase();
  const shown = organizations.filter(
    (organization) => organization.name.toLowerCase().includes(needle) && (status === 'all' || organization.is_active === (status === 'active')),
  );
  return (
    <section aria-labelledby="organizations-title">
      <h2 id="organizations-title">Organizations ({organizations.length})</h2>
      <p className="muted">
        {active} active, {organizations.length - active} inactive
      </p>
      {organizations.length > 0 && (
        <div className="admin-search" role="search" aria-label="Organizations">
          <FormField label="Filter by name">
            {(control) => <input {...control} type="search" value={nameFilter} onChange={(event) => setFilter('orgSearchQuery', event.target.value, '')} />}
          </FormField>
          <FormField label="Status">
            {(control) => (
              <select {...control} value={status} onChange={(event) => setFilter('orgSearchType', event.target.value, 'all')}>
                {Object.entries(STATUS_FILTERS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      {organizations.length === 0 && <p>This user has no organizations.</p>}
      {organizations.length > 0 && shown.length === 0 && <p>No organizations match the filter.</p>}
      <ul className="admin-list" aria-label="Organizations of the user">
        {shown.map((organization) => (
          <OrganizationItem key={organization.id} host={host} userId={userId} organization={organization} />
        ))}
      </ul>
    </section>
  );
}

function OrganizationItem({ host, userId, organization }: { host: Host; userId: string; organization: Organization }) {
  const queryClient = useQueryClient();
  const [deactivating, setDeactivating] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: { activate: boolean; reason?: string }) =>
      host.api.request('POST', '/auth/admin/organization-status', { body: { organization_id: organization.id, ...body } }),
    onSuccess: (_, body) => {
      host.toast({ kind: 'success', message: body.activate ? AdminMessages.activated(organization.name) : AdminMessages.deactivated(organization.name) });
      setDeactivating(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: organizationsKey(userId) });
    },
    onError: (failure, body) => host.toast({ kind: 'error', message: failureText(failure, body.activate ? AdminMessages.activateFailed : AdminMessages.deactivateFailed) }),
  });
  const deactivate = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDeactivation(reason);
    setError('error' in checked ? checked.error : null);
    if ('reason' in checked) change.mutate({ activate: false, reason: checked.reason });
  };
  return (
    <li className="card admin-list-item">
      <h3>
        {organization.name}{' '}
        <Badge tone={organization.is_active ? 'success' : 'neutral'}>{organization.is_active ? 'Active' : 'Inactive'}</Badge>
      </h3>
      <p className="muted">Created {formatDateTime(organization.created_at)}</p>
      {!organization.is_active && (
        <p>
          Deactivated {formatDateTime(organization.deactivated_at)}
          {organization.deactivation_reason && <>: {organization.deactivation_reason}</>}
        </p>
      )}
      {organization.is_active ? (
        deactivating ? (
          <form className="form admin-form" aria-label={`Deactivate ${organization.name}`} onSubmit={deactivate} noValidate>
            <FormField label="Reason for deactivating" error={error}>
              {(control) => <input {...control} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />}
            </FormField>
            <div className="actions">
              <button type="submit" className="button button-danger" disabled={change.isPending}>
                Deactivate
              </button>
              <button type="button" className="button button-secondary" onClick={() => setDeactivating(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="button button-secondary" aria-label={`Deactivate ${organization.name}`} onClick={() => setDeactivating(true)}>
            Deactivate
          </button>
        )
      ) : (
        <button type="button" className="button" aria-label={`Activate ${organization.name}`} disabled={change.isPending} onClick={() => change.mutate({ activate: true })}>
          Activate
        </button>
      )}
    </li>
  );
}
