/**
 * Part 1 §8: after the account is deleted the app goes to / and only there drops the session. Cleared on the
 * profile page, the shell's login guard of /profile would win the race and end on /login (issue 30 §4.6); so the
 * profile navigates to / with this route state, and the home page, the one signed-in page at /, clears the session.
 */
export interface AccountDeletedState {
  accountDeleted: true;
}

export const ACCOUNT_DELETED_STATE: AccountDeletedState = { accountDeleted: true };

export function isAccountDeleted(state: unknown): boolean {
  return (state as Partial<AccountDeletedState> | null)?.accountDeleted === true;
}
