import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { passwordRules } from './validation.js';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  onChange: (value: string) => void;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function Field({ label, name, value, error, hint, onChange, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function PasswordRules({ password }: { password: string }) {
  return (
    <ul className="password-rules" aria-label="Password requirements">
      {passwordRules(password).map((rule) => (
        <li key={rule.label} className={rule.met ? 'met' : undefined}>
          {rule.met ? '✓ ' : '• '}
          {rule.label}
          <span className="visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** A form-level message: errors are alerts, confirmations are status messages. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** After a failed submit, moves focus to the first field marked invalid. */
export function useFocusFirstInvalid(): { formRef: React.RefObject<HTMLFormElement | null>; focusFirstInvalid: () => void } {
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  return { formRef, focusFirstInvalid };
}

declare global {
  interface Window {
    turnstile?: {
      render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }): string;
      remove(widgetId: string): void;
    };
  }
}

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
/** The token of the development test widget; the auth service accepts any token without TURNSTILE_SECRET. */
export const TEST_WIDGET_TOKEN = 'development-test-widget';

function loadTurnstile(): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Turnstile could not be loaded'));
    document.head.append(script);
  });
}

function Turnstile({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let widget: string | undefined;
    let live = true;
    void loadTurnstile().then(() => {
      if (!live || !box.current || !window.turnstile) return;
      widget = window.turnstile.render(box.current, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken(null) });
    });
    return () => {
      live = false;
      if (widget) window.turnstile?.remove(widget);
    };
  }, [siteKey, onToken]);
  return <div ref={box} className="turnstile" />;
}

/**
 * The security check of login, registration and reset request: Cloudflare
 * Turnstile with a site key (production), otherwise a clearly marked test
 * widget for development.
 */
export function SecurityCheck({ siteKey, error, onToken }: { siteKey?: string | undefined; error?: string | undefined; onToken: (token: string | null) => void }) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  return (
    <fieldset className="security-check" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Security check</legend>
      {siteKey ? (
        <Turnstile siteKey={siteKey} onToken={onToken} />
      ) : (
        <div className="test-widget">
          <p className="test-widget-badge">Test widget: development only, no real security check</p>
          <label>
            <input
              type="checkbox"
              name="security-check"
              checked={checked}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setChecked(event.target.checked);
                onToken(event.target.checked ? TEST_WIDGET_TOKEN : null);
              }}
            />{' '}
            I am not a robot
          </label>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
