import { AuthMessages } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormMessage } from './components.js';
import { ResendVerification } from './ResendVerification.js';

/** Part 1 §9: the verified screen goes on to /profile after 3 s. */
export const VERIFIED_REDIRECT_MS = 3000;

// A link is single-use: React's development double effects must not spend it twice.
const verifications = new Map<string, Promise<{ already_verified: boolean }>>();

type State = 'loading' | 'success' | 'error' | 'request';

/** /verify-email (part 1 §2, §4): loading, success, error, request. */
export function VerifyEmailPage({ host }: HostProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [state, setState] = useState<State>(() => (token ? 'loading' : params.get('mode') === 'request' ? 'request' : 'error'));
  const [error, setError] = useState<string>(AuthMessages.invalidVerificationLink);
  const [alreadyVerified, setAlreadyVerified] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = verifications.get(token);
    if (!pending) {
      pending = host.api.request('GET', '/auth/verify-email/:token', { params: { token }, auth: false });
      verifications.set(token, pending);
    }
    pending.then(
      (answer) => {
        if (!live) return;
        // A link used again (or superseded) of an address verified before is no failure: it says so.
        setAlreadyVerified(answer.already_verified);
        setState('success');
        if (host.session.user) void host.session.reloadUser().catch(() => undefined);
        timer = setTimeout(() => navigate('/profile'), VERIFIED_REDIRECT_MS);
      },
      () => {
        if (!live) return;
        setError(AuthMessages.verifyFailed);
        setState('error');
      },
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
    // host changes with the user; the link is checked once per token.
  }, [token]);

  return (
    <main className="page page-narrow" aria-labelledby="verify-title" aria-busy={state === 'loading'}>
      <h1 id="verify-title">Verify your e-mail</h1>
      {state === 'loading' && <p role="status">Verifying your e-mail address…</p>}
      {state === 'success' && (
        <>
          <FormMessage kind="success">{alreadyVerified ? AuthMessages.emailAlreadyVerified : AuthMessages.emailVerified}</FormMessage>
          <p>
            Taking you to your profile… <Link to="/profile">Go to your profile now</Link>
          </p>
        </>
      )}
      {state === 'error' && (
        <>
          <FormMessage kind="error">{error}</FormMessage>
          <button type="button" className="button" onClick={() => setState('request')}>
            Request a new link
          </button>
        </>
      )}
      {state === 'request' &&
        (host.session.user ? (
          host.session.user.email_verified ? (
            <FormMessage kind="success">{AuthMessages.alreadyVerified}</FormMessage>
          ) : (
            <>
              <p>We will send a new verification link to {host.session.user.email}.</p>
              <ResendVerification host={host} />
            </>
          )
        ) : (
          <p>
            <Link to="/login">Log in</Link> to request a new verification link.
          </p>
        ))}
    </main>
  );
}
