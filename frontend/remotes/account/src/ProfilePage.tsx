import { AuthMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PlanBadge, RoleBadge } from './badges.js';
import { Field, FormMessage, PasswordRules, useFocusFirstInvalid } from './components.js';
import { serverMessage } from './errors.js';
import { ResendVerification } from './ResendVerification.js';
import { validateChangePassword, type Errors } from './validation.js';
import { ACCOUNT_DELETED_STATE } from './session-end.js';

/** Part 1 §8: after deletion the landing page follows 1.5 s later. */
export const DELETED_REDIRECT_MS = 1500;
/** Not worded by the spec: the banner of an unverified user (part 1 §2 says what it conveys). */
export const UNVERIFIED_BANNER = 'Your e-mail address is not verified yet, so some features are limited. Check your inbox for the verification link.';

function ChangePassword({ host }: HostProps) {
  const [values, setValues] = useState({ current: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors<'current' | 'password' | 'confirm'>>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateChangePassword(values);
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length) return focusFirstInvalid();
    setBusy(true);
    try {
      await host.api.request('POST', '/auth/change-password', { body: { current_password: values.current, new_password: values.password } });
      setValues({ current: '', password: '', confirm: '' });
      setResult({ kind: 'success', text: AuthMessages.passwordChanged });
      host.toast({ kind: 'success', message: AuthMessages.passwordChanged, durationMs: 3000 });
    } catch (error) {
      setResult({ kind: 'error', text: serverMessage(error, AuthMessages.weakPasswordChange) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="change-password-title" className="form">
      <h3 id="change-password-title">Change password</h3>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <Field label="Current password" name="current_password" type="password" autoComplete="current-password" value={values.current} onChange={set('current')} error={errors.current} />
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint={<PasswordRules password={values.password} />}
      />
      <Field label="Confirm new password" name="confirm_password" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}

function DeleteAccount({ host }: HostProps) {
  const navigate = useNavigate();
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phrase !== AuthMessages.deleteConfirmationPhrase) {
      setError(AuthMessages.deleteConfirmationMismatch);
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await host.api.request('DELETE', '/auth/delete-account', { body: { confirmation: phrase } });
      host.toast({ kind: 'success', message: AuthMessages.accountDeleted, durationMs: 3000 });
      // Home clears the session once it shows (session-end.ts): cleared here, the login guard would send the user to /login.
      setTimeout(() => navigate('/', { replace: true, state: ACCOUNT_DELETED_STATE }), DELETED_REDIRECT_MS);
    } catch (failed) {
      setFailure(isApiError(failed) && failed.status > 0 ? AuthMessages.deleteFailed : 'An unexpected error occurred. Please try again later.');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="delete-account-title" className="form danger-zone">
      <h3 id="delete-account-title">Delete account</h3>
      <p>This removes your account and its data. Type {AuthMessages.deleteConfirmationPhrase} to confirm.</p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label="Confirmation" name="confirmation" autoComplete="off" value={phrase} onChange={setPhrase} error={error} />
      <button type="submit" className="button button-danger" disabled={busy || phrase !== AuthMessages.deleteConfirmationPhrase}>
        {busy ? 'Deleting…' : 'Delete my account'}
      </button>
    </form>
  );
}

/** /profile (part 1 §2). */
export function ProfilePage({ host }: HostProps) {
  const user = host.session.user;
  const [securityOpen, setSecurityOpen] = useState(false);
  const securityId = useId();
  if (!user) return null;
  return (
    <main className="page" aria-labelledby="profile-title">
      <h1 id="profile-title">My Profile</h1>
      {!user.email_verified && (
        <section className="banner banner-warning" aria-label="E-mail verification">
          <p>{UNVERIFIED_BANNER}</p>
          <ResendVerification host={host} />
        </section>
      )}
      <section className="card" aria-labelledby="account-details-title">
        <h2 id="account-details-title">Account details</h2>
        <dl className="details">
          <div>
            <dt>Username</dt>
            <dd>{user.username}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>
              <RoleBadge user={user} />
            </dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>
              <PlanBadge user={user} />
            </dd>
          </div>
        </dl>
        <Link className="button" to="/plan-selection">
          Manage Plan
        </Link>
      </section>
      <section className="card" aria-labelledby="accounts-card-title">
        <h2 id="accounts-card-title">Accounts</h2>
        <p>Create and manage the organizations (brands) you publish for.</p>
        <Link className="button" to="/accounts">
          Manage Accounts
        </Link>
      </section>
      <section className="card">
        <h2>
          <button type="button" className="disclosure" aria-expanded={securityOpen} aria-controls={securityId} onClick={() => setSecurityOpen((v) => !v)}>
            Security Settings
          </button>
        </h2>
        <div id={securityId} hidden={!securityOpen}>
          <ChangePassword host={host} />
          <DeleteAccount host={host} />
        </div>
      </section>
    </main>
  );
}
