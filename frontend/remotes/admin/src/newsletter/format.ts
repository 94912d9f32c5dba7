/** A rate given as a fraction, as a percent with one decimal (part 1 §3): 0.1234 → '12.3%'. */
export function formatPercent(fraction: number): string {
  return `${(Number.isFinite(fraction) ? fraction * 100 : 0).toFixed(1)}%`;
}
