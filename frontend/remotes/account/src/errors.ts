import { AuthMessages } from '@planner/contracts';
import { isApiError, serverMessage } from '@planner/remote-contract';
import { formatDateTime } from '@planner/ui/dates';

// Kept in the remote contract, shared by every remote's pages.
export { serverMessage };

/**
 * A banned account's refused login (403 with `ban_reason` and `ban_expires_at`, docs/decisions/banned-login.md): the
 * server's words, why, and until when in the browser's time zone or that it is permanent; null for any other failure.
 */
export function bannedLogin(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 403 || !error.body || !('ban_expires_at' in error.body)) return null;
  const { ban_reason: reason, ban_expires_at: until } = error.body;
  return [
    serverMessage(error, AuthMessages.accountBanned),
    typeof reason === 'string' && reason.trim() ? AuthMessages.banReason(reason.trim().replace(/\.$/, '')) : null,
    typeof until === 'string' ? AuthMessages.banEnds(formatDateTime(until)) : AuthMessages.banPermanent,
  ]
    .filter(Boolean)
    .join(' ');
}
