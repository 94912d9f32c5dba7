import { AuthMessages, SharedMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Field, FormMessage, SecurityCheck, useFocusFirstInvalid } from './components.js';
import { bannedLogin, serverMessage } from './errors.js';
import { GoogleSignIn } from './GoogleSignIn.js';
import { validateLogin, validateResetRequest, type Errors } from './validation.js';

function LoginForm({ host, onForgot }: HostProps & { onForgot: (email: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors<'email' | 'password' | 'token'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const onToken = useCallback((value: string | null) => setToken(value), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password, token });
    setErrors(found);
    setFailure(null);
    // A missing token is among `found`; `!token` tells tsc so.
    if (Object.keys(found).length || !token) return focusFirstInvalid();
    setBusy(true);
    try {
      const session = await host.api.request('POST', '/auth/login', {
        auth: false,
        body: { email: email.trim(), password, turnstile_token: token, stayLoggedIn },
      });
      host.session.signIn(session, { stayLoggedIn });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (error) {
      setFailure(isApiError(error) && error.status === 401 ? AuthMessages.invalidCredentials : (bannedLogin(error) ?? serverMessage(error, AuthMessages.loginFailed)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="login-title" className="form">
      <h1 id="login-title">Login</h1>
      {params.get('session_expired') === 'true' && <FormMessage kind="info">{SharedMessages.sessionExpired}</FormMessage>}
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <div className="field field-checkbox">
        <label>
          <input type="checkbox" name="stayLoggedIn" checked={stayLoggedIn} onChange={(e) => setStayLoggedIn(e.target.checked)} /> Stay logged in
        </label>
      </div>
      <SecurityCheck siteKey={host.config.turnstileSiteKey} error={errors.token} onToken={onToken} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </button>
      <GoogleSignIn host={host} text="signin_with" />
      <p className="form-links">
        <button type="button" className="link-button" onClick={() => onForgot(email)}>
          Forgot password?
        </button>
        <span>
          No account yet? <Link to="/register">Register</Link>
        </span>
      </p>
    </form>
  );
}

function ForgotPasswordForm({ host, initialEmail, onBack }: HostProps & { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors<'email' | 'token'>>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const onToken = useCallback((value: string | null) => setToken(value), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateResetRequest({ email, token });
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length || !token) return focusFirstInvalid();
    setBusy(true);
    try {
      await host.api.request('POST', '/auth/reset-password', { auth: false, body: { email: email.trim(), turnstile_token: token } });
      setResult({ kind: 'success', text: AuthMessages.resetRequested });
    } catch (error) {
      // Part 1 §8: always the generic answer (no hint whether the address exists), except a rate limit.
      setResult(
        isApiError(error) && error.status === 429 ? { kind: 'error', text: error.message } : { kind: 'success', text: AuthMessages.resetRequested },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="forgot-title" className="form">
      <h1 id="forgot-title">Reset your password</h1>
      <p>Enter your e-mail address and we will send you a link to choose a new password.</p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
      <SecurityCheck siteKey={host.config.turnstileSiteKey} error={errors.token} onToken={onToken} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'Send reset link'}
      </button>
      <p className="form-links">
        <button type="button" className="link-button" onClick={onBack}>
          Back to login
        </button>
      </p>
    </form>
  );
}

/** /login: e-mail and password with the security check, and the forgot-password mode (part 1 §2). */
export function LoginPage({ host }: HostProps) {
  const [forgot, setForgot] = useState<{ email: string } | null>(null);
  return (
    <main className="page page-narrow">
      {forgot ? (
        <ForgotPasswordForm host={host} initialEmail={forgot.email} onBack={() => setForgot(null)} />
      ) : (
        <LoginForm host={host} onForgot={(email) => setForgot({ email })} />
      )}
    </main>
  );
}
