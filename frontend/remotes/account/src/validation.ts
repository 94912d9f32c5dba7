import { AuthMessages, LIMITS, isStrongPassword } from '@planner/contracts';

/** Field name -> the spec's message (part 1 §5); empty when the form may be sent. */
export type Errors<F extends string> = Partial<Record<F, string>>;

// Simple shape check; the server has the last word on an address.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Not worded by the spec: an empty username or password. */
export const USERNAME_REQUIRED = 'Please enter a username';
export const PASSWORD_REQUIRED = 'Please enter your password';
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';

function email(value: string): string | undefined {
  if (!value.trim()) return AuthMessages.enterEmail;
  if (!EMAIL.test(value.trim())) return AuthMessages.enterValidEmail;
  return undefined;
}

function securityCheck(token: string | null): string | undefined {
  return token ? undefined : AuthMessages.securityCheckRequired;
}

function clean<F extends string>(errors: Record<F, string | undefined>): Errors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Errors<F>;
}

export function validateLogin(input: { email: string; password: string; token: string | null }) {
  return clean({
    email: email(input.email),
    password: input.password ? undefined : PASSWORD_REQUIRED,
    token: securityCheck(input.token),
  });
}

export function validateResetRequest(input: { email: string; token: string | null }) {
  return clean({ email: input.email.trim() ? undefined : AuthMessages.enterEmail, token: securityCheck(input.token) });
}

export function validateUsername(username: string): string | undefined {
  if (!username.trim()) return USERNAME_REQUIRED;
  if (username.length > LIMITS.usernameMaxLength) return AuthMessages.usernameTooLong;
  if (!/^[A-Za-z0-9._]+$/.test(username)) return AuthMessages.usernameCharacters;
  return undefined;
}

export function validateRegister(input: { username: string; email: string; password: string; confirm: string; token: string | null }) {
  return clean({
    username: validateUsername(input.username),
    email: email(input.email),
    password: isStrongPassword(input.password) ? undefined : AuthMessages.weakPassword,
    confirm: input.password === input.confirm ? undefined : AuthMessages.passwordsDoNotMatch,
    token: securityCheck(input.token),
  });
}

/** Part 1 §5: the reset screen only enforces the length. */
export function validateResetPassword(input: { password: string; confirm: string }) {
  return clean({
    password: input.password.length >= LIMITS.passwordMinLength ? undefined : AuthMessages.resetPasswordTooShort,
    confirm: input.password === input.confirm ? undefined : AuthMessages.resetPasswordsDoNotMatch,
  });
}

export function validateChangePassword(input: { current: string; password: string; confirm: string }) {
  return clean({
    current: input.current ? undefined : CURRENT_PASSWORD_REQUIRED,
    password: isStrongPassword(input.password) ? undefined : AuthMessages.weakPasswordChange,
    confirm: input.password === input.confirm ? undefined : AuthMessages.newPasswordsDoNotMatch,
  });
}

/** The password rules shown beside the field, each ticked when met. */
export function passwordRules(password: string): { label: string; met: boolean }[] {
  return [
    { label: `At least ${LIMITS.passwordMinLength} characters`, met: password.length >= LIMITS.passwordMinLength },
    { label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'One number', met: /[0-9]/.test(password) },
    { label: 'One special character', met: /[^A-Za-z0-9]/.test(password) },
  ];
}
