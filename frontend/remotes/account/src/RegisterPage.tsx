import { AuthMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field, FormMessage, PasswordRules, SecurityCheck, useFocusFirstInvalid } from './components.js';
import { GoogleSignIn } from './GoogleSignIn.js';
import { validateRegister, type Errors } from './validation.js';

/** Part 1 §8: the recently-deleted refusal stays 5 s. */
export const RECENTLY_DELETED_TOAST_MS = 5000;

/** The text part 1 §8 gives each refusal of a registration. */
export function registrationError(error: unknown): string {
  if (!isApiError(error)) return AuthMessages.registrationFailed;
  const body = error.body ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  if (error.status === 403 && body.recently_deleted) return text(body.message) ?? text(body.error) ?? AuthMessages.recentlyDeleted;
  if (error.status === 409) return text(body.message) ?? AuthMessages.registrationFailed;
  if (error.status === 400) return text(body.detail) ?? text(body.message) ?? AuthMessages.registrationFailed;
  if (error.status === 429) return error.message;
  return text(body.message) ?? AuthMessages.registrationFailed;
}

type Field = 'username' | 'email' | 'password' | 'confirm' | 'token';

function Confirmation({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="registered-title" className="form">
      <h1 id="registered-title" ref={heading} tabIndex={-1}>
        Check your inbox
      </h1>
      <FormMessage kind="success">
        We have sent a verification e-mail to <strong>{email}</strong>. Open the link in it to verify your address.
      </FormMessage>
      <Link className="button" to="/">
        Go to Dashboard
      </Link>
    </section>
  );
}

/** /register (part 1 §2): the form, then a confirmation that the verification e-mail was sent. */
export function RegisterPage({ host }: HostProps) {
  const [values, setValues] = useState({ username: '', email: '', password: '', confirm: '' });
  const [newsletter, setNewsletter] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const onToken = useCallback((value: string | null) => setToken(value), []);
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister({ ...values, token });
    setErrors(found);
    setFailure(null);
    // A missing token is among `found`; `!token` tells tsc so.
    if (Object.keys(found).length || !token) return focusFirstInvalid();
    setBusy(true);
    try {
      const session = await host.api.request('POST', '/auth/register', {
        auth: false,
        body: { username: values.username, email: values.email.trim(), password: values.password, newsletter_subscribe: newsletter, turnstile_token: token },
      });
      host.session.signIn(session);
      setRegistered(session.user.email);
    } catch (error) {
      const text = registrationError(error);
      setFailure(text);
      if (isApiError(error) && error.body?.recently_deleted) host.toast({ kind: 'error', message: text, durationMs: RECENTLY_DELETED_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  if (registered) {
    return (
      <main className="page page-narrow">
        <Confirmation email={registered} />
      </main>
    );
  }
  return (
    <main className="page page-narrow">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="register-title" className="form">
        <h1 id="register-title">Create your account</h1>
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        <Field label="Username" name="username" autoComplete="username" value={values.username} onChange={set('username')} error={errors.username} />
        <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={<PasswordRules password={values.password} />}
        />
        <Field
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
        />
        <div className="field field-checkbox">
          <label>
            <input type="checkbox" name="newsletter" checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} /> Subscribe to the
            newsletter
          </label>
        </div>
        <SecurityCheck siteKey={host.config.turnstileSiteKey} error={errors.token} onToken={onToken} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Creating your account…' : 'Register'}
        </button>
        <GoogleSignIn host={host} text="signup_with" />
        <p className="form-links">
          Already registered? <Link to="/login">Login</Link>
        </p>
      </form>
    </main>
  );
}
