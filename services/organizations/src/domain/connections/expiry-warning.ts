import { EXPIRY_WARNING_AHEAD_MS, type ExpiryWarning } from '@planner/contracts';
import { refreshable } from './view.js';

/** What the warning rule reads of a connection. */
export interface ExpiryFacts {
  platform: string;
  status: 'connected' | 'expired';
  sandbox: boolean;
  refreshToken: string | null;
  expiresAt: Date | null;
  /** The last warning sent for this expiry, if any. */
  expiryWarning: ExpiryWarning | null;
}

/** Whether the owner is warned before this connection runs out: connected, not Sandbox, with an expiry and no way to renew it. */
export function warnsBeforeExpiry(connection: ExpiryFacts): boolean {
  return connection.status === 'connected' && !connection.sandbox && connection.expiresAt !== null && !refreshable(connection);
}

/**
 * The warning due now, if any (issue 29 §9): '1_day' within a day of `expires_at` unless it was sent, else '7_days'
 * within 7 days unless a warning was sent. A connection first seen within a day gets only the 1-day one; none once
 * it has run out (the scheduler's refusal says so then).
 */
export function dueExpiryWarning(connection: ExpiryFacts, now: number): ExpiryWarning | null {
  if (!warnsBeforeExpiry(connection)) return null;
  const left = connection.expiresAt!.getTime() - now;
  if (left <= 0) return null;
  if (left <= EXPIRY_WARNING_AHEAD_MS['1_day']) return connection.expiryWarning === '1_day' ? null : '1_day';
  if (left <= EXPIRY_WARNING_AHEAD_MS['7_days']) return connection.expiryWarning === null ? '7_days' : null;
  return null;
}
