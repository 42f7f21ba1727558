// Bars (side by side or stacked), a line, and bars with a line on a second axis: thin wrappers on Recharts that take
// the API's rows as they are (exact decimal strings), draw them as numbers, and say them in Ukrainian — the tooltip
// and the hidden table read each value's own text through the series' format.
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, chartColor, chartTheme } from './chart-frame.tsx';
import { chartNumber, formatChartValue, formatTick, type ChartValue } from './chart-format.ts';

export interface ChartSeries<Row> {
  key: keyof Row & string;
  label: string;
  /** How a value reads in the tooltip and the hidden table (default: the decimal as it is, '1 250,5'). */
  format?: (value: ChartValue) => string;
  /** The palette's colour (default: the series' position). */
  color?: number;
}

export interface CartesianChartProps<Row> {
  /** The chart's accessible name and the hidden table's caption. */
  title: string;
  data: readonly Row[];
  /** The category of each row (a period's first day, a name) and its column header in the hidden table. */
  xKey: keyof Row & string;
  xLabel: string;
  formatX?: (value: string) => string;
  series: ReadonlyArray<ChartSeries<Row>>;
  /** The axis ticks (default: grouped numbers, one decimal at most). */
  formatY?: (value: number) => string;
  /** The values are counts: the axis ticks are whole numbers (no '0,5 товару'). */
  wholeY?: boolean;
  /** The axis spans the data only, not from 0 (a rate moving within a few hundredths). */
  fitY?: boolean;
  height?: number;
}

type Drawn<Row> = Record<string, number | string | null | Row>;

/** The rows as Recharts draws them (numbers, the x label) with the original row kept for the texts. */
function drawn<Row>(props: CartesianChartProps<Row>, all: ReadonlyArray<ChartSeries<Row>>): Drawn<Row>[] {
  const formatX = props.formatX ?? String;
  return props.data.map((row) => {
    const point: Drawn<Row> = { x: formatX(String(row[props.xKey])), raw: row };
    for (const s of all) {
      // No value is no point (a gap in a line, no bar), not a zero: a rate without a base is unknown.
      const value = row[s.key] as ChartValue;
      point[s.key] = value === null || value === undefined || value === '' ? null : chartNumber(value);
    }
    return point;
  });
}

function tableOf<Row>(props: CartesianChartProps<Row>, all: ReadonlyArray<ChartSeries<Row>>) {
  const formatX = props.formatX ?? String;
  return {
    caption: props.title,
    headers: [props.xLabel, ...all.map((s) => s.label)],
    rows: props.data.map((row) => [
      formatX(String(row[props.xKey])),
      ...all.map((s) => (s.format ?? formatChartValue)(row[s.key] as ChartValue)),
    ]),
  };
}

/** The tooltip's value: the series' own text of the row's exact value. */
function tooltipFormatter<Row>(all: ReadonlyArray<ChartSeries<Row>>) {
  return (_value: unknown, name: unknown, item: { payload?: unknown }): string => {
    const s = all.find((one) => one.label === name);
    const raw = (item.payload as { raw: Row }).raw;
    return s ? (s.format ?? formatChartValue)(raw[s.key] as ChartValue) : String(_value);
  };
}

function axes(
  formatY: (value: number) => string,
  orientation: 'left' | 'right' = 'left',
  id = 'left',
  whole = false,
  fit = false,
) {
  return (
    <YAxis
      yAxisId={id}
      {...(fit ? { domain: ['auto', 'auto'] as const } : {})}
      orientation={orientation}
      width={52}
      tickFormatter={formatY}
      tick={chartTheme.tick}
      stroke={chartTheme.axis}
      allowDecimals={!whole}
    />
  );
}

const xAxis = (
  <XAxis dataKey="x" tick={chartTheme.tick} stroke={chartTheme.axis} minTickGap={12} interval="preserveStartEnd" />
);
const grid = <CartesianGrid stroke={chartTheme.grid} strokeDasharray="3 3" vertical={false} />;
const legendStyle = { fontSize: 12, color: 'var(--foreground)' };

/** Bars per row, one per series; `stacked` piles the series into one bar. */
export function ChartBars<Row>(props: CartesianChartProps<Row> & { stacked?: boolean }) {
  const { series, height, stacked } = props;
  return (
    <ChartFrame title={props.title} table={tableOf(props, series)} height={height}>
      <BarChart data={drawn(props, series)} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {grid}
        {xAxis}
        {axes(props.formatY ?? formatTick, 'left', 'left', props.wholeY)}
        <Tooltip {...chartTheme.tooltip} formatter={tooltipFormatter(series)} />
        {series.length > 1 ? <Legend wrapperStyle={legendStyle} /> : null}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            yAxisId="left"
            dataKey={String(s.key)}
            name={s.label}
            fill={chartColor(s.color ?? i)}
            stackId={stacked ? 'stack' : undefined}
            radius={stacked ? 0 : [4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** A line per series. */
export function ChartLine<Row>(props: CartesianChartProps<Row>) {
  const { series, height } = props;
  return (
    <ChartFrame title={props.title} table={tableOf(props, series)} height={height}>
      <LineChart data={drawn(props, series)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        {grid}
        {xAxis}
        {axes(props.formatY ?? formatTick, 'left', 'left', props.wholeY, props.fitY)}
        <Tooltip {...chartTheme.tooltip} cursor={{ stroke: chartTheme.grid }} formatter={tooltipFormatter(series)} />
        {series.length > 1 ? <Legend wrapperStyle={legendStyle} /> : null}
        {series.map((s, i) => (
          <Line
            key={s.key}
            yAxisId="left"
            type="monotone"
            dataKey={String(s.key)}
            name={s.label}
            stroke={chartColor(s.color ?? i)}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

/**
 * Bars on the left axis and lines on a right axis of their own (a quantity and a rate); with `sameAxis` the lines share
 * the bars' axis (a forecast and the actuals over the history of the same quantity).
 */
export function ChartBarsLine<Row>(
  props: CartesianChartProps<Row> & {
    lines: ReadonlyArray<ChartSeries<Row>>;
    formatLineAxis?: (value: number) => string;
    sameAxis?: boolean;
  },
) {
  const { series, lines, height, sameAxis = false } = props;
  const all = [...series, ...lines];
  return (
    <ChartFrame title={props.title} table={tableOf(props, all)} height={height}>
      <ComposedChart data={drawn(props, all)} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
        {grid}
        {xAxis}
        {axes(props.formatY ?? formatTick, 'left', 'left', props.wholeY)}
        {sameAxis ? null : axes(props.formatLineAxis ?? formatTick, 'right', 'right')}
        <Tooltip {...chartTheme.tooltip} formatter={tooltipFormatter(all)} />
        <Legend wrapperStyle={legendStyle} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            yAxisId="left"
            dataKey={String(s.key)}
            name={s.label}
            fill={chartColor(s.color ?? i)}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
        {lines.map((s, i) => (
          <Line
            key={s.key}
            yAxisId={sameAxis ? 'left' : 'right'}
            type="monotone"
            dataKey={String(s.key)}
            name={s.label}
            stroke={chartColor(s.color ?? series.length + i)}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
    </ChartFrame>
  );
}
