import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthMessages } from '@planner/contracts';
import { LoginPage } from '../src/LoginPage.js';
import { RegisterPage } from '../src/RegisterPage.js';
import { apiError, renderPage, testHost, user } from './support.js';

afterEach(() => {
  cleanup();
  delete window.google;
});

/** Stands in for Google Identity Services in the page: records the button and hands out the callback. */
function googleInPage() {
  const state: { clientId?: string; callback?: (r: { credential?: string }) => void; buttons: string[] } = { buttons: [] };
  window.google = {
    accounts: {
      id: {
        initialize: ({ client_id, callback }) => Object.assign(state, { clientId: client_id, callback }),
        renderButton: (_element, options) => state.buttons.push(options.text ?? ''),
      },
    },
  };
  return state;
}

describe('Google sign-in', () => {
  it('is not offered without a client id', () => {
    const google = googleInPage();
    renderPage(LoginPage, testHost().host, '/login');
    expect(google.buttons).toEqual([]);
    expect(screen.queryByText('or')).toBeNull();
  });

  it('sends the ID token to /auth/google-callback, signs in and goes home; a failure reads the spec text', async () => {
    const google = googleInPage();
    let fail = true;
    const session = { access_token: 'a', refresh_token: 'r', user: user() };
    const test = testHost(() => {
      if (fail) throw apiError(401);
      return session;
    });
    test.host.config.googleClientId = 'client-123.apps.googleusercontent.com';
    renderPage(LoginPage, test.host, '/login');
    await waitFor(() => expect(google.buttons).toEqual(['signin_with']));
    expect(google.clientId).toBe('client-123.apps.googleusercontent.com');
    await act(async () => google.callback!({ credential: 'google-id-token' }));
    expect(await screen.findByText(AuthMessages.googleLoginFailed)).toBeTruthy();
    fail = false;
    await act(async () => google.callback!({ credential: 'google-id-token' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(test.calls.at(-1)).toEqual({ method: 'POST', path: '/auth/google-callback', body: { id_token: 'google-id-token' }, auth: false });
    expect(test.signIns).toEqual([session]);
  });

  it('a banned account signing in with Google is told why and until when', async () => {
    const google = googleInPage();
    const test = testHost(() => {
      throw apiError(403, { message: AuthMessages.accountBanned, ban_reason: 'spam', ban_expires_at: null });
    });
    test.host.config.googleClientId = 'client-123';
    renderPage(LoginPage, test.host, '/login');
    await waitFor(() => expect(google.buttons).toEqual(['signin_with']));
    await act(async () => google.callback!({ credential: 'google-id-token' }));
    expect(await screen.findByText('Your account has been banned. Reason: spam. The ban is permanent.')).toBeTruthy();
  });

  it('offers Google sign-up on the register page', async () => {
    const google = googleInPage();
    const test = testHost();
    test.host.config.googleClientId = 'client-123';
    renderPage(RegisterPage, test.host, '/register');
    await waitFor(() => expect(google.buttons).toEqual(['signup_with']));
  });
});
