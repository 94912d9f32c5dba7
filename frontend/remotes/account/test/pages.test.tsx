import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages, SharedMessages } from '@planner/contracts';
import { LoginPage } from '../src/LoginPage.js';
import { ProfilePage, UNVERIFIED_BANNER } from '../src/ProfilePage.js';
import { RegisterPage } from '../src/RegisterPage.js';
import { RESET_FAILED_TOAST, ResetPasswordPage } from '../src/ResetPasswordPage.js';
import { VerifyEmailPage } from '../src/VerifyEmailPage.js';
import { TEST_WIDGET_TOKEN } from '../src/components.js';
import { renderSignedIn } from './signed-in.js';
import { apiError, renderPage, testHost, user } from './support.js';
import { formatDateTime } from '@planner/ui/dates';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeEach(() => localStorage.clear());

const session = { access_token: 'a', refresh_token: 'r', user: user() };

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

/** The error tied to a field through aria-describedby, as a screen reader reads it. */
function fieldError(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field-error'))?.textContent ?? null;
}

describe('login', () => {
  it('shows the session-expired notice from the query', () => {
    renderPage(LoginPage, testHost().host, '/login?session_expired=true');
    expect(screen.getByText(SharedMessages.sessionExpired)).toBeTruthy();
  });

  it('validates with the spec texts, focuses the first invalid field, and sends nothing', async () => {
    const { host, calls } = testHost();
    renderPage(LoginPage, host, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(fieldError('Email')).toBe(AuthMessages.enterEmail);
    expect(screen.getByText(AuthMessages.securityCheckRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    await fill('Email', 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(fieldError('Email')).toBe(AuthMessages.enterValidEmail);
    expect(calls).toEqual([]);
  });

  it('logs in with the test widget token and goes home; a 401 reads Invalid credentials.', async () => {
    let answer: () => unknown = () => {
      throw apiError(401, { message: 'whatever the server says' });
    };
    const { host, calls, signIns } = testHost(() => answer());
    renderPage(LoginPage, host, '/login');
    expect(screen.getByText(/Test widget: development only/)).toBeTruthy();
    await fill('Email', 'jane@example.com');
    await fill('Password', 'Str0ng!pass');
    await userEvent.click(screen.getByLabelText('I am not a robot'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(AuthMessages.invalidCredentials)).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/auth/login',
      auth: false,
      body: { email: 'jane@example.com', password: 'Str0ng!pass', turnstile_token: TEST_WIDGET_TOKEN, stayLoggedIn: false },
    });

    answer = () => session;
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(signIns).toEqual([session]);
  });

  it('a banned account is told why and until when, or that the ban is permanent', async () => {
    let until: string | null = '2026-12-24T18:30:00.000Z';
    const { host } = testHost(() => {
      throw apiError(403, { message: AuthMessages.accountBanned, ban_reason: 'Spam in three accounts.', ban_expires_at: until });
    });
    renderPage(LoginPage, host, '/login');
    await fill('Email', 'jane@example.com');
    await fill('Password', 'Str0ng!pass');
    await userEvent.click(screen.getByLabelText('I am not a robot'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Your account has been banned. Reason: Spam in three accounts. The ban ends on ${formatDateTime('2026-12-24T18:30:00.000Z')}.`,
    );
    until = null;
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your account has been banned. Reason: Spam in three accounts. The ban is permanent.'));
  });

  it('other failures show the server message, else the fallback', async () => {
    const { host } = testHost(() => {
      throw apiError(500, null, SharedMessages.serverError);
    });
    renderPage(LoginPage, host, '/login');
    await fill('Email', 'jane@example.com');
    await fill('Password', 'x');
    await userEvent.click(screen.getByLabelText('I am not a robot'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(SharedMessages.serverError)).toBeTruthy();
  });

  it('forgot-password mode validates, then always gives the generic answer, except a rate limit', async () => {
    let fail: Error | null = apiError(404, { message: 'No such user' });
    const { host, calls } = testHost(() => {
      if (fail) throw fail;
      return { message: AuthMessages.resetRequested };
    });
    renderPage(LoginPage, host, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(fieldError('Email')).toBe(AuthMessages.enterEmail);
    expect(screen.getByText(AuthMessages.securityCheckRequired)).toBeTruthy();
    await fill('Email', 'who@example.com');
    await userEvent.click(screen.getByLabelText('I am not a robot'));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AuthMessages.resetRequested)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'who@example.com', turnstile_token: TEST_WIDGET_TOKEN });

    fail = apiError(429, { code: 3015 }, SharedMessages.rateLimited('30 seconds'));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SharedMessages.rateLimited('30 seconds'))).toBeTruthy();
  });
});

describe('register', () => {
  it('shows every field error in the spec words, tied to its field', async () => {
    const { host, calls } = testHost();
    renderPage(RegisterPage, host, '/register');
    await fill('Username', 'bad name!');
    await fill('Email', 'x@');
    await fill('Password', 'weak');
    await fill('Confirm password', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(fieldError('Username')).toBe(AuthMessages.usernameCharacters);
    expect(fieldError('Email')).toBe(AuthMessages.enterValidEmail);
    expect(fieldError('Password')).toBe(AuthMessages.weakPassword);
    expect(fieldError('Confirm password')).toBe(AuthMessages.passwordsDoNotMatch);
    expect(screen.getByText(AuthMessages.securityCheckRequired)).toBeTruthy();
    await fill('Username', 'a'.repeat(31));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(fieldError('Username')).toBe(AuthMessages.usernameTooLong);
    expect(calls).toEqual([]);
  });

  async function completeForm() {
    await fill('Username', 'jane_doe');
    await fill('Email', 'jane@example.com');
    await fill('Password', 'Str0ng!pass');
    await fill('Confirm password', 'Str0ng!pass');
    await userEvent.click(screen.getByLabelText('Subscribe to the newsletter'));
    await userEvent.click(screen.getByLabelText('I am not a robot'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('registers, signs in and shows the confirmation with Go to Dashboard', async () => {
    const { host, calls, signIns } = testHost(() => session);
    renderPage(RegisterPage, host, '/register');
    await completeForm();
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/sent a verification e-mail/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
    expect(calls[0]?.body).toEqual({
      username: 'jane_doe',
      email: 'jane@example.com',
      password: 'Str0ng!pass',
      newsletter_subscribe: true,
      turnstile_token: TEST_WIDGET_TOKEN,
    });
    expect(signIns).toHaveLength(1);
  });

  it.each([
    [apiError(409, { message: AuthMessages.emailTaken }), AuthMessages.emailTaken],
    [apiError(409, { message: AuthMessages.usernameTaken }), AuthMessages.usernameTaken],
    [apiError(400, { detail: 'Bad username' }), 'Bad username'],
    [apiError(400, null), AuthMessages.registrationFailed],
    [apiError(403, { recently_deleted: true }), AuthMessages.recentlyDeleted],
    [apiError(403, { recently_deleted: true, message: AuthMessages.recentlyDeletedWait(50) }), AuthMessages.recentlyDeletedWait(50)],
  ])('refusal %# reads the spec text', async (error, text) => {
    const { host, toasts } = testHost(() => {
      throw error;
    });
    renderPage(RegisterPage, host, '/register');
    await completeForm();
    expect(await screen.findByText(text)).toBeTruthy();
    if (error.body?.recently_deleted) expect(toasts).toEqual([{ kind: 'error', message: text, durationMs: 5000 }]);
  });
});

describe('verify e-mail', () => {
  it('without a token says the link is invalid and offers a new one', async () => {
    renderPage(VerifyEmailPage, testHost().host, '/verify-email');
    expect(screen.getByText(AuthMessages.invalidVerificationLink)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('loading, then success and /profile after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release: (value: unknown) => void = () => undefined;
    const { host, calls } = testHost(() => new Promise((resolve) => (release = resolve)));
    renderPage(VerifyEmailPage, host, '/verify-email?token=tok-1');
    expect(screen.getByText('Verifying your e-mail address…')).toBeTruthy();
    await act(async () => release({ message: AuthMessages.emailVerified, already_verified: false }));
    expect(await screen.findByText(AuthMessages.emailVerified)).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', path: '/auth/verify-email/tok-1', body: undefined, auth: false }]);
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.getByTestId('location').textContent).toBe('/verify-email?token=tok-1');
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it('a link used again on a verified address says it is already verified, not that verification failed', async () => {
    const { host } = testHost(() => ({ message: AuthMessages.emailAlreadyVerified, already_verified: true }));
    renderPage(VerifyEmailPage, host, '/verify-email?token=spent');
    expect((await screen.findByText(AuthMessages.emailAlreadyVerified)).getAttribute('role')).toBe('status');
    expect(screen.queryByText(AuthMessages.verifyFailed)).toBeNull();
    expect(screen.queryByText(AuthMessages.emailVerified)).toBeNull();
  });

  it('a failed verification reads the spec text', async () => {
    const { host } = testHost(() => {
      throw apiError(400, { message: 'Invalid or expired link' });
    });
    renderPage(VerifyEmailPage, host, '/verify-email?token=used');
    expect(await screen.findByText(AuthMessages.verifyFailed)).toBeTruthy();
  });

  it('request mode sends a new link with a cooldown; a 429 uses the server message and reset_in', async () => {
    let fail = false;
    const { host } = testHost(() => {
      if (fail) throw apiError(429, { message: 'Too many verification emails requested.', reset_in: 120, attempts_remaining: 0 });
      return { message: 'Verification email sent.', attempts_remaining: 2, reset_in: 3600 };
    }, user({ email_verified: false }));
    renderPage(VerifyEmailPage, host, '/verify-email?mode=request');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new verification e-mail' }));
    expect(await screen.findByText('Verification email sent. (2 left)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new verification e-mail' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/You can request another link in 5:00/)).toBeTruthy();

    cleanup();
    localStorage.clear();
    fail = true;
    renderPage(VerifyEmailPage, host, '/verify-email?mode=request');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new verification e-mail' }));
    expect(await screen.findByText('Too many verification emails requested.')).toBeTruthy();
    expect(screen.getByText(/You can request another link in 2:00/)).toBeTruthy();
  });
});

describe('reset password', () => {
  it('without a token says the link is invalid', () => {
    renderPage(ResetPasswordPage, testHost().host, '/reset-password');
    expect(screen.getByText(AuthMessages.invalidResetLink)).toBeTruthy();
  });

  it('enforces length and equality, then resets and goes to /login after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { host, calls, toasts } = testHost(() => ({ message: AuthMessages.passwordResetDone }));
    renderPage(ResetPasswordPage, host, '/reset-password?token=abc');
    await fill('New password', 'short');
    await fill('Confirm new password', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(fieldError('New password')).toBe(AuthMessages.resetPasswordTooShort);
    expect(fieldError('Confirm new password')).toBe(AuthMessages.resetPasswordsDoNotMatch);
    await fill('New password', 'Str0ng!pass');
    await fill('Confirm new password', 'Str0ng!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AuthMessages.passwordResetDone)).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/auth/reset-password/abc', body: { new_password: 'Str0ng!pass' }, auth: false }]);
    expect(toasts[0]?.message).toBe(AuthMessages.passwordResetDone);
    await act(async () => vi.advanceTimersByTime(1100));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it("shows the server's error text and the failure toast", async () => {
    const { host, toasts } = testHost(() => {
      throw apiError(400, { message: AuthMessages.weakPassword });
    });
    renderPage(ResetPasswordPage, host, '/reset-password?token=abc');
    await fill('New password', 'longenough');
    await fill('Confirm new password', 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AuthMessages.weakPassword)).toBeTruthy();
    expect(toasts.map((t) => t.message)).toEqual([RESET_FAILED_TOAST]);
  });
});

describe('profile', () => {
  it('shows the details, the plan badge colour and the unverified banner', () => {
    renderPage(ProfilePage, testHost(undefined, user({ role: 'pro', email_verified: false })).host, '/profile');
    expect(screen.getByText('jane@example.com')).toBeTruthy();
    expect(screen.getByText('Professional plan').className).toContain('badge-green');
    expect(screen.getByText(UNVERIFIED_BANNER)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Plan' }).getAttribute('href')).toBe('/plan-selection');
    expect(screen.getByRole('link', { name: 'Manage Accounts' }).getAttribute('href')).toBe('/accounts');
  });

  it('security settings open from a disclosure button; change password validates with its own words', async () => {
    const { host, calls } = testHost(() => ({ success: true, message: AuthMessages.passwordChanged }), user());
    renderPage(ProfilePage, host, '/profile');
    const toggle = screen.getByRole('button', { name: 'Security Settings' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await fill('Current password', 'Old1!pass');
    await fill('New password', 'weak');
    await fill('Confirm new password', 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(fieldError('New password')).toBe(AuthMessages.weakPasswordChange);
    expect(fieldError('Confirm new password')).toBe(AuthMessages.newPasswordsDoNotMatch);
    await fill('New password', 'N3w!password');
    await fill('Confirm new password', 'N3w!password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByText(AuthMessages.passwordChanged)).getAttribute('role')).toBe('status');
    expect(calls).toEqual([{ method: 'POST', path: '/auth/change-password', body: { current_password: 'Old1!pass', new_password: 'N3w!password' }, auth: true }]);
  });

  it('deletes the account only with the exact phrase, then goes to / after 1.5 s and ends the session there, not on /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { host, calls, toasts, session: s } = testHost(() => ({ success: true, message: AuthMessages.accountDeleted }), user());
    renderSignedIn(host, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Security Settings' }));
    const remove = screen.getByRole('button', { name: 'Delete my account' });
    await fill('Confirmation', 'delete my account');
    expect(remove).toHaveProperty('disabled', true);
    await fill('Confirmation', AuthMessages.deleteConfirmationPhrase);
    expect(remove).toHaveProperty('disabled', false);
    await userEvent.click(remove);
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual([AuthMessages.accountDeleted]));
    expect(calls).toEqual([{ method: 'DELETE', path: '/auth/delete-account', body: { confirmation: 'DELETE MY ACCOUNT' }, auth: true }]);
    await act(async () => vi.advanceTimersByTime(1400));
    expect(s.cleared).toBe(0);
    expect(screen.getByTestId('location').textContent).toBe('/profile');
    await act(async () => vi.advanceTimersByTime(200));
    await screen.findByText('Landing page');
    expect(s.cleared).toBe(1);
    expect(screen.getByTestId('location').textContent).toBe('/');
    // The deleted user's home asked nothing of the API.
    expect(calls).toHaveLength(1);
  });

  it('a failed deletion reads the spec text', async () => {
    const { host } = testHost(() => {
      throw apiError(500, null);
    }, user());
    renderPage(ProfilePage, host, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Security Settings' }));
    await fill('Confirmation', AuthMessages.deleteConfirmationPhrase);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(AuthMessages.deleteFailed)).toBeTruthy();
  });
});
