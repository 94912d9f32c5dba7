/**
 * Part 2 §2: bars have a minimum visible width, so a count far below the
 * largest still shows as a bar (5 percent of the largest, 3 in some charts).
 * Only what is drawn grows; labels, tooltips and tables give the real counts.
 */

/** How long a bar is drawn, in percent of the longest: 0 for 0, else at least `minPercent`. */
export function barPercent(value: number, largest: number, minPercent: number): number {
  if (value <= 0 || largest <= 0) return 0;
  return Math.max((value / largest) * 100, minPercent);
}

/** The values a chart draws for `values`: each above 0 at least `minPercent` % of the largest of all `series`. */
export function drawnValues(values: readonly number[], series: readonly (readonly number[])[], minPercent: number): number[] {
  const largest = Math.max(0, ...series.flat());
  return values.map((value) => (largest * barPercent(value, largest, minPercent)) / 100);
}
