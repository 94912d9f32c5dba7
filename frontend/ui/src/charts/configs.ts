import type { ChartConfiguration } from 'chart.js';
import { drawnValues } from './bars.js';

/** One series of a chart: a value per category. */
export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** The series' colour, or one per category (e.g. each status its own). */
  color: string | readonly string[];
}

/** What a chart shows: categories (axis labels, the table's rows) and a series or more over them. */
export interface ChartData {
  categories: readonly string[];
  series: readonly ChartSeries[];
}

const AXIS_COLOR = '#4b5563';
const GRID_COLOR = '#e5e7eb';

/** Counts on the value axis: whole numbers from 0. */
const countAxis = { beginAtZero: true, ticks: { precision: 0, color: AXIS_COLOR }, grid: { color: GRID_COLOR } };
const categoryAxis = { ticks: { color: AXIS_COLOR, autoSkip: true, maxRotation: 0 }, grid: { display: false } };

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
export function barChartConfig(data: ChartData, { horizontal = false, minBarPercent }: { horizontal?: boolean; minBarPercent: number }): ChartConfiguration<'bar'> {
  const all = data.series.map((series) => series.values);
  return {
    type: 'bar',
    data: {
      labels: [...data.categories],
      datasets: data.series.map((series) => ({
        label: series.label,
        data: drawnValues(series.values, all, minBarPercent),
        backgroundColor: typeof series.color === 'string' ? series.color : [...series.color],
        borderRadius: 4,
      })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      ...BASE_OPTIONS,
      plugins: { tooltip: { callbacks: { label: realValueLabel(data) } } },
      scales: horizontal ? { x: countAxis, y: categoryAxis } : { x: categoryAxis, y: countAxis },
    },
  };
}

/** A line chart's Chart.js configuration: one line per series over the categories (e.g. days). */
export function lineChartConfig(data: ChartData): ChartConfiguration<'line'> {
  return {
    type: 'line',
    data: {
      labels: [...data.categories],
      datasets: data.series.map((series) => {
        const color = typeof series.color === 'string' ? series.color : series.color[0];
        return { label: series.label, data: [...series.values], borderColor: color, backgroundColor: color, pointRadius: 2, tension: 0.25 };
      }),
    },
    options: {
      ...BASE_OPTIONS,
      plugins: { tooltip: { callbacks: { label: realValueLabel(data) } } },
      scales: { x: categoryAxis, y: countAxis },
    },
  };
}
