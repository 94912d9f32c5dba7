import { ConnectionMessages, OAUTH_RESULT_CODES, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform, type OAuthResultCode } from '@planner/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Part 2 §2, §9: the popup closes after 3 s on success, 5 s on error. */
export const SUCCESS_CLOSE_MS = 3000;
export const ERROR_CLOSE_MS = 5000;

/** Not worded by the spec: the text of each result code (part 2 §8 names the codes). */
export const OAUTH_CODE_TEXT: Record<OAuthResultCode, string> = {
  missing_code: 'The platform did not send an authorization code.',
  missing_state: 'The connection request is missing its state. Please try again.',
  invalid_state: 'The connection request has expired or is invalid. Please try again.',
  organization_not_found: 'The account this connection was for no longer exists.',
};

export function oauthErrorText(error: string | null): string {
  if (!error) return 'Unknown error';
  return (OAUTH_RESULT_CODES as readonly string[]).includes(error) ? OAUTH_CODE_TEXT[error as OAuthResultCode] : error;
}

function platformName(platform: string | null): string {
  if (!platform) return 'the platform';
  return PLATFORM_DISPLAY_NAMES[platform as ConnectionPlatform] ?? platform;
}

/**
 * /oauth/success and /oauth/error: tell the window that opened the popup
 * (type oauth-success or oauth-error, platform, error), then close.
 */
export function OAuthResultPage({ outcome }: { outcome: 'success' | 'error' }) {
  const [params] = useSearchParams();
  const platform = params.get('platform');
  const error = outcome === 'error' ? oauthErrorText(params.get('error')) : null;

  useEffect(() => {
    window.opener?.postMessage({ type: `oauth-${outcome}`, platform, error }, window.location.origin);
    const timer = setTimeout(() => window.close(), outcome === 'success' ? SUCCESS_CLOSE_MS : ERROR_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome, platform, error]);

  return (
    <main className="page page-narrow" aria-labelledby="oauth-title">
      <h1 id="oauth-title">{outcome === 'success' ? 'Connected' : 'Connection failed'}</h1>
      <p role={outcome === 'error' ? 'alert' : 'status'}>
        {outcome === 'success' ? ConnectionMessages.connected(platformName(platform)) : ConnectionMessages.connectFailed(platformName(platform), error ?? undefined)}
      </p>
      <p className="muted">This window closes by itself.</p>
    </main>
  );
}

export const OAuthSuccessPage = () => <OAuthResultPage outcome="success" />;
export const OAuthErrorPage = () => <OAuthResultPage outcome="error" />;
