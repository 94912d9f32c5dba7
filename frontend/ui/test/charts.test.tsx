import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { barPercent, drawnValues } from '../src/charts/bars.js';
import { barChartConfig, lineChartConfig, type ChartColors, type ChartData } from '../src/charts/configs.js';
import { BarChart, BarList, LineChart } from '../src/charts/index.js';

afterEach(cleanup);

const platforms: ChartData = {
  categories: ['X', 'LinkedIn', 'Telegram'],
  series: [
    { label: 'Posts', values: [200, 50, 1], color: 'var(--accent)' },
    { label: 'Published', values: [100, 0, 1], color: '#166534' },
  ],
};

/** A theme's colours: each token as the browser would compute it in a dark theme. */
const TOKENS: Record<string, string> = { 'var(--accent)': 'rgb(139, 147, 255)', 'var(--muted)': 'rgb(154, 161, 173)', 'var(--border)': 'rgb(42, 47, 57)' };
const dark: ChartColors = { axis: TOKENS['var(--muted)']!, grid: TOKENS['var(--border)']!, resolve: (color) => TOKENS[color] ?? color };

/** What the tooltip says of a bar. */
const tooltip = (config: ReturnType<typeof barChartConfig>, datasetIndex: number, dataIndex: number) =>
  (config.options!.plugins!.tooltip!.callbacks!.label as (item: { datasetIndex: number; dataIndex: number }) => string)({ datasetIndex, dataIndex });

describe('minimum bar widths (part 2 §2)', () => {
  it('draws a count above 0 at least the minimum percent of the largest, 0 as nothing, the rest to scale', () => {
    expect(barPercent(1, 200, 5)).toBe(5);
    expect(barPercent(1, 200, 3)).toBe(3);
    expect(barPercent(50, 200, 5)).toBe(25);
    expect(barPercent(200, 200, 5)).toBe(100);
    expect(barPercent(0, 200, 5)).toBe(0);
    expect(barPercent(0, 0, 5)).toBe(0);
  });

  it('scales a chart’s drawn values against the largest of all its series', () => {
    const all = platforms.series.map((s) => s.values);
    expect(drawnValues([200, 50, 1], all, 3)).toEqual([200, 50, 6]);
    expect(drawnValues([100, 0, 1], all, 3)).toEqual([100, 0, 6]);
  });
});

describe('chart configurations (Chart.js)', () => {
  it('bar: a dataset per series with the drawn values, each series’ colour in the theme, the real count in the tooltip', () => {
    const config = barChartConfig(platforms, dark, { horizontal: true, minBarPercent: 3 });
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['X', 'LinkedIn', 'Telegram']);
    expect(config.data.datasets.map((d) => [d.label, d.data, d.backgroundColor])).toEqual([
      ['Posts', [200, 50, 6], 'rgb(139, 147, 255)'],
      ['Published', [100, 0, 6], '#166534'],
    ]);
    expect(config.options!.indexAxis).toBe('y');
    expect(config.options!.scales!.x).toMatchObject({ ticks: { color: 'rgb(154, 161, 173)' }, grid: { color: 'rgb(42, 47, 57)' } });
    expect(config.options!.scales!.y).toMatchObject({ ticks: { color: 'rgb(154, 161, 173)' } });
    expect(tooltip(config, 0, 2)).toBe('Posts: 1');
    expect(tooltip(config, 1, 0)).toBe('Published: 100');
    expect(barChartConfig(platforms, dark, { minBarPercent: 3 }).options!.indexAxis).toBe('x');
  });

  it('bar: a colour per category when the series has one each', () => {
    const config = barChartConfig({ categories: ['a', 'b'], series: [{ label: 'Posts', values: [1, 2], color: ['#111111', 'var(--accent)'] }] }, dark, { minBarPercent: 3 });
    expect(config.data.datasets[0]!.backgroundColor).toEqual(['#111111', 'rgb(139, 147, 255)']);
  });

  it('line: the values as they are, over the categories', () => {
    const config = lineChartConfig({ categories: ['01/Mar', '02/Mar'], series: [{ label: 'Publications', values: [0, 3], color: 'var(--accent)' }] }, dark);
    expect(config.type).toBe('line');
    expect(config.data.labels).toEqual(['01/Mar', '02/Mar']);
    expect(config.data.datasets[0]).toMatchObject({ label: 'Publications', data: [0, 3], borderColor: 'rgb(139, 147, 255)' });
  });
});

describe('chart figures: a text alternative for screen readers', () => {
  it('a bar chart is a figure named by its caption, its canvas hidden, its data in a table with the real counts', () => {
    const { container } = render(<BarChart title="Posts by platform" categoryLabel="Platform" horizontal {...platforms} />);
    const figure = screen.getByRole('figure', { name: 'Posts by platform' });
    expect(container.querySelector('canvas')?.getAttribute('aria-hidden')).toBe('true');
    const table = within(figure).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Platform', 'Posts', 'Published']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['X', '200', '100'],
      ['LinkedIn', '50', '0'],
      ['Telegram', '1', '1'],
    ]);
    expect(table.className).toBe('visually-hidden');
  });

  it('a line chart likewise', () => {
    render(<LineChart title="Publications over time" categoryLabel="Day" categories={['01/Mar', '02/Mar']} series={[{ label: 'Publications', values: [0, 3], color: '#1d4ed8' }]} />);
    const table = within(screen.getByRole('figure', { name: 'Publications over time' })).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '02/Mar' }).nextElementSibling?.textContent).toBe('3');
  });

  it('a bar list writes each label and value and draws each bar at least 5 % of the largest', () => {
    render(
      <BarList
        title="Top 5 platforms"
        items={[
          { key: 'x', label: 'X', value: 200, valueText: '200 posts' },
          { key: 'telegram', label: 'Telegram', value: 1, valueText: '1 post' },
          { key: 'threads', label: 'Threads', value: 0 },
        ]}
      />,
    );
    const items = within(screen.getByRole('figure', { name: 'Top 5 platforms' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['X200 posts', 'Telegram1 post', 'Threads0']);
    const widths = items.map((item) => (item.querySelector('.bar-list-bar') as HTMLElement).style.width);
    expect(widths).toEqual(['100%', '5%', '0%']);
  });
});
