import { AuthMessages } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormMessage } from './components.js';
import { bannedLogin } from './errors.js';

declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
          renderButton(element: HTMLElement, options: { theme?: string; size?: string; text?: string; width?: number }): void;
        };
      };
    };
  }
}

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

function loadGoogle(): Promise<void> {
  if (window.google?.accounts) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.append(script);
  });
}

/**
 * Google's sign-in button (Google Identity Services): its ID token goes to
 * /auth/google-callback. Offered only when the deployment names a client id.
 */
export function GoogleSignIn({ host, text }: HostProps & { text: 'signin_with' | 'signup_with' }) {
  const clientId = host.config.googleClientId;
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const hostRef = useRef(host);
  hostRef.current = host;

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogle().then(
      () => {
        if (!live || !box.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            setFailure(null);
            try {
              if (!credential) throw new Error('no credential');
              const session = await hostRef.current.api.request('POST', '/auth/google-callback', { auth: false, body: { id_token: credential } });
              hostRef.current.session.signIn(session);
              navigate('/', { replace: true });
            } catch (error) {
              // A banned account is told why and until when; any other failure keeps the generic words.
              setFailure(bannedLogin(error) ?? AuthMessages.googleLoginFailed);
            }
          },
        });
        window.google.accounts.id.renderButton(box.current, { theme: 'outline', size: 'large', text });
      },
      () => live && setFailure(AuthMessages.googleLoginFailed),
    );
    return () => {
      live = false;
    };
  }, [clientId, text, navigate]);

  if (!clientId) return null;
  return (
    <div className="google-sign-in">
      <p className="muted">or</p>
      <div ref={box} />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
    </div>
  );
}
