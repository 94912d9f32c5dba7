import { PLANS, planTypeSchema } from '@planner/contracts';

export type GenerationKind = 'content' | 'media';

/**
 * The daily AI generations an organization owner's plan allows (part 2 §1):
 * null is unlimited (admins, whose plan is null), 0 is none (basic, and test
 * users, who get basic's plan).
 */
export function dailyGenerationLimit(plan: string | null, kind: GenerationKind): number | null {
  if (plan === null) return null;
  const parsed = planTypeSchema.safeParse(plan);
  // A plan this service does not know grants nothing rather than everything.
  if (!parsed.success) return 0;
  const limits = PLANS[parsed.data];
  return kind === 'content' ? limits.contentGenerationsPerDay : limits.mediaGenerationsPerDay;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) at an instant in an IANA time zone. */
export function localDate(at: Date | number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(at);
}

export function isTimeZone(timeZone: string): boolean {
  try {
    localDate(0, timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The quota's day at `now` in the organization's time zone and when it ends
 * (the next local midnight). Searched rather than computed from an offset, so
 * days of 23 or 25 hours (DST changes) and zones whose midnight is skipped end
 * when the local date really changes. An unknown zone counts as UTC.
 */
export function quotaDay(now: Date, timeZone: string): { day: string; resetsAt: Date } {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const day = localDate(now, zone);
  // Whole seconds: every zone's midnight falls on one. The date changes within 48 hours and never goes back.
  let low = Math.floor(now.getTime() / 1000);
  let high = low + 48 * 3600;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDate(middle * 1000, zone) === day) low = middle;
    else high = middle;
  }
  return { day, resetsAt: new Date(high * 1000) };
}

/** How long to wait, for messages: seconds under a minute, else whole minutes (rounded up) and hours. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** When a quota resets, for its message: the local time in the organization's zone and how long until then. */
export function resetText(now: Date, resetsAt: Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(resetsAt);
  return `${time} ${zone} time (in ${waitText((resetsAt.getTime() - now.getTime()) / 1000)})`;
}
