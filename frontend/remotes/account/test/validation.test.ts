import { describe, expect, it } from 'vitest';
import { AuthMessages } from '@planner/contracts';
import { validateChangePassword, validateLogin, validateRegister, validateResetPassword, validateResetRequest } from '../src/validation.js';

const good = { username: 'jane.doe_1', email: 'jane@example.com', password: 'Str0ng!pass', confirm: 'Str0ng!pass', token: 't' };

describe('form rules (part 1 §5)', () => {
  it('accepts a complete registration', () => {
    expect(validateRegister(good)).toEqual({});
  });

  it.each([
    [{ username: 'a'.repeat(31) }, 'username', AuthMessages.usernameTooLong],
    [{ username: 'jane doe' }, 'username', AuthMessages.usernameCharacters],
    [{ username: 'jane-doe' }, 'username', AuthMessages.usernameCharacters],
    [{ email: 'not-an-address' }, 'email', AuthMessages.enterValidEmail],
    [{ email: '' }, 'email', AuthMessages.enterEmail],
    [{ password: 'Short1!', confirm: 'Short1!' }, 'password', AuthMessages.weakPassword],
    [{ password: 'nouppercase1!', confirm: 'nouppercase1!' }, 'password', AuthMessages.weakPassword],
    [{ password: 'NoDigits!!', confirm: 'NoDigits!!' }, 'password', AuthMessages.weakPassword],
    [{ password: 'NoSpecial12', confirm: 'NoSpecial12' }, 'password', AuthMessages.weakPassword],
    [{ confirm: 'Str0ng!pasS' }, 'confirm', AuthMessages.passwordsDoNotMatch],
    [{ token: null }, 'token', AuthMessages.securityCheckRequired],
  ])('registration with %j: %s says the spec text', (change, field, message) => {
    expect(validateRegister({ ...good, ...change })).toEqual({ [field]: message });
  });

  it('accepts a username of exactly 30 characters', () => {
    expect(validateRegister({ ...good, username: 'a'.repeat(30) })).toEqual({});
  });

  it('login and reset request need the e-mail and the security check', () => {
    expect(validateLogin({ email: '', password: 'x', token: null })).toEqual({
      email: AuthMessages.enterEmail,
      token: AuthMessages.securityCheckRequired,
    });
    expect(validateResetRequest({ email: ' ', token: null })).toEqual({
      email: AuthMessages.enterEmail,
      token: AuthMessages.securityCheckRequired,
    });
  });

  it('the reset screen only enforces length and equality', () => {
    expect(validateResetPassword({ password: 'short', confirm: 'short' })).toEqual({ password: AuthMessages.resetPasswordTooShort });
    expect(validateResetPassword({ password: 'longenough', confirm: 'longenough' })).toEqual({});
    expect(validateResetPassword({ password: 'longenough', confirm: 'other' })).toEqual({ confirm: AuthMessages.resetPasswordsDoNotMatch });
  });

  it('change password uses its own wording', () => {
    expect(validateChangePassword({ current: 'old', password: 'weak', confirm: 'weak' })).toEqual({ password: AuthMessages.weakPasswordChange });
    expect(validateChangePassword({ current: 'old', password: 'Str0ng!pass', confirm: 'x' })).toEqual({ confirm: AuthMessages.newPasswordsDoNotMatch });
  });
});
