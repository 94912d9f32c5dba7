import { AuthMessages } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

/** Part 1 §8. */
export const UNSUBSCRIBE_FAILED = 'Failed to unsubscribe from newsletter';

/** /unsubscribe?email=...: idle, loading, success, error (part 1 §4). */
export function UnsubscribePage({ host }: HostProps) {
  const [params] = useSearchParams();
  const id = useId();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(AuthMessages.enterEmail);
    setError(null);
    setState('loading');
    try {
      const answer = await host.api.request('POST', '/newsletter/unsubscribe', { auth: false, body: { email: email.trim() } });
      setMessage(answer.message);
      setState('success');
    } catch {
      setMessage(UNSUBSCRIBE_FAILED);
      setState('error');
    }
  };

  return (
    <main className="page page-narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {state === 'success' ? (
        <>
          <p role="status" className="form-message form-message-success">
            {message}
          </p>
          <p>
            <Link to="/">Back to Home</Link>
          </p>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {state === 'error' && (
            <p role="alert" className="form-message form-message-error">
              {message}
            </p>
          )}
          <div className="field">
            <label htmlFor={id}>Email address</label>
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
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button" disabled={state === 'loading'}>
            {state === 'loading' ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </form>
      )}
    </main>
  );
}
