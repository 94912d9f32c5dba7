import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { hasFeature, isAdminRole, SharedMessages, type Feature } from '@planner/contracts';
import { ORGANIZATION_SELECTED_EVENT, SELECTED_ORGANIZATION_KEY } from '@planner/remote-contract';
import { useOrganizations } from './organizations.js';
import { SelectedOrganization } from './selected-organization.js';
import { useShell, useUser } from './shell-context.js';

/** Part 1 §2: anonymous visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Part 1 §2, §6: users without the feature go to /plan-selection (admins pass every feature guard). */
export function RequireFeature({ feature, children }: { feature: Feature; children: ReactNode }) {
  const user = useUser();
  if (!user) return <Navigate to="/login" replace />;
  if (!hasFeature(user.role, feature, user.capabilities)) return <Navigate to="/plan-selection" replace />;
  return children;
}

/**
 * Part 1 §6: admin-only pages. Anonymous visitors go to /login; other users get
 * the spec's denial instead of the page (whose remote is not even loaded):
 * 'Unauthorized: Admin access required', or the page's own (`denial`).
 */
export function RequireAdmin({ denial = SharedMessages.adminRequired, children }: { denial?: string; children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isAdminRole(user.role)) {
    return (
      <main className="page" aria-labelledby="access-denied-title">
        <h1 id="access-denied-title">Access Denied</h1>
        <p className="form-message form-message-error" role="alert">
          {denial}
        </p>
        <Link to="/">Return to Home</Link>
      </main>
    );
  }
  return children;
}

function subscribeSelection(listener: () => void): () => void {
  window.addEventListener(ORGANIZATION_SELECTED_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(ORGANIZATION_SELECTED_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSelectedOrganizationId(): string | null {
  const { storage } = useShell();
  return useSyncExternalStore(subscribeSelection, () => storage.getItem(SELECTED_ORGANIZATION_KEY));
}

/**
 * Part 1 §2: /organization/* pages need a selected organization; without one the
 * first is picked, and a user with none goes to /accounts. `selectParam` names a
 * route parameter holding an organization id (/organization/{id}/generator): one
 * of the user's becomes the selected organization, another leaves the selection.
 */
export function RequireOrganization({ children, selectParam }: { children: ReactNode; selectParam?: string }) {
  const { storage } = useShell();
  const params = useParams();
  const named = selectParam ? params[selectParam] : undefined;
  const stored = useSelectedOrganizationId();
  const query = useOrganizations();
  if (query.isPending) {
    return (
      <div className="page-loading" role="status">
        Loading your accounts…
      </div>
    );
  }
  if (query.isError) {
    return (
      <main className="page" aria-labelledby="org-error-title">
        <h1 id="org-error-title">Could not load your accounts</h1>
        <p role="alert">{query.error.message}</p>
        <p className="actions">
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try Again
          </button>
          <Link to="/" className="button button-secondary">
            Return to Home
          </Link>
        </p>
      </main>
    );
  }
  const organizations = query.data;
  if (organizations.length === 0) return <Navigate to="/accounts" replace />;
  const selected = organizations.find((o) => o.id === named) ?? organizations.find((o) => o.id === stored) ?? organizations[0]!;
  if (selected.id !== stored) storage.setItem(SELECTED_ORGANIZATION_KEY, selected.id);
  return <SelectedOrganization.Provider value={selected}>{children}</SelectedOrganization.Provider>;
}
