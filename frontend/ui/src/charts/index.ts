/** @planner/ui/charts: bar and line charts (Chart.js, each with its data as a table for screen readers) and HTML bar lists. */
export { BarChart, BarList, LineChart, type BarListItem } from './Charts.js';
export type { ChartData, ChartSeries } from './configs.js';
