import { z } from 'zod';
import { AuthMessages } from './messages.js';
import { LIMITS } from './plans.js';

/** Part 1 §5: at most 30 characters of letters, digits, dot and underscore. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, AuthMessages.registrationFailed)
  .max(LIMITS.usernameMaxLength, AuthMessages.usernameTooLong)
  .regex(/^[A-Za-z0-9._]+$/, AuthMessages.usernameCharacters);

/** Part 1 §5: at least 8 characters with an uppercase letter, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= LIMITS.passwordMinLength &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const strongPasswordSchema = z.string().refine(isStrongPassword, AuthMessages.weakPassword);

export const emailSchema = z.string().trim().min(1, AuthMessages.enterEmail).email(AuthMessages.enterValidEmail).max(254);
