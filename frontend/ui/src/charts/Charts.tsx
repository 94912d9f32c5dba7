import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { useCallback, useEffect, useId, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { barPercent } from './bars.js';
import { AXIS_TOKEN, GRID_TOKEN, barChartConfig, lineChartConfig, type ChartColors, type ChartData } from './configs.js';

// Only what these charts draw is registered, so the rest of Chart.js is left out of the bundles.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip);

interface FigureProps extends ChartData {
  /** The figure's caption: what the chart shows. */
  title: string;
  /** The header of the categories' column in the chart's table (e.g. 'Platform', 'Day'). */
  categoryLabel: string;
}

type AnyChartConfig = ChartConfiguration<'bar'> | ChartConfiguration<'line'>;

/** The theme shown: the user's choice (<html data-theme>, theme.ts) over the system's. It changes without a reload. */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const system = window.matchMedia?.('(prefers-color-scheme: dark)');
  system?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    system?.removeEventListener('change', onChange);
  };
}
const themeShown = () => `${document.documentElement.dataset.theme ?? ''}|${window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false}`;

/** The tokens' colours as the page shows them now: a probe element takes each as its `color` and the browser computes it. */
function colorsOf(probe: HTMLElement): ChartColors {
  const resolve = (color: string) => {
    probe.style.color = color;
    // Empty where nothing computes styles (a test DOM): the colour as given.
    return getComputedStyle(probe).color || color;
  };
  return { axis: resolve(AXIS_TOKEN), grid: resolve(GRID_TOKEN), resolve };
}

/**
 * A canvas Chart.js draws `configFor` on, in the theme's colours, again when they change.
 * The canvas is hidden from screen readers: the figure's table says the same.
 */
function ChartCanvas({ configFor }: { configFor: (colors: ChartColors) => AnyChartConfig }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const theme = useSyncExternalStore(subscribeToTheme, themeShown);
  useEffect(() => {
    const element = canvas.current;
    // Without a 2D context (an old browser, a test DOM) there is no drawing; the table still has the data.
    if (!element?.getContext('2d')) return;
    const chart = new Chart(element, configFor(colorsOf(probe.current!)) as ChartConfiguration);
    return () => chart.destroy();
  }, [configFor, theme]);
  return (
    <div className="chart-canvas">
      <canvas ref={canvas} aria-hidden="true" />
      <span ref={probe} hidden />
    </div>
  );
}

/** Canvases are opaque to screen readers: every chart carries its data as a table, visually hidden. */
function ChartTable({ categories, series, categoryLabel }: ChartData & { categoryLabel: string }) {
  return (
    <table className="visually-hidden">
      <thead>
        <tr>
          <th scope="col">{categoryLabel}</th>
          {series.map((s) => (
            <th key={s.label} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((category, i) => (
          <tr key={category}>
            <th scope="row">{category}</th>
            {series.map((s) => (
              <td key={s.label}>{s.values[i] ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Which colour is which series, when there are several (drawn, so hidden from screen readers: the table's headers name them). */
function Legend({ series }: Pick<ChartData, 'series'>) {
  if (series.length < 2) return null;
  return (
    <ul className="chart-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.label}>
          <span className="chart-swatch" style={{ background: typeof s.color === 'string' ? s.color : s.color[0] }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

function ChartFigure({ title, categoryLabel, categories, series, configFor }: FigureProps & { configFor: (colors: ChartColors) => AnyChartConfig }) {
  const captionId = useId();
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      <Legend series={series} />
      <ChartCanvas configFor={configFor} />
      <ChartTable categories={categories} series={series} categoryLabel={categoryLabel} />
    </figure>
  );
}

/** The same data gives the same data object, so the chart is drawn again only when the data (or the theme) changes. */
function useStableData(data: ChartData): ChartData {
  const key = JSON.stringify(data);
  // Keyed by content, not identity: callers pass new arrays on every render.
  return useMemo(() => JSON.parse(key) as ChartData, [key]);
}

/** A bar chart (Chart.js) with its table; a count above 0 is drawn at least `minBarPercent` % of the largest (3 by default). */
export function BarChart({ horizontal, minBarPercent = 3, ...props }: FigureProps & { horizontal?: boolean; minBarPercent?: number }) {
  const data = useStableData({ categories: props.categories, series: props.series });
  const configFor = useCallback((colors: ChartColors) => barChartConfig(data, colors, { horizontal, minBarPercent }), [data, horizontal, minBarPercent]);
  return <ChartFigure {...props} configFor={configFor} />;
}

/** A line chart (Chart.js) with its table. */
export function LineChart(props: FigureProps) {
  const data = useStableData({ categories: props.categories, series: props.series });
  const configFor = useCallback((colors: ChartColors) => lineChartConfig(data, colors), [data]);
  return <ChartFigure {...props} configFor={configFor} />;
}

export interface BarListItem {
  key: string;
  /** What the bar is of, as shown (e.g. a platform's icon and name). */
  label: ReactNode;
  value: number;
  /** The value as written beside the bar (default: the number). */
  valueText?: string;
  color?: string;
}

/**
 * Bars drawn in HTML, each with its label and value written beside it (so
 * screen readers read them as they are): for lists whose labels are more
 * than text, such as platforms with their icons. A value above 0 is drawn at
 * least `minBarPercent` % of the largest (5 by default).
 */
export function BarList({ title, items, minBarPercent = 5 }: { title: string; items: readonly BarListItem[]; minBarPercent?: number }) {
  const captionId = useId();
  const largest = Math.max(0, ...items.map((item) => item.value));
  return (
    <figure className="chart bar-list" aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      <ol>
        {items.map((item) => (
          <li key={item.key}>
            <span className="bar-list-label">{item.label}</span>
            <span className="bar-list-track" aria-hidden="true">
              <span className="bar-list-bar" style={{ width: `${barPercent(item.value, largest, minBarPercent)}%`, background: item.color }} />
            </span>
            <span className="bar-list-value">{item.valueText ?? item.value}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
