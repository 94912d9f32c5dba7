import { AuthMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useEffect, useState } from 'react';
import { FormMessage } from './components.js';
import { RESEND_COOLDOWN_SECONDS, cooldownLeft, minutesAndSeconds, startCooldown } from './resend.js';

/** Sends a new verification link to the logged-in user, with the per-e-mail cooldown (part 1 §8, §9). */
export function ResendVerification({ host }: HostProps) {
  const email = host.session.user?.email ?? '';
  const [left, setLeft] = useState(() => cooldownLeft(localStorage, email, Date.now()));
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setLeft(cooldownLeft(localStorage, email, Date.now())), 1000);
    return () => clearInterval(timer);
  }, [left, email]);

  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await host.api.request('POST', '/auth/resend-verification');
      startCooldown(localStorage, email, Date.now());
      setResult({ kind: 'success', text: `${answer.message}${answer.attempts_remaining >= 0 ? ` (${answer.attempts_remaining} left)` : ''}` });
    } catch (error) {
      const body = isApiError(error) ? (error.body ?? {}) : {};
      if (isApiError(error) && error.status === 429) {
        startCooldown(localStorage, email, Date.now(), typeof body.reset_in === 'number' ? body.reset_in : RESEND_COOLDOWN_SECONDS);
        setResult({ kind: 'error', text: typeof body.message === 'string' ? body.message : error.message });
      } else if (body.message === AuthMessages.alreadyVerified) {
        host.toast({ kind: 'success', message: AuthMessages.alreadyVerified, durationMs: 3000 });
        await host.session.reloadUser();
      } else {
        setResult({ kind: 'error', text: AuthMessages.resendFailed });
      }
    } finally {
      setLeft(cooldownLeft(localStorage, email, Date.now()));
      setBusy(false);
    }
  };

  return (
    <div className="resend">
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <button type="button" className="button" onClick={() => void send()} disabled={busy || left > 0}>
        Send a new verification e-mail
      </button>
      {left > 0 && <p className="muted">You can request another link in {minutesAndSeconds(left)}.</p>}
    </div>
  );
}
