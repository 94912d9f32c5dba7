import { AuthMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useId, useState, type FormEvent } from 'react';

/** The signup form of the landing and newsletter pages: a non-empty e-mail (part 1 §5). */
export function NewsletterSignup({ host }: HostProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!email.trim()) return setError(AuthMessages.enterValidEmail);
    setError(null);
    setBusy(true);
    try {
      const answer = await host.api.request('POST', '/newsletter/subscribe', { auth: false, body: { email: email.trim() } });
      setDone(answer.message);
      setEmail('');
    } catch (failed) {
      const message = isApiError(failed) ? failed.body?.message : undefined;
      setError(typeof message === 'string' ? message : isApiError(failed) ? failed.message : AuthMessages.enterValidEmail);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="newsletter-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>Email address</label>
      <div className="inline-form">
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Subscribe
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="form-message form-message-success">
          {done}
        </p>
      )}
    </form>
  );
}
