import { USER_SEARCH_FIELDS, type UserSearchField } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AdminTable } from '../AdminTable.js';
import { FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { LoadFailure } from '../LoadFailure.js';
import { Pager } from '../Pager.js';
import { usersListKey } from '../user-manage/keys.js';
import { roleLabel, userStatus } from '../users.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';

export const USERS_LOAD_FAILED = 'Failed to load users. Please try again.';
const PER_PAGE = 20;

const SEARCH_FIELD_LABELS: Record<UserSearchField, string> = { all: 'Username or email', username: 'Username', email: 'Email' };

function searchField(value: string | null): UserSearchField {
  return (USER_SEARCH_FIELDS as readonly string[]).includes(value ?? '') ? (value as UserSearchField) : 'all';
}

/**
 * The single-user page of `userId`, coming from the panel's User Management
 * tab (part 1 §2): back there with the same search afterwards.
 */
export function manageUserPath(userId: string, searchQuery: string, searchType: UserSearchField): string {
  const query = new URLSearchParams({ userId, returnTo: '/admin', tab: 'users' });
  if (searchQuery) query.set('searchQuery', searchQuery);
  if (searchType !== 'all') query.set('searchType', searchType);
  return `/user-manage?${query}`;
}

/** User Management (part 1 §2): search by username or e-mail, the table, Manage. The search is kept in the address (searchQuery, searchType). */
export function UsersTab({ host }: { host: Host }) {
  const [params, setParams] = useSearchParams();
  const searchQuery = params.get('searchQuery') ?? '';
  const searchType = searchField(params.get('searchType'));
  const [draft, setDraft] = useState({ query: searchQuery, type: searchType });
  const [page, setPage] = useState(1);
  const users = useQuery({
    queryKey: [...usersListKey, searchQuery, searchType, page],
    queryFn: () =>
      host.api.request('GET', '/auth/users', { query: { search: searchQuery || undefined, search_by: searchType, page, per_page: PER_PAGE } }),
    placeholderData: (previous) => previous,
    retry: false,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('searchQuery');
        next.delete('searchType');
        if (draft.query.trim()) next.set('searchQuery', draft.query.trim());
        if (draft.type !== 'all') next.set('searchType', draft.type);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">User Management</h2>
      <form role="search" aria-label="Users" className="admin-search" onSubmit={search}>
        <FormField label="Search users">
          {(control) => <input {...control} type="search" value={draft.query} onChange={(event) => setDraft({ ...draft, query: event.target.value })} />}
        </FormField>
        <FormField label="Search in">
          {(control) => (
            <select {...control} value={draft.type} onChange={(event) => setDraft({ ...draft, type: searchField(event.target.value) })}>
              {USER_SEARCH_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {SEARCH_FIELD_LABELS[field]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {users.isError && <LoadFailure message={USERS_LOAD_FAILED} onRetry={() => void users.refetch()} />}
      {users.isPending && <LoadingRegion label="Loading users…" />}
      {users.data && (
        <>
          <p className="muted" role="status">
            {users.data.data.pagination.total} {users.data.data.pagination.total === 1 ? 'user' : 'users'}
          </p>
          <AdminTable caption="Users" columns={['Username', 'Email', 'Role', 'Status', 'Created', 'Last login']}>
            {users.data.data.users.map((user) => {
              const status = userStatus(user);
              return (
                <tr key={user.id}>
                  <th scope="row">{user.username}</th>
                  <td>{user.email}</td>
                  <td>{roleLabel(user)}</td>
                  <td>
                    <Badge tone={status === 'Banned' ? 'danger' : 'success'}>{status}</Badge>
                  </td>
                  <td>{formatDateTime(user.created_at)}</td>
                  <td>{formatDateTime(user.last_login)}</td>
                  <td>
                    <Link className="button button-secondary" to={manageUserPath(user.id, searchQuery, searchType)} aria-label={`Manage ${user.username}`}>
                      Manage
                    </Link>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
          {users.data.data.users.length === 0 && <p>No users found.</p>}
          <Pager label="Users pages" page={page} totalPages={users.data.data.pagination.total_pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
