import {
  isUnlimitedOrganizationLimit,
  organizationLimitRefusal,
  OrganizationMessages,
  SharedMessages,
  type OrganizationLimits,
} from '@planner/contracts';
import { isApiError, type HostProps, type Organization } from '@planner/remote-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field, FormMessage } from './components.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';
import { EmptyState } from '@planner/ui/empty-state';


/** Part 2 §8: the server's message, else "Failed to <action> account."; a rate limit has its own words. */
export function accountError(error: unknown, action: string): string {
  if (isApiError(error) && error.status === 429) return SharedMessages.rateLimitedShort;
  const message = isApiError(error) ? error.body?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : `Failed to ${action} account.`;
}

/** Not worded by the spec: the tips of the accounts page. */
export const TIPS = [
  'Create one account per brand or client you publish for.',
  'Deactivate an account you do not use right now to free a slot; activate it again at any time.',
  'Connect each account to its platforms in its configuration before generating posts.',
];

const ORGANIZATIONS = ['organizations'];
const LIMITS = ['organization-limits'];

function Counters({ limits }: { limits: OrganizationLimits }) {
  const unlimited = isUnlimitedOrganizationLimit(limits.limit);
  return (
    <dl className="metrics" aria-label="Plan limits">
      <div>
        <dt>Active accounts</dt>
        <dd>{unlimited ? limits.active_count : `${limits.active_count} / ${limits.limit}`}</dd>
      </div>
      <div>
        <dt>Inactive accounts</dt>
        <dd>{limits.inactive_count}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>{limits.total_count}</dd>
      </div>
      <div>
        <dt>Remaining</dt>
        <dd>{unlimited ? 'Unlimited' : limits.remaining}</dd>
      </div>
    </dl>
  );
}

function Row({ organization, host, verified, canActivate }: HostProps & { organization: Organization; verified: boolean; canActivate: boolean }) {
  const queries = useQueryClient();
  const [mode, setMode] = useState<'idle' | 'rename' | 'deactivate' | 'delete'>('idle');
  const [reason, setReason] = useState('');
  const [name, setName] = useState(organization.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ action }: { action: 'update' | 'activate' | 'deactivate' | 'delete' }): Promise<unknown> => {
      const params = { id: organization.id };
      if (action === 'update') return host.api.request('PUT', '/organizations/:id', { params, body: { name: name.trim() } });
      if (action === 'delete') return host.api.request('DELETE', '/organizations/:id', { params });
      if (action === 'activate') return host.api.request('PUT', '/organizations/:id/activate', { params });
      return host.api.request('PUT', '/organizations/:id/deactivate', { params, body: reason.trim() ? { reason: reason.trim() } : {} });
    },
    onSuccess: async () => {
      setMode('idle');
      setFailure(null);
      await Promise.all([queries.invalidateQueries({ queryKey: ORGANIZATIONS }), queries.invalidateQueries({ queryKey: LIMITS })]);
    },
    onError: (error, { action }) => setFailure(accountError(error, action)),
  });
  const disabled = !verified || change.isPending;
  return (
    <li className="card account-row">
      <h3>{organization.name}</h3>
      <p>
        <Badge tone={organization.is_active ? 'success' : 'neutral'}>{organization.is_active ? 'Active' : 'Inactive'}</Badge>{' '}
        <span className="muted">Created {new Date(organization.created_at).toLocaleDateString('en-US')}</span>
      </p>
      {!organization.is_active && organization.deactivation_reason && <p className="muted">Reason: {organization.deactivation_reason}</p>}
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      {mode === 'idle' && (
        <p className="actions">
          {organization.is_active && (
            <button type="button" className="button button-secondary" disabled={disabled} onClick={() => setMode('rename')}>
              Rename
            </button>
          )}
          {organization.is_active ? (
            <button type="button" className="button button-secondary" disabled={disabled} onClick={() => setMode('deactivate')}>
              Deactivate
            </button>
          ) : (
            <button type="button" className="button button-secondary" disabled={disabled || !canActivate} onClick={() => change.mutate({ action: 'activate' })}>
              Activate
            </button>
          )}
          <button type="button" className="button button-danger" disabled={disabled} onClick={() => setMode('delete')}>
            Delete
          </button>
        </p>
      )}
      {mode === 'rename' && (
        <form
          className="actions"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setNameError(OrganizationMessages.nameRequired);
            setNameError(undefined);
            change.mutate({ action: 'update' });
          }}
        >
          <Field label={`New name for ${organization.name}`} name="name" value={name} onChange={setName} error={nameError} maxLength={200} />
          <button type="submit" className="button" disabled={disabled}>
            Save name
          </button>
          <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'deactivate' && (
        <form
          className="actions"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate({ action: 'deactivate' });
          }}
        >
          <Field label={`Reason for deactivating ${organization.name} (optional)`} name="reason" value={reason} onChange={setReason} placeholder={OrganizationMessages.defaultDeactivationReason} />
          <button type="submit" className="button" disabled={disabled}>
            Confirm deactivation
          </button>
          <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'delete' && (
        <div className="actions" role="group" aria-label={`Delete ${organization.name}`}>
          <p>Delete {organization.name} and everything in it? This cannot be undone.</p>
          <button type="button" className="button button-danger" disabled={disabled} onClick={() => change.mutate({ action: 'delete' })}>
            Yes, delete
          </button>
          <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}

function CreateForm({ host, limits, verified }: HostProps & { limits: OrganizationLimits; verified: boolean }) {
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const refusal = organizationLimitRefusal(limits);
  const create = useMutation({
    mutationFn: () => host.api.request('POST', '/organizations', { body: { name: name.trim() } }),
    onSuccess: async () => {
      setName('');
      setFailure(null);
      await Promise.all([queries.invalidateQueries({ queryKey: ORGANIZATIONS }), queries.invalidateQueries({ queryKey: LIMITS })]);
    },
    onError: (failed) => setFailure(accountError(failed, 'create')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(OrganizationMessages.nameRequired);
    setError(undefined);
    create.mutate();
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="create-account-title">
      <h2 id="create-account-title">Create an account</h2>
      {!verified && <FormMessage kind="info">{OrganizationMessages.verifyEmailBefore('creating an account.')}</FormMessage>}
      {verified && refusal && <FormMessage kind="info">{refusal}</FormMessage>}
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label="Account name" name="name" value={name} onChange={setName} error={error} maxLength={200} />
      <button type="submit" className="button" disabled={!verified || !limits.can_create_more || create.isPending}>
        {create.isPending ? 'Creating…' : 'Create account'}
      </button>
    </form>
  );
}

/** /accounts (part 1 §2, part 2 §2): limit counters, list, create form, upgrade banner (not for test), tips. */
export function AccountsPage({ host }: HostProps) {
  const user = host.session.user;
  const organizations = useQuery({ queryKey: ORGANIZATIONS, queryFn: () => host.api.request('GET', '/organizations') });
  const limits = useQuery({ queryKey: LIMITS, queryFn: () => host.api.request('GET', '/organizations/limits') });
  if (!user) return null;
  const verified = user.email_verified;
  const showUpgrade = user.role !== 'test' && limits.data !== undefined && !isUnlimitedOrganizationLimit(limits.data.limit) && !limits.data.can_create_more;
  return (
    <main className="page" aria-labelledby="accounts-title">
      <h1 id="accounts-title">Accounts</h1>
      {(organizations.isError || limits.isError) && (
        <FormMessage kind="error">{accountError(organizations.error ?? limits.error, 'load')}</FormMessage>
      )}
      {limits.data && <Counters limits={limits.data} />}
      {showUpgrade && (
        <section className="banner banner-warning" aria-label="Upgrade">
          <p>You are using every account your plan allows. Upgrade your plan to manage more brands.</p>
          <Link className="button" to="/plan-selection">
            Upgrade plan
          </Link>
        </section>
      )}
      {limits.data && <CreateForm host={host} limits={limits.data} verified={verified} />}
      <section aria-labelledby="account-list-title">
        <h2 id="account-list-title">Your accounts</h2>
        {organizations.isPending && <LoadingRegion label="Loading your accounts…" />}
        {organizations.data?.length === 0 && (
          <EmptyState title="You have no accounts yet." headingLevel={3}>
            Create your first one above.
          </EmptyState>
        )}
        <ul className="cards">
          {organizations.data?.map((organization) => (
            <Row key={organization.id} organization={organization} host={host} verified={verified} canActivate={limits.data?.can_create_more ?? false} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="tips-title" className="card">
        <h2 id="tips-title">Tips</h2>
        <ul>
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </main>
  );
}
