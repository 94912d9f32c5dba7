import { ROLE_LABELS, ROLES, type PublicUser, type Role } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText } from '../errors.js';
import { FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { AdminMessages } from '../messages.js';
import { isBanned, userStatus } from '../users.js';
import { checkBan } from './rules.js';
import { userKey, usersListKey } from './keys.js';
import { Badge } from '@planner/ui/badge';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** User Information (part 1 §2, §4, §6): the user's fields, the role (any of the 7, or reset), ban with a reason and whole hours or for good, unban. */
export function UserInformation({ host, user }: { host: Host; user: PublicUser }) {
  const queryClient = useQueryClient();
  // Every change answers the user as it now is; the panel's list reads it again.
  const changed = (answer: { data: { user: PublicUser } }) => {
    queryClient.setQueryData(userKey(user.id), { success: true, data: { user: answer.data.user, subscription: answer.data.user.subscription } });
    void queryClient.invalidateQueries({ queryKey: usersListKey });
  };
  const failed = (fallback: string) => (error: Error) => host.toast({ kind: 'error', message: failureText(error, fallback) });
  const banned = isBanned(user);

  const unban = useMutation({
    mutationFn: () => host.api.request('POST', '/auth/admin/unban-user', { body: { user_id: user.id } }),
    onSuccess: (answer) => {
      changed(answer);
      host.toast({ kind: 'success', message: AdminMessages.unbanned(user.username) });
    },
    onError: failed(AdminMessages.unbanFailed),
  });

  return (
    <div className="user-information">
      <section className="card" aria-labelledby="user-details-title">
        <h2 id="user-details-title">User Information</h2>
        <dl className="details">
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt>Email verified</dt>
          <dd>{yesNo(user.email_verified)}</dd>
          <dt>Newsletter</dt>
          <dd>{yesNo(user.newsletter_subscribed)}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(user.created_at)}</dd>
          <dt>Last login</dt>
          <dd>{formatDateTime(user.last_login)}</dd>
          <dt>Status</dt>
          <dd>
            <Badge tone={banned ? 'danger' : 'success'}>{userStatus(user)}</Badge>
          </dd>
          {banned && (
            <>
              <dt>Ban reason</dt>
              <dd>{user.ban_reason}</dd>
              <dt>Banned</dt>
              <dd>{formatDateTime(user.banned_at)}</dd>
              <dt>Ban ends</dt>
              <dd>{user.ban_expires_at ? formatDateTime(user.ban_expires_at) : 'Never (permanent)'}</dd>
            </>
          )}
        </dl>
      </section>
      <RoleForm host={host} user={user} onChanged={changed} />
      {banned ? (
        <section className="card" aria-labelledby="unban-title">
          <h2 id="unban-title">Ban</h2>
          <p>This user cannot log in until the ban ends or is lifted.</p>
          <button type="button" className="button" disabled={unban.isPending} onClick={() => unban.mutate()}>
            Unban user
          </button>
        </section>
      ) : (
        <BanForm host={host} user={user} onChanged={changed} />
      )}
    </div>
  );
}

type Changed = (answer: { data: { user: PublicUser } }) => void;

function RoleForm({ host, user, onChanged }: { host: Host; user: PublicUser; onChanged: Changed }) {
  const [role, setRole] = useState<Role>(user.role);
  const change = useMutation({
    mutationFn: (kind: 'set' | 'reset') =>
      kind === 'set'
        ? host.api.request('PUT', '/auth/users/:id/role', { params: { id: user.id }, body: { role } })
        : host.api.request('POST', '/auth/users/:id/role/reset', { params: { id: user.id } }),
    onSuccess: (answer, kind) => {
      onChanged(answer);
      setRole(answer.data.user.role);
      const label = ROLE_LABELS[answer.data.user.role];
      host.toast({ kind: 'success', message: kind === 'set' ? AdminMessages.roleUpdated(label) : AdminMessages.roleReset(label) });
    },
    onError: (error, kind) => host.toast({ kind: 'error', message: failureText(error, kind === 'set' ? AdminMessages.roleUpdateFailed : AdminMessages.roleResetFailed) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate('set');
  };
  return (
    <section className="card" aria-labelledby="role-title">
      <h2 id="role-title">Change role</h2>
      <form className="form admin-form" onSubmit={submit}>
        <FormField label="Role" hint="Reset gives back the role of the user's plan.">
          {(control) => (
            <select {...control} value={role} onChange={(event) => setRole(event.target.value as Role)}>
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]} ({value})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="actions">
          <button type="submit" className="button" disabled={role === user.role || change.isPending}>
            Change role
          </button>
          <button type="button" className="button button-secondary" disabled={change.isPending} onClick={() => change.mutate('reset')}>
            Reset role
          </button>
        </div>
      </form>
    </section>
  );
}

function BanForm({ host, user, onChanged }: { host: Host; user: PublicUser; onChanged: Changed }) {
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'hours', string>>>({});
  const ban = useMutation({
    mutationFn: (body: { reason: string; duration_hours: number | null }) => host.api.request('POST', '/auth/admin/ban-user', { body: { user_id: user.id, ...body } }),
    onSuccess: (answer) => {
      onChanged(answer);
      host.toast({ kind: 'success', message: AdminMessages.banned(user.username) });
    },
    onError: (error) => host.toast({ kind: 'error', message: failureText(error, AdminMessages.banFailed) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBan(reason, hours);
    setErrors('errors' in checked ? checked.errors : {});
    if ('ban' in checked) ban.mutate(checked.ban);
  };
  return (
    <section className="card" aria-labelledby="ban-title">
      <h2 id="ban-title">Ban</h2>
      <form className="form admin-form" aria-label="Ban user" onSubmit={submit} noValidate>
        <FormField label="Reason" error={errors.reason}>
          {(control) => <textarea {...control} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </FormField>
        <FormField label="Duration (hours)" error={errors.hours} hint="Whole hours, at least 1. Leave empty for a permanent ban.">
          {(control) => <input {...control} type="number" min={1} step={1} inputMode="numeric" value={hours} onChange={(event) => setHours(event.target.value)} />}
        </FormField>
        <button type="submit" className="button button-danger" disabled={ban.isPending}>
          Ban user
        </button>
      </form>
    </section>
  );
}
