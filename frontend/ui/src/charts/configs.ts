import type { ChartConfiguration } from 'chart.js';
import { drawnValues } from './bars.js';

/** One series of a chart: a value per category. */
export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** The series' colour, or one per category (e.g. each status its own): a CSS colour, a design token as `var(--…)` so it follows the theme. */
  color: string | readonly string[];
}

/** What a chart shows: categories (axis labels, the table's rows) and a series or more over them. */
export interface ChartData {
  categories: readonly string[];
  series: readonly ChartSeries[];
}

/**
 * The colours a canvas is drawn in. Chart.js cannot read CSS variables: the page resolves the tokens in
 * the theme shown (Charts.tsx) and draws again when the theme changes.
 */
export interface ChartColors {
  /** The axes' labels. */
  axis: string;
  /** The value axis' grid lines. */
  grid: string;
  /** A series' colour as drawn (its `var(--…)` resolved). */
  resolve: (color: string) => string;
}

/** The axis and grid colours' tokens: the muted text and the decorative lines. */
export const AXIS_TOKEN = 'var(--muted)';
export const GRID_TOKEN = 'var(--border)';

function seriesColor(color: ChartSeries['color'], colors: ChartColors): string | string[] {
  return typeof color === 'string' ? colors.resolve(color) : color.map(colors.resolve);
}

/** Counts on the value axis (whole numbers from 0) and the categories' axis. */
function axes(colors: ChartColors) {
  return {
    count: { beginAtZero: true, ticks: { precision: 0, color: colors.axis }, grid: { color: colors.grid } },
    category: { ticks: { color: colors.axis, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
  };
}

/** The tooltip names the real count: a short bar is drawn longer than its value (bars.ts). */
function realValueLabel(data: ChartData) {
  return (item: { datasetIndex: number; dataIndex: number }) => {
    const series = data.series[item.datasetIndex]!;
    return `${series.label}: ${series.values[item.dataIndex] ?? 0}`;
  };
}

/**
 * Every chart fills its box (.chart-canvas) and is drawn at once, without Chart.js's
 * animations: figures to read, and nothing half-drawn where animation frames do not come
 * (a background tab, a headless screenshot).
 */
const BASE_OPTIONS = { responsive: true, maintainAspectRatio: false, animation: false } as const;

/**
 * A bar chart's Chart.js configuration: vertical bars (horizontal with
 * `horizontal`), every value above 0 drawn at least `minBarPercent` % of the largest.
 */
export function barChartConfig(data: ChartData, colors: ChartColors, { horizontal = false, minBarPercent }: { horizontal?: boolean; minBarPercent: number }): ChartConfiguration<'bar'> {
  const all = data.series.map((series) => series.values);
  const { count, category } = axes(colors);
  return {
    type: 'bar',
    data: {
      labels: [...data.categories],
      datasets: data.series.map((series) => ({
        label: series.label,
        data: drawnValues(series.values, all, minBarPercent),
        backgroundColor: seriesColor(series.color, colors),
        borderRadius: 4,
      })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      ...BASE_OPTIONS,
      plugins: { tooltip: { callbacks: { label: realValueLabel(data) } } },
      scales: horizontal ? { x: count, y: category } : { x: category, y: count },
    },
  };
}

/** A line chart's Chart.js configuration: one line per series over the categories (e.g. days). */
export function lineChartConfig(data: ChartData, colors: ChartColors): ChartConfiguration<'line'> {
  const { count, category } = axes(colors);
  return {
    type: 'line',
    data: {
      labels: [...data.categories],
      datasets: data.series.map((series) => {
        const color = colors.resolve(typeof series.color === 'string' ? series.color : series.color[0]!);
        return { label: series.label, data: [...series.values], borderColor: color, backgroundColor: color, pointRadius: 2, tension: 0.25 };
      }),
    },
    options: {
      ...BASE_OPTIONS,
      plugins: { tooltip: { callbacks: { label: realValueLabel(data) } } },
      scales: { x: category, y: count },
    },
  };
}
