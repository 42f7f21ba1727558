// The chart toolkit: Ukrainian texts of values and periods, and every chart's data as a hidden table (caption,
// headers, each value as the series formats it) whatever width the layout gives it.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ChartBars,
  ChartBarsLine,
  ChartLine,
  ChartPie,
  chartNumber,
  formatChartMoney,
  formatChartPercent,
  formatChartValue,
  formatPeriod,
} from './index.ts';

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent!.replace(/\u00a0/g, ' ')));

describe('chart formats', () => {
  it('writes decimals with a comma and grouping, percents, money, periods and nothing as a dash', () => {
    expect(formatChartValue('1250.5000')).toBe('1 250,5'.replace(' ', '\u00a0'));
    expect(formatChartMoney('48250.5')).toBe('48\u00a0250,50');
    expect(formatChartPercent('15.00')).toBe('15 %');
    expect(formatChartPercent(null)).toBe('—');
    expect(formatChartValue(undefined)).toBe('—');
    expect(formatPeriod('2026-03-02')).toBe('02.03.2026');
    expect(formatPeriod('2026-03-01', 'month')).toBe('03.2026');
    expect(chartNumber('17.2500')).toBe(17.25);
    expect(chartNumber(null)).toBe(0);
    expect(chartNumber('абв')).toBe(0);
  });
});

describe('charts', () => {
  const data = [
    { period: '2026-11-02', produced: '1250.0000', scrap: '3.0000', rate: '0.24' },
    { period: '2026-11-09', produced: '0.0000', scrap: '0.0000', rate: null },
  ];

  it('gives bars, stacked bars and a line their data as a hidden table with each series’ texts', () => {
    render(
      <>
        <ChartBars
          title="Випуск"
          data={data}
          xKey="period"
          xLabel="Період"
          formatX={(v) => formatPeriod(v)}
          stacked
          series={[
            { key: 'produced', label: 'Випущено' },
            { key: 'scrap', label: 'Брак' },
          ]}
        />
        <ChartLine
          title="Брак, %"
          data={data}
          xKey="period"
          xLabel="Період"
          formatX={(v) => formatPeriod(v)}
          series={[{ key: 'rate', label: 'Рівень браку', format: formatChartPercent }]}
        />
      </>,
    );
    expect(rowsOf('Випуск')).toEqual([
      ['Період', 'Випущено', 'Брак'],
      ['02.11.2026', '1 250', '3'],
      ['09.11.2026', '0', '0'],
    ]);
    expect(rowsOf('Брак, %')).toEqual([
      ['Період', 'Рівень браку'],
      ['02.11.2026', '0,24 %'],
      ['09.11.2026', '—'],
    ]);
    // The drawing is one image named by the chart's title.
    expect(screen.getByRole('img', { name: 'Випуск' })).toBeTruthy();
  });

  it('puts bars and a line on one table, and a pie’s slices with their shares', () => {
    render(
      <>
        <ChartBarsLine
          title="Випуск і брак"
          data={data}
          xKey="period"
          xLabel="Період"
          formatX={(v) => formatPeriod(v)}
          series={[{ key: 'produced', label: 'Випущено' }]}
          lines={[{ key: 'rate', label: 'Брак, %', format: formatChartPercent }]}
        />
        <ChartPie
          title="За категоріями"
          headers={['Категорія', 'Випущено']}
          slices={[
            { label: 'Блоки живлення', value: '3.0000' },
            { label: 'Контролери', value: '1.0000' },
          ]}
        />
      </>,
    );
    expect(rowsOf('Випуск і брак')[1]).toEqual(['02.11.2026', '1 250', '0,24 %']);
    expect(rowsOf('За категоріями')).toEqual([
      ['Категорія', 'Випущено', 'Частка'],
      ['Блоки живлення', '3', '75 %'],
      ['Контролери', '1', '25 %'],
    ]);
  });
});
