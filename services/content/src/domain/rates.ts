/** A share as a fraction with four decimals (shown as a percent with one); 0 when nothing was counted. */
export function rate(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}
