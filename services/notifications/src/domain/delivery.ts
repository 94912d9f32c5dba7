/** Where a mail is in its life: claimed while being sent, then sent or failed for good; a sent one may come back later (bounced). */
export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'bounced';

export interface SendFailure {
  /** The server refused this mail for good (5xx): sending it again would get the same answer. */
  permanent: boolean;
  reason: string;
}

/** What a transport error means for the mail; nodemailer marks SMTP replies that are permanent (5xx but 503). */
export function describeFailure(error: unknown): SendFailure {
  const e = error as { permanent?: boolean; responseCode?: number; response?: string; message?: string; code?: string };
  const reason = (e.response ?? e.message ?? String(error)).slice(0, 1000);
  const permanent = e.permanent ?? (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503);
  return { permanent, reason: e.code && !e.response ? `${e.code}: ${reason}` : reason };
}

/** After a failed try: stop (recorded as failed) or try again later with back-off. */
export function afterFailure(failure: SendFailure, attempts: number, maxAttempts: number): 'failed' | 'retry' {
  return failure.permanent || attempts >= maxAttempts ? 'failed' : 'retry';
}

/**
 * A Message-ID fixed per mail row: if a mail ever goes out twice (see the
 * sender), receivers that collapse duplicates by Message-ID show it once.
 */
export function messageIdFor(emailId: string, from: string): string {
  return `<${emailId}@${senderDomain(from)}>`;
}

/** The domain of the sender's address, e.g. `"Planner" <news@planner.test>` → planner.test. */
export function senderDomain(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';
}
