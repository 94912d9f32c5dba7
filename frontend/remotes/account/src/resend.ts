/** Part 1 §9: the verification resend cooldown, 300 s unless the server names one, kept per e-mail. */
export const RESEND_COOLDOWN_SECONDS = 300;
const KEY = 'verification_resend_cooldown:';

export function cooldownLeft(storage: Storage, email: string, now: number): number {
  const until = Number(storage.getItem(KEY + email));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export function startCooldown(storage: Storage, email: string, now: number, seconds = RESEND_COOLDOWN_SECONDS): void {
  storage.setItem(KEY + email, String(now + seconds * 1000));
}

export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
