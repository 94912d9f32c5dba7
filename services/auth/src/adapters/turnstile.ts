import { SharedMessages } from '@planner/contracts';
import { HttpError } from '@planner/service-kit';

export interface SecurityCheck {
  /** True when no secret is configured: any non-empty token passes (labelled in logs). */
  readonly sandbox: boolean;
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/**
 * Cloudflare Turnstile's siteverify, at a configurable URL. Cloudflare's
 * documented test secret `1x0000000000000000000000000000000AA` always passes
 * there; without any secret the check runs in sandbox mode.
 */
export function createTurnstile({ secret, verifyUrl }: { secret?: string; verifyUrl: string }): SecurityCheck {
  if (!secret) return { sandbox: true, verify: async (token) => token.length > 0 };
  return {
    sandbox: false,
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: { success?: unknown };
      try {
        const res = await fetch(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
        answer = (await res.json()) as { success?: unknown };
      } catch {
        // Failing closed: nobody gets in unchecked, and the caller learns it is our side.
        throw new HttpError(503, SharedMessages.serviceUnavailable);
      }
      return answer.success === true;
    },
  };
}
