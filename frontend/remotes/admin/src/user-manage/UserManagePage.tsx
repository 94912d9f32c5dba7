import { AuthMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AdminMessages } from '../messages.js';
import { Tabs } from '@planner/ui/tabs';
import { organizationsKey, userKey } from './keys.js';
import { originPath } from './rules.js';
import { UserInformation } from './UserInformation.js';
import { UserOrganizations } from './UserOrganizations.js';
import { UserSubscription } from './UserSubscription.js';
import { LoadingRegion } from '@planner/ui/skeleton';

type Section = 'information' | 'organizations' | 'subscription';

/**
 * The single-user page, /user-manage (part 1 §2): User Information (role,
 * ban), Organizations (with their count; activate, deactivate) and
 * Subscription, for `userId`; back to `returnTo` with the origin's tab and
 * search. The shell shows it to admins only (RequireAdmin).
 */
export function UserManagePage({ host }: HostProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = params.get('userId') ?? '';
  const origin = originPath(params);
  const [section, setSection] = useState<Section>('information');
  const user = useQuery({
    queryKey: userKey(userId),
    queryFn: () => host.api.request('GET', '/auth/users/:id', { params: { id: userId } }),
    enabled: userId !== '',
    retry: false,
  });
  const organizations = useQuery({
    queryKey: organizationsKey(userId),
    queryFn: () => host.api.request('GET', '/auth/users/:id/organizations', { params: { id: userId } }),
    enabled: userId !== '',
    retry: false,
  });

  // Part 1 §8: 'Failed to load user data' (or 'User not found'), then back where the admin came from.
  const loadError = user.error;
  const reported = useRef<Error | null>(null);
  useEffect(() => {
    if (!loadError || reported.current === loadError) return;
    reported.current = loadError;
    host.toast({ kind: 'error', message: isApiError(loadError) && loadError.status === 404 ? AuthMessages.userNotFound : AdminMessages.loadUserFailed });
    void navigate(origin, { replace: true });
  }, [loadError, host, navigate, origin]);

  if (!userId) {
    return (
      <main className="page">
        <h1>Manage User</h1>
        <p className="form-message form-message-error" role="alert">
          {AuthMessages.noUserId}
        </p>
        <Link to={origin}>Back</Link>
      </main>
    );
  }
  if (!user.data) {
    return (
      <main className="page" aria-busy="true">
        <h1>Manage User</h1>
        <LoadingRegion label="Loading user…" />
      </main>
    );
  }
  const shown = user.data.data.user;
  const count = organizations.data?.data.organizations.length;
  const tabs = [
    { key: 'information', label: 'User Information' },
    { key: 'organizations', label: count === undefined ? 'Organizations' : `Organizations (${count})` },
    { key: 'subscription', label: 'Subscription' },
  ] as const;
  return (
    <main className="page user-manage">
      <p>
        <Link to={origin}>← Back</Link>
      </p>
      <h1>Manage User: {shown.username}</h1>
      <Tabs label="User sections" tabs={tabs} selected={section} onSelect={setSection}>
        {section === 'information' && <UserInformation host={host} user={shown} />}
        {section === 'organizations' && <UserOrganizations host={host} userId={userId} query={organizations} />}
        {section === 'subscription' && <UserSubscription host={host} user={shown} />}
      </Tabs>
    </main>
  );
}
