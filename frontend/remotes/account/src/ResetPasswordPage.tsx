import { AuthMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Field, FormMessage, useFocusFirstInvalid } from './components.js';
import { validateResetPassword, type Errors } from './validation.js';

/** Part 1 §4: after a reset the login screen follows 1 s later. */
export const RESET_REDIRECT_MS = 1000;
/** Part 1 §8 toasts. */
export const RESET_FAILED_TOAST = 'Password reset failed';

/** The server's error text, else the spec's fallback (part 1 §7, §8). */
function resetError(error: unknown): string {
  if (!isApiError(error)) return AuthMessages.resetFailed;
  const body = error.body ?? {};
  for (const value of [body.message, body.detail]) if (typeof value === 'string' && value.trim()) return value;
  return AuthMessages.resetFailed;
}

/** /reset-password?token=...: form, submitting, success (then /login) or error. */
export function ResetPasswordPage({ host }: HostProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors<'password' | 'confirm'>>({});
  const [status, setStatus] = useState<'form' | 'submitting' | 'success' | 'error'>('form');
  const [failure, setFailure] = useState<string>('');
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  if (!token) {
    return (
      <main className="page page-narrow" aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        <FormMessage kind="error">{AuthMessages.invalidResetLink}</FormMessage>
        <p>
          <Link to="/login">Back to login</Link>
        </p>
      </main>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateResetPassword(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid();
    setStatus('submitting');
    try {
      await host.api.request('POST', '/auth/reset-password/:token', { params: { token }, auth: false, body: { new_password: values.password } });
      setStatus('success');
      host.toast({ kind: 'success', message: AuthMessages.passwordResetDone, durationMs: 3000 });
      setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    } catch (error) {
      setFailure(resetError(error));
      setStatus('error');
      host.toast({ kind: 'error', message: RESET_FAILED_TOAST });
    }
  };

  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <main className="page page-narrow">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="reset-title" className="form">
        <h1 id="reset-title">Choose a new password</h1>
        {status === 'success' && <FormMessage kind="success">{AuthMessages.passwordResetDone}</FormMessage>}
        {status === 'error' && <FormMessage kind="error">{failure}</FormMessage>}
        <Field label="New password" name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} />
        <Field label="Confirm new password" name="confirm" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
        <button type="submit" className="button" disabled={status === 'submitting' || status === 'success'}>
          {status === 'submitting' ? 'Saving…' : 'Reset password'}
        </button>
      </form>
    </main>
  );
}
