/** A rate given as a fraction, as a percent with one decimal (part 1 §3): 0.1234 → '12.3%'. */
export function formatPercent(fraction: number): string {
  return `${(Number.isFinite(fraction) ? fraction * 100 : 0).toFixed(1)}%`;
}

/** A date and time as the admin screens show it: 'Nov 24, 2026, 3:05 PM'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
